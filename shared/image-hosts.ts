import { z } from 'zod';

/**
 * Where the images listeners' browsers load may come from (issue 29): this site (a path such as
 * `/api/media/…`, or the station's own origin) or an https host that staff (owner or manager) approved in
 * General Settings → Approved image hosts. Content may name any address, but no public answer carries an
 * image URL outside these, and the pages' content policy lists these hosts and no other content origin, so a
 * booking can neither grow the policy nor make every listener's browser call a host a presenter chose.
 */

/** At most this many approved hosts: the content policy stays well under 2 KB. */
export const MAX_APPROVED_IMAGE_HOSTS = 10;
/** At most this long each (`https://` and the host name, optionally a port). */
export const MAX_APPROVED_IMAGE_HOST_LENGTH = 100;

export const IMAGE_HOST_MESSAGES = {
  invalid: 'Each approved image host must be an https address with no path, such as https://images.example.org.',
  tooMany: `At most ${MAX_APPROVED_IMAGE_HOSTS} approved image hosts.`,
  tooLong: `Each approved image host must be at most ${MAX_APPROVED_IMAGE_HOST_LENGTH} characters.`,
} as const;

const HOST_RE = /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)+(?::\d{1,5})?$/;

/** `https://host[:port]` in lower case (a trailing slash dropped), else null. */
export function normaliseImageHost(value: string): string | null {
  const v = value.trim().replace(/\/+$/, '').toLowerCase();
  if (v.length > MAX_APPROVED_IMAGE_HOST_LENGTH || !HOST_RE.test(v)) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.origin === v ? v : null;
  } catch {
    return null;
  }
}

/** The approved hosts as General Settings saves them: https origins only, distinct, at most {@link MAX_APPROVED_IMAGE_HOSTS}. */
export const ApprovedImageHostsSchema = z
  .array(z.string({ error: IMAGE_HOST_MESSAGES.invalid }).trim().max(MAX_APPROVED_IMAGE_HOST_LENGTH, IMAGE_HOST_MESSAGES.tooLong))
  .max(MAX_APPROVED_IMAGE_HOSTS, IMAGE_HOST_MESSAGES.tooMany)
  .superRefine((hosts, c) => {
    hosts.forEach((h, i) => {
      if (!normaliseImageHost(h)) c.addIssue({ code: 'custom', message: IMAGE_HOST_MESSAGES.invalid, path: [i] });
    });
  })
  .transform((hosts) => [...new Set(hosts.map((h) => normaliseImageHost(h)!))]);

/** Where an image may come from: the station's own origins and the approved hosts. */
export interface ImagePolicy {
  /** The station's own origins (PUBLIC_URL's; http allowed only here). */
  self: readonly string[];
  /** The approved https hosts (normalised). */
  approved: readonly string[];
}

/**
 * The URL when a listener's browser may load it: a path on this site (`/…`, never `//host`), or an absolute
 * URL on the station's own origin or an approved https host. Otherwise null (the answer shows no image).
 */
export function allowedImageUrl(url: unknown, policy: ImagePolicy): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (/^\/(?![/\\])[^\s\\]*$/.test(url)) return url;
  if (!/^https?:\/\//i.test(url) || /[\s\\]/.test(url)) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.username || u.password) return null;
  const origin = u.origin.toLowerCase();
  if (policy.self.includes(origin)) return url;
  return u.protocol === 'https:' && policy.approved.includes(origin) ? url : null;
}

/**
 * What a save is told when an image address is not one listeners' browsers may load (issue 29): written
 * once here for the server's refusals and the forms. `label` names the field ('Image URL').
 */
export const IMAGE_URL_MESSAGES = {
  notHttps: (label: string) => `${label} must be an https address or an image uploaded here: plain http images are not loaded on this site.`,
  notApproved: (label: string, origin: string) =>
    `${label}: images from ${origin} are not approved. Upload the image here, or ask an owner or manager to add ${origin} under General Settings → Approved image hosts.`,
  invalid: (label: string) => `${label} must be an image uploaded here or an https address on an approved image host.`,
} as const;

/**
 * Why `url` may not be saved as an image listeners' browsers load, or null when it may (empty included):
 * a path on this site, the station's own origin, or an approved https host ({@link allowedImageUrl}).
 */
export function imageUrlProblem(url: string | null | undefined, policy: ImagePolicy, label: string): string | null {
  if (url === null || url === undefined || url.trim() === '') return null;
  if (allowedImageUrl(url, policy) !== null) return null;
  if (/^http:\/\//i.test(url.trim())) return IMAGE_URL_MESSAGES.notHttps(label);
  try {
    const u = new URL(url.trim());
    if (u.protocol === 'https:' && !u.username && !u.password) return IMAGE_URL_MESSAGES.notApproved(label, u.origin.toLowerCase());
  } catch {
    // not a URL: the generic message
  }
  return IMAGE_URL_MESSAGES.invalid(label);
}
