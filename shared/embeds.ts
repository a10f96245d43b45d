import { z } from 'zod';

/**
 * Widget settings (Settings → Widgets, owner and manager): the sites allowed
 * to frame the station's widgets. Empty means any site (`frame-ancestors *`).
 * The widgets' own options are in the zod-free shared/embed-options.ts.
 */

/** At most this many sites in the allow-list. */
export const MAX_FRAME_ANCESTORS = 50;

/** The message for an entry that is not a site's address. */
export const FRAME_ANCESTOR_MESSAGE = 'Each site must be an address such as https://example.org or https://*.example.org (a scheme and a host, nothing after it).';

/** A site that may frame widgets: `https://host[:port]`, optionally `https://*.host`, as CSP `frame-ancestors` takes it. */
export const FrameAncestorSchema = z
  .string({ error: FRAME_ANCESTOR_MESSAGE })
  .trim()
  .max(255, FRAME_ANCESTOR_MESSAGE)
  .transform((s) => s.replace(/\/+$/, '').toLowerCase())
  .refine((s) => /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(s), FRAME_ANCESTOR_MESSAGE);

/** `PUT /api/settings/widgets` and its answer. */
export const EmbedSettingsSchema = z.object({
  frameAncestors: z
    .array(FrameAncestorSchema, { error: 'frameAncestors must be a list of sites.' })
    .max(MAX_FRAME_ANCESTORS, `At most ${MAX_FRAME_ANCESTORS} sites.`)
    .transform((list) => [...new Set(list)]),
});
export type EmbedSettings = z.output<typeof EmbedSettingsSchema>;

/** The `frame-ancestors` sources of the widget pages: the station itself (the builder's preview) and the allow-list, or any site when it is empty. */
export function frameAncestorsSources(list: readonly string[]): string {
  return list.length ? ["'self'", ...list].join(' ') : '*';
}
