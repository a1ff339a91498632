/**
 * Words the racks and placing views keep to show later (a cue, a field's problem, a dialog's status):
 * either a message of the catalogs or main's refusal as it came (an AppError, rendered with `errorText`
 * so a reader of Russian sees its code's words, not main's English). Kept as data, rendered at render
 * time, so a language switched while a dialog is open re-words what it shows.
 */
import { errorText } from '../../../../shared/i18n/local-text';
import type { LocalisableText } from '../../../../shared/i18n/local-text';
import type { MessageRef, MessageValue } from '../../../../shared/i18n/message';
import { isMessageRef } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
import type { AppError } from '../../../../shared/result';

export type ShownWords = MessageRef | AppError;

export function shownText(tr: Translator, words: ShownWords): string {
  return isMessageRef(words) ? tr.t(words) : errorText(tr, words);
}

/** Main's words as a message's value: its `text` when main gave one, else its English sentence. */
export function madeWords(made: LocalisableText): MessageValue {
  return made.text ?? made.message ?? '';
}

/**
 * An outcome's summary ("placed 48 of 50 devices…") as a message's value: the outcome's `text` when main
 * gives one (issue 35: main's outcomes carry it beside their English summary), else the English summary.
 */
export function madeSummary(outcome: { readonly summary: string; readonly text?: MessageRef }): MessageValue {
  return outcome.text ?? outcome.summary;
}
