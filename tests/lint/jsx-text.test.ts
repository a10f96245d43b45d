import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import airdeck, { REPO_ROOT } from '../../scripts/lint/jsx-text.mjs';

/** The rule's findings for a .tsx file at `file`, with a baseline. */
function lint(code: string, baseline: Record<string, string[]> = {}, file = 'web/src/app/Probe.tsx'): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: { airdeck },
        rules: { 'airdeck/no-jsx-text': [2, { baseline }] },
      },
    ],
    path.join(REPO_ROOT, file),
  );
  return messages.map((m) => (m.fatal ? `fatal: ${m.message}` : JSON.parse(/^("(?:[^"\\]|\\.)*")/.exec(m.message)![1]!)));
}

describe('airdeck/no-jsx-text (README "Languages")', { timeout: 60_000 }, () => {
  it('fails on a text between tags, in a read attribute, and as a literal child', () => {
    expect(lint(`export const A = () => <p title="Hello there">Tune in {'now'} {on ? 'On air' : \`Off \${x}\`}</p>;`)).toEqual(['Hello there', 'Tune in', 'now', 'On air', 'Off …']);
    expect(lint(`export const A = () => <Button aria-label={busy ? 'Saving' : 'Save'} />;`)).toEqual(['Saving', 'Save']);
  });

  it('passes text from the catalogue, and strings no one reads', () => {
    expect(lint(`export const A = () => <p className="x-y" data-testid="now" title={t('a.b')}>{t('nav.home')} · 42 — {name}</p>;`)).toEqual([]);
  });

  it('lets the baseline’s texts for the file pass, and fails a new one beside them', () => {
    const baseline = { 'web/src/app/Probe.tsx': ['Old text', 'Old text'] };
    expect(lint(`export const A = () => <><p>Old text</p><p>Old text</p></>;`, baseline)).toEqual([]);
    // A third copy is new text; so is any text the baseline lists for another file only.
    expect(lint(`export const A = () => <><p>Old text</p><p>Old text</p><p>Old text</p></>;`, baseline)).toEqual(['Old text']);
    expect(lint(`export const A = () => <p>Old text</p>;`, baseline, 'web/src/app/Other.tsx')).toEqual(['Old text']);
  });
});
