import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JOURNAL_PREFIX,
  MAX_JOURNAL_ENTRY_BYTES,
} from '../../../../electron/core/credentials/journal-format';
import { createJournaledStore } from '../../../../electron/core/credentials/journaled-store';
import type { JournaledStore } from '../../../../electron/core/credentials/journaled-store';
import { createMemoryStore } from '../../../../electron/core/credentials/memory-store';
import type { SecureStore } from '../../../../electron/core/credentials/secure-store';
import { countingStore } from '../../../support/fake-stores';
import { secureStoreContract } from '../../../support/secure-store-contract';

/** The keychain stand-in: a memory store that records writes and can be told to refuse some. */
function fakeKeychain() {
  const raw = createMemoryStore();
  const store = countingStore(raw);
  return {
    store,
    writes: store.written,
    failWhen: (rule: ((account: string) => boolean) | undefined) => {
      store.failSetFor = rule ?? (() => false);
    },
    accounts: async () => (await raw.list()).map((e) => e.account).sort(),
    raw,
  };
}

const journalEntries = (accounts: readonly string[]) => accounts.filter((a) => a.startsWith(JOURNAL_PREFIX));
const fileQuietly = (inner: SecureStore): JournaledStore =>
  createJournaledStore(inner, { autoFile: false, lingerMs: 5 });

describe('journaled store', () => {
  describe('meets the SecureStore contract', () => {
    secureStoreContract(() => fileQuietly(createMemoryStore()));
  });

  it('commits 500 parallel writes in a few journal entries under the Windows size limit', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    const accounts = Array.from({ length: 500 }, (_, i) => `device/mac:${i}/api-key`);
    await Promise.all(
      accounts.map((a, i) => store.set(a, JSON.stringify({ secret: `k${i}`.padEnd(32, 'x') }))),
    );

    expect(keychain.writes.length).toBeLessThan(60);
    expect(journalEntries(keychain.writes)).toEqual(keychain.writes);
    for (const { account, value } of await keychain.raw.list()) {
      if (account.startsWith(JOURNAL_PREFIX))
        expect(Buffer.byteLength(value)).toBeLessThanOrEqual(MAX_JOURNAL_ENTRY_BYTES);
    }
    expect(await store.get('device/mac:499/api-key')).toContain('k499');
    expect((await store.list()).map((e) => e.account).sort()).toEqual([...accounts].sort());
    expect(store.pending).toBe(500);
  });

  it('files every secret into its own account, then removes the journal', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.set(`device/d${i}/api-key`, `key-${i}`)));
    await store.settle();

    const accounts = await keychain.accounts();
    expect(journalEntries(accounts)).toEqual([]);
    expect(accounts).toHaveLength(40);
    expect(await keychain.raw.get('device/d7/api-key')).toBe('key-7');
    expect(store.pending).toBe(0);
  });

  it('files by itself once writes go quiet', async () => {
    const keychain = fakeKeychain();
    const store = createJournaledStore(keychain.store, { lingerMs: 1, fileAfterMs: 20 });
    await store.set('device/quiet/api-key', 'k');
    await expect.poll(() => keychain.raw.get('device/quiet/api-key')).toBe('k');
    await expect.poll(async () => journalEntries(await keychain.accounts())).toEqual([]);
    await store.close();
  });

  it('a new process reads, lists and files what a crashed one left in the journal', async () => {
    const keychain = fakeKeychain();
    const crashed = fileQuietly(keychain.store);
    await Promise.all(Array.from({ length: 30 }, (_, i) => crashed.set(`device/c${i}/api-key`, `key-${i}`)));

    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('device/c3/api-key')).toBe('key-3');
    expect((await next.list()).filter((e) => e.account.startsWith(JOURNAL_PREFIX))).toEqual([]);
    expect(await next.list()).toHaveLength(30);
    await next.settle();
    expect(journalEntries(await keychain.accounts())).toEqual([]);
    expect(await keychain.raw.get('device/c29/api-key')).toBe('key-29');
  });

  it('the newest journalled value wins, also after a restart', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await store.set('device/a/api-key', 'old');
    await store.set('device/a/api-key', 'new');
    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('device/a/api-key')).toBe('new');
    await next.settle();
    expect(await keychain.raw.get('device/a/api-key')).toBe('new');
  });

  it('a deleted secret never comes back from an older journal entry', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await store.set('device/a/api-key', 'v1');
    await store.set('device/a/api-key', 'v2');
    await store.set('device/b/api-key', 'b');
    expect(await store.delete('device/a/api-key')).toBe(true);
    expect(await store.get('device/a/api-key')).toBeNull();

    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('device/a/api-key')).toBeNull();
    expect(await next.get('device/b/api-key')).toBe('b');
    expect(await next.delete('device/a/api-key')).toBe(false);
  });

  it('500 parallel deletes rewrite each journal entry about once, not once per deleted secret', async () => {
    // A bulk password change deletes its pending entries as devices confirm: each rewrite of a journal
    // entry is a whole-keyring rewrite on gnome-keyring.
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    const accounts = Array.from({ length: 500 }, (_, i) => `device/mac:${i}/pending-password`);
    await Promise.all(accounts.map((a) => store.set(a, 'pending')));
    await store.set('device/kept/password', 'kept');
    const entries = journalEntries(await keychain.accounts()).length;
    const before = keychain.writes.length;

    const deleted = await Promise.all(accounts.map((a) => store.delete(a)));
    expect(deleted.every((d) => d)).toBe(true);
    expect(keychain.writes.length - before).toBeLessThanOrEqual(entries);
    for (const a of accounts) expect(await store.get(a)).toBeNull();
    expect(await store.get('device/kept/password')).toBe('kept');
    const next = fileQuietly(keychain.store);
    await next.recover();
    expect((await next.list()).map((e) => e.account)).toEqual(['device/kept/password']);
  });

  it('a delete never overtakes a later write of the same secret', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await store.set('device/a/pending-password', 'old');
    const gone = store.delete('device/a/pending-password');
    await store.set('device/a/pending-password', 'new');
    await gone;
    expect(await store.get('device/a/pending-password')).toBe('new');
    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('device/a/pending-password')).toBe('new');
  });

  it('a value too big for the journal is written directly and supersedes a journalled one', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await store.set('site/big/password', 'small');
    const big = 'm'.repeat(5_000);
    await store.set('site/big/password', big);
    expect(await keychain.raw.get('site/big/password')).toBe(big);

    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('site/big/password')).toBe(big);
  });

  it('a journal write the keychain refuses fails those writes and claims nothing', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    keychain.failWhen((account) => account.startsWith(JOURNAL_PREFIX));
    await expect(store.set('device/x/api-key', 'k')).rejects.toThrow(/refused to store/);
    expect(await store.get('device/x/api-key')).toBeNull();
    expect(store.pending).toBe(0);
    keychain.failWhen(undefined);
    await store.set('device/x/api-key', 'k');
    expect(await store.get('device/x/api-key')).toBe('k');
  });

  it('a filing failure keeps the journal, says so, and a later settle finishes', async () => {
    const keychain = fakeKeychain();
    const failures: unknown[] = [];
    const store = createJournaledStore(keychain.store, {
      autoFile: false,
      lingerMs: 1,
      onFilingError: (e) => failures.push(e),
    });
    await Promise.all(['a', 'b', 'c'].map((d) => store.set(`device/${d}/api-key`, d)));
    keychain.failWhen((account) => account === 'device/b/api-key');
    await expect(store.settle()).rejects.toThrow(/refused to store/);
    expect(failures).toHaveLength(1);
    expect(await store.get('device/b/api-key')).toBe('b');
    expect(journalEntries(await keychain.accounts())).toHaveLength(1);

    keychain.failWhen(undefined);
    await store.settle();
    expect(journalEntries(await keychain.accounts())).toEqual([]);
    expect(await keychain.raw.get('device/b/api-key')).toBe('b');
  });

  it('writes go before filing: a set during a long filing resolves without waiting for it', async () => {
    const keychain = fakeKeychain();
    const store = fileQuietly(keychain.store);
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.set(`device/f${i}/api-key`, `k${i}`)));
    const settling = store.settle();
    await expect.poll(() => keychain.writes.filter((w) => w.startsWith('device/')).length).toBeGreaterThan(0);
    await store.set('device/urgent/api-key', 'now');
    const filedWhenAcknowledged = keychain.writes.filter((w) => w.startsWith('device/')).length;
    expect(filedWhenAcknowledged).toBeLessThan(200);
    await settling;
    expect(await keychain.raw.get('device/urgent/api-key')).toBe('now');
  });

  it('close commits what is queued and leaves the journal for the next process', async () => {
    const keychain = fakeKeychain();
    const store = createJournaledStore(keychain.store, { lingerMs: 10_000 });
    const written = store.set('device/late/api-key', 'k');
    await store.close();
    await written;
    const next = fileQuietly(keychain.store);
    await next.recover();
    expect(await next.get('device/late/api-key')).toBe('k');
  });

  it('matches a plain map through any mix of writes, deletes, filing and restarts (property)', async () => {
    type Op =
      | { kind: 'set'; account: number; value: string }
      | { kind: 'delete'; account: number }
      | { kind: 'settle' }
      | { kind: 'restart' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('set' as const),
          account: fc.nat(7),
          value: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('x'.repeat(2_500))),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), account: fc.nat(7) }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'settle' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (rounds) => {
          const inner = createMemoryStore();
          const model = new Map<string, string>();
          let store = fileQuietly(inner);
          for (const round of rounds) {
            // Operations of one round run concurrently, as bulk operations do; each touches its own account.
            const seen = new Set<number>();
            const mine = round.filter(
              (o) => !('account' in o) || (!seen.has(o.account) && seen.add(o.account)),
            );
            await Promise.all(
              mine.map(async (o) => {
                const account = 'account' in o ? `device/d${o.account}/api-key` : '';
                if (o.kind === 'set') {
                  await store.set(account, o.value);
                  model.set(account, o.value);
                } else if (o.kind === 'delete') {
                  const existed = model.delete(account);
                  expect(await store.delete(account)).toBe(existed);
                }
              }),
            );
            for (const o of mine) {
              if (o.kind === 'settle') await store.settle();
              if (o.kind === 'restart') {
                store = fileQuietly(inner);
                await store.recover();
              }
            }
            const listed = new Map((await store.list()).map((e) => [e.account, e.value]));
            expect(listed).toEqual(model);
            for (const [account, value] of model) expect(await store.get(account)).toBe(value);
          }
          await store.settle();
          const filed = new Map((await inner.list()).map((e) => [e.account, e.value]));
          expect(filed).toEqual(model);
        },
      ),
      { numRuns: 200 },
    );
  });
});
