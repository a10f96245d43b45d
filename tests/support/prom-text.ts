/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for the
 * metrics test. prom-client only writes this format (it has no parser), so the
 * test reads it here by the format's own rules: `# HELP` and `# TYPE` lines
 * before a family's samples, metric and label names matching the format's
 * patterns, quoted and escaped label values, numeric values (NaN and ±Inf
 * allowed), and histogram families with cumulative `_bucket` series ending in
 * `le="+Inf"` equal to `_count`. Anything else throws, naming the line.
 */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface PromFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: PromSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(raw: string, line: number): number {
  // As Prometheus reads values (Go's strconv.ParseFloat): NaN and Inf in any case.
  if (/^nan$/i.test(raw)) return NaN;
  if (/^\+?inf(inity)?$/i.test(raw)) return Infinity;
  if (/^-inf(inity)?$/i.test(raw)) return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`line ${line}: "${raw}" is not a number`);
  return Number(raw);
}

function parseLabels(raw: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < raw.length) {
    const eq = raw.indexOf('=', i);
    if (eq < 0) throw new Error(`line ${line}: bad labels {${raw}}`);
    const key = raw.slice(i, eq).trim();
    if (!LABEL.test(key)) throw new Error(`line ${line}: bad label name "${key}"`);
    if (raw[eq + 1] !== '"') throw new Error(`line ${line}: label ${key} is not quoted`);
    let j = eq + 2;
    let value = '';
    for (; j < raw.length && raw[j] !== '"'; j++) {
      if (raw[j] === '\\') {
        const n = raw[++j];
        value += n === 'n' ? '\n' : n === '\\' ? '\\' : n === '"' ? '"' : (() => { throw new Error(`line ${line}: bad escape \\${n}`); })();
      } else value += raw[j];
    }
    if (raw[j] !== '"') throw new Error(`line ${line}: unterminated label value`);
    if (key in labels) throw new Error(`line ${line}: label ${key} twice`);
    labels[key] = value;
    i = j + 1;
    if (raw[i] === ',') i++;
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>();
  let current: PromFamily | null = null;
  const lines = text.split('\n');
  lines.forEach((l, idx) => {
    const line = idx + 1;
    if (l.trim() === '') return;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(l);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name ${name}`);
      let fam = families.get(name);
      if (!fam) {
        fam = { name, help: '', type: 'untyped', samples: [] };
        families.set(name, fam);
      } else if (fam !== current) throw new Error(`line ${line}: family ${name} is not contiguous`);
      if (kind === 'HELP') fam.help = rest;
      else {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) throw new Error(`line ${line}: bad type ${rest}`);
        if (fam.samples.length > 0) throw new Error(`line ${line}: TYPE after samples`);
        fam.type = rest as PromFamily['type'];
      }
      current = fam;
      return;
    }
    if (l.startsWith('#')) return;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(l);
    if (!m) throw new Error(`line ${line}: not a sample: ${l}`);
    const [, name, labels, value] = m as unknown as [string, string, string | undefined, string];
    const fam: PromFamily | null = current;
    const base = fam && (name === fam.name || ((fam.type === 'histogram' || fam.type === 'summary') && [`${fam.name}_bucket`, `${fam.name}_sum`, `${fam.name}_count`].includes(name))) ? fam : null;
    if (!base) throw new Error(`line ${line}: sample ${name} outside its family`);
    base.samples.push({ name, labels: labels ? parseLabels(labels, line) : {}, value: parseValue(value, line) });
  });
  for (const fam of families.values()) {
    if (fam.type !== 'histogram') continue;
    const series = new Map<string, PromSample[]>();
    for (const s of fam.samples.filter((x) => x.name.endsWith('_bucket'))) {
      const { le, ...rest } = s.labels;
      if (le === undefined) throw new Error(`${fam.name}: bucket without le`);
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      for (let i = 1; i < buckets.length; i++) if (buckets[i]!.value < buckets[i - 1]!.value) throw new Error(`${fam.name}${key}: buckets are not cumulative`);
      const inf = buckets.at(-1)!;
      if (inf.labels.le !== '+Inf') throw new Error(`${fam.name}${key}: last bucket is not le="+Inf"`);
      const count = fam.samples.find((x) => x.name === `${fam.name}_count` && JSON.stringify(x.labels) === key);
      if (!count || count.value !== inf.value) throw new Error(`${fam.name}${key}: _count does not equal the +Inf bucket`);
    }
  }
  return families;
}
