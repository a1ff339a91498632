/**
 * Words made in main, shown in the window's language (issue 35). Main sends what it knows as a code and
 * its values (`text`, a MessageRef) beside the English sentence it has always sent (`message`: the CLI's,
 * the logs', and the fallback). The window renders `text` when it is there; an error without one is named
 * by its code in the reader's language, with the English sentence kept only for English readers.
 * Zod-free: the window imports it.
 */
import type { AppError } from '../result';
import type { MessageId } from './catalogs';
import type { MessageRef } from './message';
import type { Translator } from './translate';

/** Anything main made words for: an outcome, a step, a verdict's reason, an activity entry. */
export interface LocalisableText {
  readonly message?: string;
  readonly text?: MessageRef;
}

export function localText(tr: Translator, made: LocalisableText): string {
  // English readers get main's sentence word for word (what the CLI prints and the logs keep).
  if (tr.locale === 'en' && made.message !== undefined && made.message !== '') return made.message;
  if (made.text !== undefined) return tr.t(made.text);
  return made.message ?? '';
}

export function errorText(tr: Translator, error: AppError & { text?: MessageRef }): string {
  // English readers get main's sentence word for word: a channel may have shortened it for where it is
  // shown (the address cut when the row already names the device), which its `text` does not know.
  if (tr.locale === 'en') return error.message;
  if (error.text !== undefined) return tr.t(error.text);
  return tr.t(`errors.code.${error.code}` as MessageId);
}

/**
 * Words main made, in the reader's language when main sent them as a message too; English readers get
 * main's own sentence, word for word (the CLI's, the tests', the report's English).
 */
export function madeText(tr: Translator, english: string, text: MessageRef | undefined): string {
  return text === undefined || tr.locale === 'en' ? english : tr.t(text);
}

/** A verdict's reasons (`reasons`, and `reasonTexts` one each in the same order when main gave them). */
export function verdictReasons(
  tr: Translator,
  verdict: { readonly reasons: readonly string[]; readonly reasonTexts?: readonly MessageRef[] | undefined },
): string[] {
  const texts = verdict.reasonTexts;
  if (texts === undefined || texts.length !== verdict.reasons.length || tr.locale === 'en')
    return [...verdict.reasons];
  return texts.map((text) => tr.t(text));
}
