/**
 * A message to show, as a key and its values rather than words: what the core, the stores and stored
 * records carry (an outcome, a reason, an activity entry), so each window renders it in its own language
 * and what is stored reads the same in Almaty and in Asunción. Values are plain data (numbers stay
 * numbers: the window formats them); a value may itself be a message (a reason inside an outcome).
 * Zod-free: the window imports it.
 */
import type { MessageId } from './catalogs';

export type MessageValue = string | number | Date | MessageRef;
export interface MessageRef {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

/** A message by its key, with its values: `message('fleet.selected', { count: 3 })`. */
export function message(id: MessageId, values?: Readonly<Record<string, MessageValue>>): MessageRef {
  return values === undefined ? { id } : { id, values };
}

export function isMessageRef(value: unknown): value is MessageRef {
  return typeof value === 'object' && value !== null && typeof (value as MessageRef).id === 'string';
}
