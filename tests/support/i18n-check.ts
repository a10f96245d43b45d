import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';

/*
 * Checks for a page drawn in another language (issue 35, README "Languages"): English left on a page that should
 * have none, catalogue keys shown raw, and texts clipped in the pseudo-locale. Station content (show titles,
 * names, songs, page bodies, settings) is not translated by the catalogue: every text value the database holds,
 * plus the strings of the outside documents a test serves, counts as content.
 */

/** Words that are the same in every language: brands, formats and technical names. */
export const SAME_IN_EVERY_LANGUAGE = [
  'Airdeck', 'AzuraCast', 'Icecast', 'LibreTime', 'Discord', 'Spotify', 'Mixcloud', 'YouTube', 'TuneIn', 'Alexa', 'Google', 'Apple',
  'Android', 'iOS', 'iPhone', 'iPad', 'Safari', 'Chrome', 'Firefox', 'Edge', 'Windows', 'macOS', 'Linux', 'Podcasts', 'Pocket Casts', 'Amazon Music', 'Podcast Index',
  'Instagram', 'Facebook', 'Twitter', 'TikTok', 'Bluesky', 'Mastodon', 'Threads', 'WhatsApp', 'Telegram', 'SoundCloud', 'Twitch', 'Bandcamp', 'LinkedIn',
  'PayPal', 'Ko-fi', 'Patreon', 'GitHub', 'Gravatar', 'radio-browser.info', 'OpenAPI', 'Swagger', 'JSON', 'CSV', 'XML', 'RSS', 'iCal', 'iCalendar', 'webcal', 'HTTPS', 'HTTP',
  'URL', 'API', 'CORS', 'MP3', 'AAC', 'Ogg', 'Opus', 'FLAC', 'ICY', 'QR', 'TOTP', 'SMTP', 'VAPID', 'PWA', 'UTC', 'GMT', 'PRS', 'PPL', 'ASCAP', 'BMI', 'SESAC',
  'SoundExchange', 'GEMA', 'SACEM', 'SGAE', 'ECAD', 'SOCAN', 'ISRC', 'ISWC', 'AutoDJ', 'Auto DJ', 'DJ', 'DJs', 'LOA', 'ID', 'OK', 'kbps', 'kHz', 'px', 'GDPR',
  'Google Play', 'App Store', 'GIF', 'MB', 'KB', 'GB', 'IP', 'UTF-8', 'Content-Type', 'Enter', 'Esc', 'README',
  'English', 'Español', 'Français', 'Deutsch', 'Português (Brasil)', 'Português', 'Brasil', 'CPU', 'RAM', 'SVG', 'PNG', 'JPEG', 'WebP', 'Web Push', 'm3u', 'pls',
];

/**
 * Every distinct text value in the database's text, varchar and json columns (names, titles, bodies, settings…),
 * except the tables of what the server wrote in its own words (logs, notifications, e-mail, deliveries, sessions).
 */
export async function contentStrings(knex: Knex, extraFiles: string[] = [], extraValues: unknown[] = []): Promise<string[]> {
  const cols = await knex.raw<{ rows: { table_name: string; column_name: string; data_type: string }[] }>(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  const out = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.length >= 2 && s.length <= 20_000) out.add(s);
      // A rich text (a page's body, a bio): each piece of text between its tags is content too.
      if (/<[a-z][^>]*>/i.test(s)) for (const piece of s.split(/<[^>]+>/)) add(piece.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&'));
      // A time zone (Europe/London): its city is how the station's clock is named.
      const zone = /^[A-Z][a-z]+\/([A-Za-z_]+)$/.exec(s);
      if (zone) add(zone[1]!.replace(/_/g, ' '));
    } else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === 'object') Object.values(v).forEach(add);
  };
  for (const c of cols.rows) {
    // Records the server wrote in its own words (logs, notifications, mail, deliveries, sessions) are not content.
    if (/^knex_|log|notification|outbox|deliver|audit|rate_limit|session|token|mfa|retention|job|lock|migration/.test(c.table_name)) continue;
    const rows = await knex(c.table_name).distinct(c.column_name).whereNotNull(c.column_name).limit(2000).catch(() => [] as Record<string, unknown>[]);
    for (const r of rows as Record<string, unknown>[]) {
      const v = r[c.column_name];
      if (typeof v === 'string' && (c.data_type === 'json' || c.data_type === 'jsonb') && /^[[{]/.test(v)) {
        try {
          add(JSON.parse(v));
        } catch {
          add(v);
        }
      } else add(v);
    }
  }
  for (const f of extraFiles) add(JSON.parse(fs.readFileSync(path.resolve(f), 'utf8')));
  extraValues.forEach(add);
  return [...out];
}

/**
 * The texts a reader sees (text, and the labels, titles and placeholders people read or hear) that still hold
 * English words once station content, brands and numbers are taken out: on an Arabic page, anything in Latin
 * letters. Code samples (`code`, `pre`, `kbd`), inputs' values, `translate="no"` parts and parts marked with another
 * `lang` are left alone.
 */
export async function englishLeft(page: Page, content: string[], allow: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ content, allow }) => {
      const found = new Set<string>();
      const visible = (el: Element): boolean => {
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 || r.height > 0;
      };
      // Also left alone: a part marked as written in another language (`lang="en"` on the API's own English reference):
      // a screen reader reads it in that language, as the page says.
      const pageLang = document.documentElement.lang;
      const skip = (el: Element): boolean =>
        !!el.closest('code, pre, kbd, samp, script, style, noscript, svg, [translate="no"], [aria-hidden="true"]') || el.closest('[lang]')?.getAttribute('lang') !== pageLang;
      const pieces = [...content].sort((a, b) => b.length - a.length);
      const allowed = [...allow].sort((a, b) => b.length - a.length);
      const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const english = (text: string): boolean => {
        let rest = ` ${text.replace(/\s+/g, ' ').trim()} `;
        if (!/[A-Za-z]{2}/.test(rest)) return false;
        const bare = rest.trim();
        // Station content, then brands, then content again (a name may hold a brand's word: "DJ Fjord"), as whole words.
        const dropContent = (): boolean => {
          for (const p of pieces) {
            if (p === bare || (bare.length >= 15 && p.includes(bare))) return true;
            if (rest.includes(p)) rest = rest.replace(new RegExp(`(^|[^A-Za-z])${esc(p)}(?=$|[^A-Za-z])`, 'g'), '$1 ');
            if (!/[A-Za-z]{2}/.test(rest)) return true;
          }
          return false;
        };
        if (dropContent()) return false;
        for (const a of allowed) if (rest.includes(a)) rest = rest.replace(new RegExp(`(^|[^A-Za-z])${esc(a)}(?=$|[^A-Za-z])`, 'g'), '$1 ');
        if (!/[A-Za-z]{2}/.test(rest) || dropContent()) return false;
        // What is left: e-mail addresses, web addresses and file names are data, not language.
        // So are field lists in braces ({id, count}) and media types (application/json).
        rest = rest.replace(/\{[^}]*\}|\b[a-z]+\/[\w.+-]+|\S+@\S+|\bhttps?:\/\/\S+|\b[\w.-]+\.(?:com|org|net|demo|mp3|png|jpg|xml|json|csv|ics|m3u|pls)\b|\/[\w/.:-]+/g, ' ');
        return /[A-Za-z]{2}/.test(rest);
      };
      for (const el of document.querySelectorAll('body *')) {
        if (skip(el) || !visible(el)) continue;
        const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join(' ').trim();
        if (own && english(own)) found.add(`${el.tagName.toLowerCase()}: "${own.slice(0, 60)}"`);
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
          const v = el.getAttribute(attr);
          if (v && english(v)) found.add(`${el.tagName.toLowerCase()}[${attr}]: "${v.slice(0, 60)}"`);
        }
      }
      if (english(document.title)) found.add(`title: "${document.title}"`);
      return [...found];
    },
    { content, allow: [...SAME_IN_EVERY_LANGUAGE, ...allow] },
  );
}

/** Catalogue keys shown as text (a missing key shows as its key). */
export function rawKeys(text: string): string[] {
  const keys = Object.keys(JSON.parse(fs.readFileSync(path.resolve('shared/i18n/messages/en.json'), 'utf8')) as Record<string, string>);
  return keys.filter((k) => new RegExp(`(^|[^\\w.])${k.replace(/\./g, '\\.')}($|[^\\w.])`).test(text));
}

/** Catalogue text clipped or out of the window: in the pseudo-locale every catalogue text is bracketed and accented. */
export async function clippedPseudoText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth + 1) faults.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${innerWidth} px window`);
    const pseudo = /[áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýž]{2}/;
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (!own || !pseudo.test(own)) continue;
      // The player bar's lines are one line each by design, ending in an ellipsis (the full text in its title), as are a
      // select's chosen value (the whole text in its open list) and the rows of a song list (title, artist).
      if (el.closest('.boot-np, [data-testid="now-playing"], [data-player-bar], .MuiSelect-select, li .MuiTypography-noWrap')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      // Visually hidden text (clip or 1 px boxes) is for screen readers.
      if (r.width <= 1 || r.height <= 1 || style.clipPath !== 'none' || style.clip.startsWith('rect')) continue;
      // Inside something scrolled sideways on purpose (a wide table in its scroller, a tab bar) the text is reachable.
      let scroller: Element | null = el.parentElement;
      while (scroller && scroller !== document.body && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX) && !scroller.classList.contains('MuiTabs-scroller')) scroller = scroller.parentElement;
      if (scroller && scroller !== document.body) {
        if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) faults.push(`${el.tagName.toLowerCase()} "${own.slice(0, 40)}" is cut off`);
        continue;
      }
      const label = `${el.tagName.toLowerCase()} "${own.slice(0, 40)}"`;
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) faults.push(`${label} is cut off (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) faults.push(`${label} is shortened with an ellipsis`);
      if (r.right > innerWidth + 0.5 || r.left < -0.5) faults.push(`${label} runs out of the window (${Math.round(r.left)}–${Math.round(r.right)})`);
    }
    return [...new Set(faults)];
  });
}

/** The page's text outside code samples (`code`, `pre`, `kbd`, `samp`), where a catalogue key may not appear. */
export async function textOutsideCode(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('code, pre, kbd, samp, script, style, noscript')) continue;
      out.push(n.textContent ?? '');
    }
    return out.join('\n');
  });
}
