/**
 * Origins as the content security policy takes them (csp.ts). No content origin goes into the policy
 * (issue 29): content's images come from this site or an approved host (shared/image-hosts.ts).
 */

/** The origin (scheme://host[:port]) of an http(s) URL, or null. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    const u = new URL(url);
    // Only an origin: no path, no quotes or spaces that could add a directive.
    return /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(u.origin) ? u.origin : null;
  } catch {
    return null;
  }
}

/** Distinct, sorted, without the nulls. */
export const uniq = (xs: (string | null | undefined)[]): string[] => [...new Set(xs.filter((x): x is string => !!x))].sort();
