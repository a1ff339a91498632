/** Types of eslint-rules.js (Minerdeck's own lint rules), for the test that runs them. */
import type { Rule } from 'eslint';

declare const plugin: { rules: Record<'no-literal-text', Rule.RuleModule> };
export default plugin;
