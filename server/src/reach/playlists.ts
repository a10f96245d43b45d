/**
 * Playlist files of the station's public stream (issue 36): `/listen.m3u`
 * (extended M3U) and `/listen.pls` (PLS version 2), the two formats desktop
 * players, car radios and directory apps open. One entry: the stream, titled
 * with the station's name, of unknown length (a live stream).
 */

/** A title on one line: playlist formats are line based, so breaks and control characters go. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Extended M3U: `#EXTM3U`, then `#EXTINF:-1,<title>` and the stream address. */
export function m3uPlaylist(entry: { url: string; title: string }): string {
  return `#EXTM3U\r\n#EXTINF:-1,${oneLine(entry.title)}\r\n${oneLine(entry.url)}\r\n`;
}

/** PLS version 2: `[playlist]`, File1/Title1/Length1 (-1: endless), NumberOfEntries and Version. */
export function plsPlaylist(entry: { url: string; title: string }): string {
  return ['[playlist]', `File1=${oneLine(entry.url)}`, `Title1=${oneLine(entry.title)}`, 'Length1=-1', 'NumberOfEntries=1', 'Version=2', ''].join('\r\n');
}
