/**
 * An error said again inside another sentence ("the device refused the pools (…); nothing was changed"):
 * the English keeps the cause without its final period, the window gets the cause's own message (issue 35)
 * so the reader sees it in their language, or the English words when the cause had none.
 */
import type { MessageValue } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';

/** The cause's sentence without its final period, as the English wraps it. */
export const trimDot = (text: string): string => text.trim().replace(/\.$/, '');

/** The cause as a message value: its `text` when it has one, else its English words. */
export const causeText = (cause: Pick<AppError, 'message' | 'text'>): MessageValue =>
  cause.text ?? trimDot(cause.message);

/** An error copied onto an outcome the window reads: its code, its English words and their `text`. */
export const errorCopy = (
  error: Pick<AppError, 'code' | 'message' | 'text'>,
): { code: string; message: string; text?: AppError['text'] } => ({
  code: error.code,
  message: error.message,
  ...(error.text !== undefined ? { text: error.text } : {}),
});
