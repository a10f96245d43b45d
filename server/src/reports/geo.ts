import fs from 'node:fs';
import net from 'node:net';

/**
 * The listener's country from their address at the moment of connection
 * (issue 34, the PPL territory report), from an IP-to-country file the
 * operator supplies (GEOIP_COUNTRY_CSV): lines `first,last,CC`, IPv4 or IPv6,
 * as the free DB-IP "IP to Country Lite" and similar CSV files are laid out.
 * The address is looked up and forgotten; only the country is kept. Without
 * a file every listener's country is unknown.
 */

interface Range {
  first: bigint;
  last: bigint;
  country: string;
}

/** A loaded country table. */
export interface CountryLookup {
  country(address: string): string | null;
  readonly size: number;
}

/** An address as a number in one space: IPv4 (and IPv4-mapped IPv6) as ::ffff:a.b.c.d. */
export function addressNumber(address: string): bigint | null {
  let a = address.trim();
  if (a.startsWith('::ffff:') && net.isIPv4(a.slice(7))) a = a.slice(7);
  if (net.isIPv4(a)) {
    const n = a.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
    return 0xffff00000000n | n;
  }
  if (!net.isIPv6(a)) return null;
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  // An embedded IPv4 in the last group.
  const expand = (groups: string[]) => groups.flatMap((g) => (net.isIPv4(g) ? [((Number(g.split('.')[0]) << 8) | Number(g.split('.')[1])).toString(16), ((Number(g.split('.')[2]) << 8) | Number(g.split('.')[3])).toString(16)] : [g]));
  const hh = expand(h);
  const tt = expand(t);
  const groups = tail === undefined ? hh : [...hh, ...Array<string>(8 - hh.length - tt.length).fill('0'), ...tt];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

/** Parses the CSV text of a country table; lines that do not parse are skipped. */
export function parseCountryTable(text: string): CountryLookup {
  const ranges: Range[] = [];
  for (const line of text.split(/\r?\n/)) {
    const cells = line.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    if (cells.length < 3) continue;
    const first = addressNumber(cells[0]!);
    const last = addressNumber(cells[1]!);
    const country = cells[2]!.toUpperCase();
    if (first === null || last === null || last < first || !/^[A-Z]{2}$/.test(country)) continue;
    ranges.push({ first, last, country });
  }
  ranges.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  return {
    size: ranges.length,
    country(address) {
      const n = addressNumber(address);
      if (n === null) return null;
      let lo = 0;
      let hi = ranges.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const r = ranges[mid]!;
        if (n < r.first) hi = mid - 1;
        else if (n > r.last) lo = mid + 1;
        else return r.country;
      }
      return null;
    },
  };
}

/** Loads the configured table once (null path: no table, every country unknown). */
export function loadCountryTable(path: string | null | undefined): CountryLookup {
  if (!path) return { size: 0, country: () => null };
  return parseCountryTable(fs.readFileSync(path, 'utf8'));
}
