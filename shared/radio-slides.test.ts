import { describe, expect, it } from 'vitest';
import { nowPlayingFixture } from '../tests/support/now-playing';
import { RADIO_LIMITS } from './radio-constants';
import { radioSlides } from './radio-slides';

describe('the radio slides of the home slider', () => {
  it('adds a live slide first while a presenter is on air, linking to the request page', () => {
    const [live, ...rest] = radioSlides(nowPlayingFixture('DJ Fjord', 2));
    expect(live).toMatchObject({
      id: 'live',
      kicker: 'Live now',
      title: 'Open Decks Live',
      description: 'DJ Fjord is on air now, playing Inner City Life by Goldie. Got a song in mind? Send it to the studio.',
      image_url: '/art/now.jpg',
      link_url: '/request',
      link_label: 'Send a request',
      placement: 'first',
    });
    expect(rest.every((s) => s.placement === 'last' && s.kicker === 'Recently played')).toBe(true);
    // Off the schedule and unnamed: the slide still says the station is live.
    const unnamed = radioSlides({ ...nowPlayingFixture('Live Presenter', 0, null) })[0]!;
    expect(unnamed.title).toBe('Live on air');
    expect(unnamed.description).toMatch(/^We're on air now, playing Inner City Life by Goldie\./);
    expect(radioSlides(nowPlayingFixture('DJ Fjord', 0, null))[0]!.title).toBe('DJ Fjord is live');
  });

  it('shows the last five songs played, newest first, with no live slide on Auto DJ', () => {
    const slides = radioSlides(nowPlayingFixture(null, 9));
    expect(RADIO_LIMITS.recentSongSlides).toBe(5);
    expect(slides.map((s) => s.title)).toEqual(['Song 1', 'Song 2', 'Song 3', 'Song 4', 'Song 5']);
    // The album only when it is known; no link, no counted views (they are not staff slides).
    expect(slides.slice(0, 2).map((s) => s.description)).toEqual(['Artist 1 · Album 1', 'Artist 2']);
    expect(slides[0]).toMatchObject({ image_url: '/art/1.jpg', link_url: null, placement: 'last' });
    expect(new Set(slides.map((s) => s.id)).size).toBe(5);
    expect(radioSlides(nowPlayingFixture(null, 2))).toHaveLength(2);
    expect(radioSlides(null)).toEqual([]);
  });
});
