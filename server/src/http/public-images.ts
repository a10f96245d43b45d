import type Koa from 'koa';
import { allowedImageUrl, imageUrlProblem, type ImagePolicy } from '../../../shared/image-hosts';
import type { StationInfo } from '../../../shared/station';
import type { Config } from '../config';
import type { AppContext, RequestState } from '../context';
import { fail } from './errors';
import { siteOrigin } from './public-url';

/**
 * No public answer carries an image URL outside the station's own origin or an approved https host (issue 29,
 * shared/image-hosts.ts). The fields that hold an image in any answer are named here; every JSON answer given
 * without a signed-in account passes through {@link publicImages} as it leaves, answers built ahead (the public
 * schedule API's bytes, the first screen and page heads) through {@link scrubImages} / {@link imagePolicyOf}
 * where they are made. Staff answers keep what was typed (the panel shows it to be approved or replaced).
 */
export const IMAGE_FIELDS: ReadonlySet<string> = new Set(['image_url', 'presenter_image_url', 'presenter_image', 'avatar_url', 'background_image_url', 'show_image', 'image']);

/** The station's image policy: its own origin (PUBLIC_URL) and the approved hosts of General Settings. */
export function imagePolicyOf(station: Pick<StationInfo, 'approvedImageHosts'>, config: Pick<Config, 'PUBLIC_URL'>): ImagePolicy {
  const self = siteOrigin(config).toLowerCase();
  return { self: self ? [self] : [], approved: station.approvedImageHosts };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of `value` with every image field not allowed by `policy` set to null (plain objects and arrays, any depth up to 12). */
export function scrubImages<T>(value: T, policy: ImagePolicy, depth = 0): T {
  if (depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => scrubImages(v, policy, depth + 1)) as T;
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = IMAGE_FIELDS.has(k) && typeof v === 'string' ? allowedImageUrl(v, policy) : scrubImages(v, policy, depth + 1);
  }
  return out as T;
}

/** Scrubs the JSON answers given without a signed-in account (see {@link scrubImages}). */
export function publicImages(ctx: Pick<AppContext, 'config' | 'settings'>): Koa.Middleware<RequestState> {
  return async (c, next) => {
    await next();
    if (c.state.user || !(Array.isArray(c.body) || isPlain(c.body))) return;
    c.body = scrubImages(c.body, imagePolicyOf(await ctx.settings.station(), ctx.config));
  };
}

/** An image field of a write: where it is in the body, how the form names it, what is sent and what is stored. */
export interface ImageFieldWrite {
  path: string;
  label: string;
  value: string | null | undefined;
  /** The stored value: sent back unchanged, it stays (data saved before the rule remains editable). */
  before?: string | null | undefined;
}

/**
 * Refuses, on write, an image address listeners' browsers could not load (issue 29): only a path on this site,
 * the station's own origin or an https host approved in General Settings are saved. A 400 in the one error
 * shape, naming the field and, for an https host, what to do (upload, or have the host approved).
 */
export async function refuseUnapprovedImages(ctx: Pick<AppContext, 'config' | 'settings'>, fields: readonly ImageFieldWrite[]): Promise<void> {
  const changed = fields.filter((f) => f.value && f.value !== f.before);
  if (changed.length === 0) return;
  const policy = imagePolicyOf(await ctx.settings.station(), ctx.config);
  const issues = changed.flatMap((f) => {
    const message = imageUrlProblem(f.value, policy, f.label);
    return message ? [{ path: f.path, message }] : [];
  });
  if (issues.length > 0) throw fail.badRequest(issues[0]!.message, issues);
}
