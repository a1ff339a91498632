/**
 * The keytar store against a real Secret Service (gnome-keyring on a private D-Bus session under
 * `npm test`; REQUIRE_KEYCHAIN=1 makes its absence a failure). Each run uses its own service name and
 * removes what it stored.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { JOURNAL_PREFIX } from '../../electron/core/credentials/journal-format';
import { closeKeychain, openKeychain, settleKeychain } from '../../electron/core/credentials/open-keychain';
import { probeKeychain } from '../../electron/core/credentials/probe';
import { createVault } from '../../electron/core/credentials/vault';
import { missingKeytar, silentKeytar } from '../support/fake-stores';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { secureStoreContract } from '../support/secure-store-contract';

const SERVICE = testServiceName('keytar');
const OTHER = testServiceName('keytar-other');

describeWith(keychain, 'keytar store on a real Secret Service', () => {
  afterAll(async () => {
    await clearService(SERVICE);
    await clearService(OTHER);
  });

  describe('contract', () => {
    secureStoreContract(() => createKeytarStore({ service: SERVICE }));
  });

  it('lists only its own service', async () => {
    await createKeytarStore({ service: OTHER }).set('device/x/password', 'other');
    const listed = await createKeytarStore({ service: SERVICE }).list();
    expect(listed.some((e) => e.value === 'other')).toBe(false);
  });

  it('listing while entries are deleted: every listing answers, and the process survives', async () => {
    // Unserialized, libsecret hands keytar a NULL secret for an entry deleted mid-listing (the process
    // aborts) or fails the listing ("No such secret item"); a bulk password change does exactly this.
    const store = createKeytarStore({ service: SERVICE, timeoutMs: 30_000 });
    for (let round = 0; round < 5; round += 1) {
      const accounts = Array.from({ length: 20 }, (_, i) => `device/race-${round}-${i}/pending-password`);
      for (const account of accounts) await store.set(account, 'pending');
      const listings = await Promise.all(
        accounts.flatMap((account) => [store.delete(account).then(() => []), store.list()]),
      );
      expect(listings.every((l) => Array.isArray(l))).toBe(true);
    }
    expect((await store.list()).filter((e) => e.account.includes('/race-'))).toEqual([]);
  }, 60_000);

  it('takes its service name from MINERDECK_KEYCHAIN_SERVICE, else "minerdeck"', () => {
    expect(createKeytarStore({ env: { MINERDECK_KEYCHAIN_SERVICE: SERVICE } }).service).toBe(SERVICE);
    expect(createKeytarStore({ env: {} }).service).toBe('minerdeck');
  });

  it('the probe says available, quickly, and leaves no entry behind', async () => {
    const store = createKeytarStore({ service: SERVICE });
    const before = (await store.list()).length;
    const status = await probeKeychain(store);
    expect(status.state).toBe('available');
    expect(status.elapsedMs).toBeLessThan(5_000);
    expect((await store.list()).length).toBe(before);
  });

  it('openKeychain picks the keychain (child-process probe, then this process)', async () => {
    const opened = await openKeychain({ service: SERVICE });
    expect(opened.status.state).toBe('available');
    expect(opened.store.kind).toBe('keychain');
    expect(opened.service).toBe(SERVICE);
    await closeKeychain(opened);
  });

  it('200 API keys: a few journal entries at once, one entry per key after filing, across processes', async () => {
    const service = testServiceName('journal');
    const raw = createKeytarStore({ service, timeoutMs: 30_000 });
    try {
      const first = await openKeychain({ service, autoFile: false, inProcessOnly: true });
      const vault = createVault(first.store);
      const ids = Array.from({ length: 200 }, (_, i) => `mac:02:00:00:00:${Math.floor(i / 256)}:${i % 256}`);
      await Promise.all(
        ids.map((id, i) => vault.setApiKey(id, `key-${i}`.padEnd(32, 'k'), { description: 'd' })),
      );
      const journal = (await raw.list()).filter((e) => e.account.startsWith(JOURNAL_PREFIX));
      expect(journal.length).toBeGreaterThan(0);
      expect(journal.length).toBeLessThan(40);
      // This process "exits" here without filing: the next one reads the keys and files them.
      const next = await openKeychain({ service, autoFile: false, inProcessOnly: true });
      expect((await createVault(next.store).getApiKey(ids[123] ?? ''))?.secret).toBe(
        'key-123'.padEnd(32, 'k'),
      );
      expect((await createVault(next.store).list()).devices).toHaveLength(200);
      await settleKeychain(next);
      const accounts = (await raw.list()).map((e) => e.account);
      expect(accounts.filter((a) => a.startsWith(JOURNAL_PREFIX))).toEqual([]);
      expect(accounts.filter((a) => a.endsWith('/api-key'))).toHaveLength(200);
      await closeKeychain(next);
      await closeKeychain(first);
    } finally {
      await clearService(service);
    }
  }, 120_000);

  it('the vault over the real keychain: site, device, key — listed without secrets', async () => {
    const vault = createVault(createKeytarStore({ service: SERVICE }));
    expect(vault.persistent).toBe(true);
    await vault.setSitePassword('hall-7', 'Hall-7-secret');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        vault.addSiteMember('hall-7', { deviceId: `addr:127.0.0.${i + 1}:80` }),
      ),
    );
    await vault.setApiKey('mac:02:00:00:00:00:01', 'K'.repeat(32), { description: 'Minerdeck t 2026-11-20' });
    const listing = await vault.list();
    expect(listing.sites[0]?.members).toHaveLength(50);
    expect(JSON.stringify(listing)).not.toMatch(/Hall-7-secret|KKKKKKKK/);
    expect((await vault.passwordFor('addr:127.0.0.9:80', undefined))?.secret).toBe('Hall-7-secret');
  });
});

describe('keytar store failures (no Secret Service needed)', () => {
  it('a keytar that cannot load → unavailable with the reason, no crash', async () => {
    const store = createKeytarStore({ service: SERVICE, loadKeytar: missingKeytar });
    await expect(store.get('x')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE', kind: 'not-loaded' });
    expect(await probeKeychain(store)).toMatchObject({
      state: 'unavailable',
      reason: expect.stringMatching(/keytar/),
    });
  });

  it('a keychain that never answers: each call fails after its bound', async () => {
    const store = createKeytarStore({
      service: SERVICE,
      timeoutMs: 200,
      loadKeytar: async () => silentKeytar(),
    });
    const started = Date.now();
    await expect(store.set('x', 'y')).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/200 ms/),
    });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await probeKeychain(store)).toMatchObject({ state: 'locked' });
  });
});
