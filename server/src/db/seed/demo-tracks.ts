/**
 * The demo station's library: 40 tracks with their real running times, used by
 * the demo seed (play history) and the built-in demo station's playlist.
 */
export interface DemoTrack {
  artist: string;
  title: string;
  album: string;
  durationSeconds: number;
}

export const DEMO_TRACKS: readonly DemoTrack[] = [
  { artist: 'Röyksopp', title: 'Eple', album: 'Melody A.M.', durationSeconds: 221 },
  { artist: 'Sigur Rós', title: 'Hoppípolla', album: 'Takk...', durationSeconds: 268 },
  { artist: '坂本龍一', title: 'Merry Christmas Mr. Lawrence', album: 'Merry Christmas Mr. Lawrence', durationSeconds: 276 },
  { artist: 'Massive Attack', title: 'Teardrop', album: 'Mezzanine', durationSeconds: 330 },
  { artist: 'Portishead', title: 'Glory Box', album: 'Dummy', durationSeconds: 306 },
  { artist: 'Bonobo', title: 'Kerala', album: 'Migration', durationSeconds: 241 },
  { artist: 'Floating Points', title: 'Silhouettes (I, II & III)', album: 'Elaenia', durationSeconds: 644 },
  { artist: 'Four Tet', title: 'Baby', album: 'Sixteen Oceans', durationSeconds: 291 },
  { artist: 'Jamie xx', title: 'Gosh', album: 'In Colour', durationSeconds: 296 },
  { artist: 'Little Simz', title: 'Venom', album: 'Grey Area', durationSeconds: 212 },
  { artist: 'Loyle Carner', title: 'Ain\'t Nothing Changed', album: 'Yesterday\'s Gone', durationSeconds: 225 },
  { artist: 'Arlo Parks', title: 'Hurt', album: 'Collapsed in Sunbeams', durationSeconds: 216 },
  { artist: 'Fred again..', title: 'Marea (We\'ve Lost Dancing)', album: 'Actual Life', durationSeconds: 271 },
  { artist: 'Overmono', title: 'So U Kno', album: 'Good Lies', durationSeconds: 223 },
  { artist: 'Burial', title: 'Archangel', album: 'Untrue', durationSeconds: 238 },
  { artist: 'The Streets', title: 'Weak Become Heroes', album: 'Original Pirate Material', durationSeconds: 327 },
  { artist: 'Basement Jaxx', title: 'Where\'s Your Head At', album: 'Rooty', durationSeconds: 285 },
  { artist: 'Groove Armada', title: 'At the River', album: 'Northern Star', durationSeconds: 322 },
  { artist: 'Zero 7', title: 'Destiny', album: 'Simple Things', durationSeconds: 337 },
  { artist: 'Air', title: 'La femme d\'argent', album: 'Moon Safari', durationSeconds: 428 },
  { artist: 'Daft Punk', title: 'Digital Love', album: 'Discovery', durationSeconds: 301 },
  { artist: 'Moloko', title: 'Sing It Back', album: 'I Am Not a Doctor', durationSeconds: 275 },
  { artist: 'Roni Size', title: 'Brown Paper Bag', album: 'New Forms', durationSeconds: 395 },
  { artist: 'Goldie', title: 'Inner City Life', album: 'Timeless', durationSeconds: 233 },
  { artist: 'Leftfield', title: 'Open Up', album: 'Leftism', durationSeconds: 413 },
  { artist: 'Underworld', title: 'Born Slippy .NUXX', album: 'Trainspotting', durationSeconds: 582 },
  { artist: 'Orbital', title: 'Halcyon + On + On', album: 'Orbital 2', durationSeconds: 567 },
  { artist: 'Soul II Soul', title: 'Back to Life', album: 'Club Classics Vol. One', durationSeconds: 227 },
  { artist: 'Sade', title: 'By Your Side', album: 'Lovers Rock', durationSeconds: 274 },
  { artist: 'Corinne Bailey Rae', title: 'Put Your Records On', album: 'Corinne Bailey Rae', durationSeconds: 215 },
  { artist: 'Nia Archives', title: 'Baianá', album: 'Silence Is Loud', durationSeconds: 196 },
  { artist: 'Kokoroko', title: 'Abusey Junction', album: 'We Out Here', durationSeconds: 428 },
  { artist: 'Ezra Collective', title: 'Victory Dance', album: 'Where I\'m Meant to Be', durationSeconds: 262 },
  { artist: 'Mari Kovač & The Night Bus', title: 'Last Stop, Peckham', album: 'Night Routes', durationSeconds: 244 },
  { artist: 'The Riverside Ukulele Collective', title: 'Sunday on the Tow Path', album: 'Riverside Sessions', durationSeconds: 189 },
  { artist: 'Khruangbin', title: 'White Gloves', album: 'The Universe Smiles Upon You', durationSeconds: 325 },
  { artist: 'Erykah Badu', title: 'On & On', album: 'Baduizm', durationSeconds: 225 },
  { artist: 'Björk', title: 'Hyperballad', album: 'Post', durationSeconds: 321 },
  { artist: 'Lamb', title: 'Gorecki', album: 'Lamb', durationSeconds: 390 },
  { artist: 'Nightmares on Wax', title: 'You Wish', album: 'In a Space Outta Sound', durationSeconds: 305 },
];
