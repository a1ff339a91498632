/** Main's words in the reader's language (shared/i18n/local-text.ts): errors, outcomes, a verdict's reasons. */
import { describe, expect, it } from 'vitest';
import { message } from '../../../shared/i18n/message';
import { errorText, madeText, verdictReasons } from '../../../shared/i18n/local-text';
import { englishTranslator } from '../../../shared/i18n/translate';
import { createTranslator } from '../../../shared/i18n/translate-sync';

const ru = createTranslator('ru');
const en = englishTranslator();

describe('local texts', () => {
  it('says a verdict’s reasons from their messages in Russian, main’s own sentences in English', () => {
    const verdict = {
      reasons: ['the device was never read'],
      reasonTexts: [message('outcomes.acceptance.readable.never')],
    };
    expect(verdictReasons(en, verdict)).toEqual(['the device was never read']);
    const said = verdictReasons(ru, verdict);
    expect(said).toHaveLength(1);
    expect(said[0]).not.toBe('the device was never read');
    expect(said[0]).toMatch(/[а-я]/);
    // Kept before issue 35: no texts, the English sentences as they were.
    expect(verdictReasons(ru, { reasons: ['a reason'] })).toEqual(['a reason']);
    // Texts that do not line up with the reasons are not trusted.
    expect(verdictReasons(ru, { reasons: ['a', 'b'], reasonTexts: verdict.reasonTexts })).toEqual(['a', 'b']);
  });

  it('keeps main’s English word for word, and an error without a text by its code', () => {
    expect(madeText(en, 'exact words', message('outcomes.acceptance.readable.never'))).toBe('exact words');
    expect(madeText(ru, 'exact words', undefined)).toBe('exact words');
    expect(errorText(en, { code: 'TIMEOUT', message: 'no answer in 4 s' })).toBe('no answer in 4 s');
    expect(errorText(ru, { code: 'TIMEOUT', message: 'no answer in 4 s' })).toBe(ru.t('errors.code.TIMEOUT'));
  });
});
