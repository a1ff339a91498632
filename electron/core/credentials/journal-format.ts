/**
 * The keychain journal's entries as stored (journaled-store.ts): their account names, which sort by
 * creation (`journal/<time>-<tag>-<seq>`), their JSON content (account → value), and packing queued writes
 * into entries under the size a credential may have on every platform.
 */
import { randomBytes } from 'node:crypto';

export const JOURNAL_PREFIX = 'journal/';
/** Windows Credential Manager caps a credential blob at 2,560 bytes; stay well under. */
export const MAX_JOURNAL_ENTRY_BYTES = 2_000;

/** What one journal entry holds: each account's value. */
export type JournalContent = Map<string, string>;

export const encodeJournal = (content: Iterable<[string, string]>): string =>
  JSON.stringify({ v: 1, entries: [...content] });

/** The size of a journal entry holding nothing: what every entry costs before its values. */
export const EMPTY_JOURNAL_BYTES = encodeJournal([]).length;

/** `undefined` for anything that is not a journal entry of ours (left alone, never deleted). */
export function decodeJournal(value: string): JournalContent | undefined {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('entries' in parsed)) return undefined;
    const { entries } = parsed;
    if (!Array.isArray(entries)) return undefined;
    const content: JournalContent = new Map();
    for (const e of entries) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string') return undefined;
      content.set(e[0], e[1]);
    }
    return content;
  } catch {
    return undefined;
  }
}

export const isJournal = (account: string): boolean => account.startsWith(JOURNAL_PREFIX);

/** What one account's value adds to a journal entry, in bytes. */
export const entryCost = (account: string, value: string): number =>
  Buffer.byteLength(JSON.stringify([account, value]), 'utf8') + 1;

/** Splits queued writes into journal entries under the byte limit, later writes to one account winning. */
export function pack<W extends { account: string; value: string }>(
  writes: readonly W[],
  maxBytes: number,
): W[][] {
  const chunks: W[][] = [];
  let current: W[] = [];
  let size = EMPTY_JOURNAL_BYTES;
  for (const write of writes) {
    const cost = entryCost(write.account, write.value);
    if (current.length > 0 && size + cost > maxBytes) {
      chunks.push(current);
      current = [];
      size = EMPTY_JOURNAL_BYTES;
    }
    current.push(write);
    size += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Names for this process's journal entries: sorted by creation, unique across processes (a random tag). */
export function journalNamer(): () => string {
  const tag = randomBytes(4).toString('hex');
  let seq = 0;
  return () => {
    seq += 1;
    return `${JOURNAL_PREFIX}${String(Date.now()).padStart(14, '0')}-${tag}-${String(seq).padStart(8, '0')}`;
  };
}
