/**
 * What the keychain journal's entries hold, as this process knows them: each entry's content, the newest
 * journalled value of each account (the newest entry wins: names sort by creation), and the values already
 * filed into their own accounts while their entry still exists. Reads and listings see journalled values
 * through it; filing walks it oldest entry first.
 */
import type { JournalContent } from './journal-format';
import { decodeJournal, encodeJournal, isJournal } from './journal-format';
import type { SecureStore, StoredEntry } from './secure-store';

/** One step of filing: write a current value to its own account, or retire an entry whose values are filed. */
export type FilingStep =
  | { kind: 'file'; journal: string; account: string; value: string }
  | { kind: 'retire'; journal: string; content: JournalContent };

export interface JournalIndex {
  /** The newest journalled value of the account, if any. */
  valueOf(account: string): string | undefined;
  /** Values waiting in journal entries (not yet in their own accounts). */
  readonly size: number;
  hasJournals(): boolean;
  /** An entry was written to the keychain: its values are the newest now. */
  committed(name: string, content: JournalContent): void;
  /** Takes over journal entries found in the keychain (another process's, or one that crashed). */
  adopt(entries: readonly StoredEntry[]): void;
  /**
   * Removes `accounts` from every journal entry holding them, before they are deleted or written directly:
   * one rewrite per journal entry however many of them it holds.
   */
  purge(accounts: readonly string[]): Promise<void>;
  /** The next filing step, oldest entry first; undefined when no entry is left. */
  nextFiling(): FilingStep | undefined;
  /** The step ran: the value is in its own account, or the retired entry is gone from the keychain. */
  done(step: FilingStep): void;
  /** The keychain's own entries with the journalled values over them, journal entries hidden. */
  overlay(entries: readonly StoredEntry[]): StoredEntry[];
}

export function createJournalIndex(inner: SecureStore): JournalIndex {
  /** What each journal entry in the keychain holds right now. */
  const journals = new Map<string, JournalContent>();
  /** The newest journalled value of each account, and the entry holding it. */
  const latest = new Map<string, { journal: string; value: string }>();
  /** `journal\naccount` pairs already written to their own account while the journal entry still exists. */
  const filed = new Set<string>();

  return {
    valueOf: (account) => latest.get(account)?.value,
    get size() {
      return latest.size;
    },
    hasJournals: () => journals.size > 0,

    committed(name, content) {
      journals.set(name, content);
      for (const [account, value] of content) latest.set(account, { journal: name, value });
    },

    adopt(entries) {
      for (const { account, value } of entries) {
        if (!isJournal(account) || journals.has(account)) continue;
        const content = decodeJournal(value);
        if (content !== undefined) journals.set(account, content);
      }
      for (const name of [...journals.keys()].sort()) {
        for (const [account, value] of journals.get(name) ?? [])
          latest.set(account, { journal: name, value });
      }
    },

    async purge(accounts) {
      for (const account of accounts) latest.delete(account);
      for (const [name, content] of [...journals]) {
        if (!accounts.some((account) => content.has(account))) continue;
        const rest = new Map(content);
        for (const account of accounts) rest.delete(account);
        if (rest.size === 0) {
          await inner.delete(name);
          journals.delete(name);
        } else {
          await inner.set(name, encodeJournal(rest));
          journals.set(name, rest);
        }
      }
    },

    nextFiling() {
      const oldest = [...journals.keys()].sort()[0];
      if (oldest === undefined) return undefined;
      const content = journals.get(oldest) ?? new Map<string, string>();
      const unfiled = [...content].find(
        ([account]) => latest.get(account)?.journal === oldest && !filed.has(`${oldest}\n${account}`),
      );
      if (unfiled === undefined) return { kind: 'retire', journal: oldest, content };
      const [account, value] = unfiled;
      return { kind: 'file', journal: oldest, account, value };
    },

    done(step) {
      if (step.kind === 'file') {
        filed.add(`${step.journal}\n${step.account}`);
        return;
      }
      journals.delete(step.journal);
      for (const [account] of step.content) {
        filed.delete(`${step.journal}\n${account}`);
        if (latest.get(account)?.journal === step.journal) latest.delete(account);
      }
    },

    overlay(entries) {
      const values = new Map<string, string>();
      const over = new Map<string, { journal: string; value: string }>();
      for (const { account, value } of entries) {
        if (!isJournal(account)) {
          values.set(account, value);
          continue;
        }
        // Journal entries another process wrote after this one started: the newest wins there too.
        for (const [a, v] of decodeJournal(value) ?? []) {
          const seen = over.get(a);
          if (seen === undefined || seen.journal < account) over.set(a, { journal: account, value: v });
        }
      }
      for (const [a, entry] of latest) {
        const seen = over.get(a);
        if (seen === undefined || seen.journal <= entry.journal) over.set(a, entry);
      }
      for (const [a, { value }] of over) values.set(a, value);
      return [...values].map(([account, value]) => ({ account, value }));
    },
  };
}
