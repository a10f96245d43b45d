/**
 * Writes scripts/lint/jsx-text-baseline.json: every user-visible text still written into JSX (the lint rule
 * airdeck/no-jsx-text, scripts/lint/jsx-text.mjs), per file. Run it after moving texts into the catalogue (the
 * baseline only shrinks), never to let a new text in: `npx tsx scripts/jsx-text-baseline.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import airdeck, { REPO_ROOT } from './lint/jsx-text.mjs';

const OUT = path.join(REPO_ROOT, 'scripts/lint/jsx-text-baseline.json');

const eslint = new ESLint({
  cwd: REPO_ROOT,
  // Only this rule, with an empty baseline: every text is reported.
  overrideConfig: [{ files: ['web/src/**/*.tsx'], plugins: { airdeck }, rules: { 'airdeck/no-jsx-text': ['error', { baseline: {} }] } }],
  ruleFilter: ({ ruleId }) => ruleId === 'airdeck/no-jsx-text',
});
const results = await eslint.lintFiles(['web/src/**/*.tsx']);
const baseline: Record<string, string[]> = {};
let total = 0;
for (const r of results) {
  const texts = r.messages.filter((m) => m.ruleId === 'airdeck/no-jsx-text').map((m) => JSON.parse(/^("(?:[^"\\]|\\.)*")/.exec(m.message)![1]!) as string);
  if (texts.length === 0) continue;
  baseline[path.relative(REPO_ROOT, r.filePath).split(path.sep).join('/')] = texts.sort();
  total += texts.length;
}
const sorted = Object.fromEntries(Object.entries(baseline).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(OUT, JSON.stringify(sorted, null, 1) + '\n');
console.log(`${total} hard-coded texts in ${Object.keys(sorted).length} files → ${path.relative(REPO_ROOT, OUT)}`);
