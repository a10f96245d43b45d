import type { ESLint, Rule } from 'eslint';

export declare const REPO_ROOT: string;
export declare const noJsxText: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-jsx-text': Rule.RuleModule } };
export default plugin;
