// ESLint rule airdeck/no-jsx-text: user-visible text written into JSX instead of the message catalogue
// (shared/i18n/messages, README "Languages"). Text between tags, a string in an attribute people read or hear
// (aria-label, title, alt, placeholder, label, helperText…), and a string or template literal standing as a child
// ({cond ? 'On' : 'Off'}) are reported when they hold a letter.
//
// The texts still written this way when the rule came in are listed per file in jsx-text-baseline.json (made by
// `npx tsx scripts/jsx-text-baseline.ts`): a text the baseline lists for its file passes, any other fails, so a
// new hard-coded text fails while the old ones are moved into the catalogue screen by screen.
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Attributes whose value is read or heard by a person. */
const USER_ATTRIBUTES = new Set([
  'aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'aria-placeholder',
  'title', 'alt', 'placeholder', 'label', 'helperText', 'tooltip', 'primary', 'secondary', 'subheader',
  'emptyText', 'confirmLabel', 'cancelLabel', 'message', 'description', 'heading', 'caption', 'noOptionsText', 'loadingText',
]);

const hasLetter = (s) => /\p{L}/u.test(s);
const clean = (s) => s.replace(/\s+/g, ' ').trim();

/** The string literals of an expression that end up as its value (through ?:, && and ||), and template literals' text. */
function literalTexts(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return [{ node, text: node.quasis.map((q) => q.value.cooked ?? '').join('…') }];
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return literalTexts(node.expression);
    default:
      return [];
  }
}

/** @type {import('eslint').Rule.RuleModule} */
export const noJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the message catalogue (t(key)), not a literal in JSX' },
    schema: [{ type: 'object', properties: { baseline: { type: 'object' } }, additionalProperties: false }],
    messages: {
      hardcoded:
        '{{json}} is user-visible text written in the code: add it to the message catalogue (shared/i18n/messages/*.json, every language) and use t(key) (README "Languages").',
    },
  },
  create(context) {
    const baseline = context.options[0]?.baseline ?? {};
    const file = path.relative(REPO_ROOT, context.filename).split(path.sep).join('/');
    const found = [];
    const add = (node, raw) => {
      const text = clean(raw);
      if (text && hasLetter(text)) found.push({ node, text });
    };
    return {
      JSXText(node) {
        add(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? node.name.name.name : node.name.name;
        if (!USER_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') add(node.value, String(node.value.value));
        else if (node.value.type === 'JSXExpressionContainer') for (const l of literalTexts(node.value.expression)) add(l.node, l.text);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        for (const l of literalTexts(node.expression)) add(l.node, l.text);
      },
      'Program:exit'() {
        const left = new Map();
        for (const text of baseline[file] ?? []) left.set(text, (left.get(text) ?? 0) + 1);
        for (const { node, text } of found) {
          const n = left.get(text) ?? 0;
          if (n > 0) {
            left.set(text, n - 1);
            continue;
          }
          context.report({ node, messageId: 'hardcoded', data: { json: JSON.stringify(text) } });
        }
      },
    };
  },
};

export default { rules: { 'no-jsx-text': noJsxText } };
