/**
 * The lint rule that keeps the window's words in the catalogs (eslint-rules.js, issue 35): it refuses text in
 * JSX, literal text in the props people read and sentences in code; it lets symbols, units, keys, class
 * names and developers' errors through.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import local from '../../../eslint-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('minerdeck/no-literal-text', local.rules['no-literal-text'], {
  valid: [
    { code: "const a = <p>{t('fleet.title')}</p>;" },
    { code: 'const a = <span>{count} ×</span>;' },
    { code: 'const a = <span>– · … / %</span>;' },
    { code: 'const a = <span>{value} TH/s</span>;' },
    { code: 'const a = <span>°C</span>;' },
    { code: 'const a = <div className="fleet-row selected" data-state="mining-hot" />;' },
    { code: "const a = <button aria-label={t('common.action.close')} />;" },
    { code: "const x = message('fleet.selected', { count: 2 });" },
    { code: "throw new Error('the store was used before it was made');" },
    { code: "console.warn('Something odd happened here.');" },
    { code: "import { thing } from './some module';" },
    { code: "if (state === 'Needs attention here') go();" },
    { code: "const channel = 'settings:get';" },
    { code: "if (place.startsWith('area:')) go();" },
    { code: "const css = 'report-col-hash num';" },
  ],
  invalid: [
    { code: 'const a = <p>Scan finished</p>;', errors: [{ messageId: 'jsxText' }] },
    { code: "const a = <p>{'Scan finished'}</p>;", errors: [{ messageId: 'jsxText' }] },
    {
      code: "const a = <p>{busy ? 'Scanning' : 'Done'}</p>;",
      errors: [{ messageId: 'jsxText' }, { messageId: 'jsxText' }],
    },
    { code: 'const a = <button aria-label="Close" />;', errors: [{ messageId: 'prop' }] },
    { code: 'const a = <input placeholder="10.0.0.0/24 or a range" />;', errors: [{ messageId: 'prop' }] },
    { code: "const a = <Field label={'Pool URL'} />;", errors: [{ messageId: 'prop' }] },
    { code: "const words = 'Scan finished';", errors: [{ messageId: 'prose' }] },
    { code: 'const words = `Placed ${address} in ${slot}`;', errors: [{ messageId: 'prose' }] },
    { code: "set({ message: 'cannot be read.' });", errors: [{ messageId: 'prose' }] },
    {
      code: "const hint = { offline: { label: 'Offline', hint: 'Does not answer' } };",
      errors: [{ messageId: 'prose' }],
    },
  ],
});
