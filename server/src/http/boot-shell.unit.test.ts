import { describe, expect, it } from 'vitest';
import { DEFAULT_SLIDER_SETTINGS } from '../../../shared/content-public';
import { DEFAULT_STATION } from '../../../shared/station';
import { nowPlayingFixture } from '../../../tests/support/now-playing';
import { renderBootShell } from './boot-shell';

const slider = { settings: DEFAULT_SLIDER_SETTINGS, slides: [{ id: 'a', title: 'Summer <Live> Weekend', description: 'Two days of "live" sets & more.', image_url: null, link_url: '/shows' }] };

describe("the home page's first slide as the server draws it", () => {
  it('is the live slide while a presenter is on air, escaped, with its kicker and link text', () => {
    const np = nowPlayingFixture('DJ <Fjord>', 3, 'Open <Decks>');
    const { html } = renderBootShell('/', DEFAULT_STATION, slider, np);
    expect(html).toContain('<span class="boot-kicker">Live now</span><h2>Open &lt;Decks&gt;</h2>');
    expect(html).toContain('DJ &lt;Fjord&gt; is on air now');
    expect(html).toMatch(/<a class="boot-slide-link" href="\/request"[^>]*>Send a request<\/a>/);
    expect(html).not.toContain('Summer');
  });

  it("is the staff's first slide when no one is live, and the welcome slide when there are none", () => {
    const np = nowPlayingFixture(null, 3);
    expect(renderBootShell('/', DEFAULT_STATION, slider, np).html).toContain('<h2>Summer &lt;Live&gt; Weekend</h2><p>Two days of &quot;live&quot; sets &amp; more.</p>');
    expect(renderBootShell('/', DEFAULT_STATION, slider, np).html).not.toContain('boot-kicker');
    expect(renderBootShell('/', DEFAULT_STATION, { ...slider, slides: [] }, np).html).toContain(`<h2>Welcome to ${DEFAULT_STATION.name}</h2>`);
  });
});
