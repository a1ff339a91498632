import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../../electron/core/credentials/memory-store';
import { createVault } from '../../../../electron/core/credentials/vault';
import { countingStore } from '../../../support/fake-stores';
import { secureStoreContract } from '../../../support/secure-store-contract';

const A = 'mac:02:00:00:00:00:0A';
const B = 'mac:02:00:00:00:00:0B';
const C = 'addr:127.0.0.1:8080';

describe('memory store', () => {
  secureStoreContract(createMemoryStore);

  it('is session-only', () => {
    expect(createMemoryStore().kind).toBe('memory');
    expect(createVault(createMemoryStore()).persistent).toBe(false);
  });
});

describe('vault: the credential model', () => {
  it('stores under the documented account names, as JSON with metadata', async () => {
    const store = createMemoryStore();
    const vault = createVault(store, () => new Date('2026-11-20T10:00:00Z'));
    await vault.setDevicePassword(A, 'dev-pw', { address: 'http://10.0.0.5' });
    await vault.setApiKey(A, 'K'.repeat(32), { description: 'Minerdeck t 2026-11-20' });
    await vault.setSitePassword('acme', 'site-pw', [{ deviceId: B }]);
    const accounts = (await store.list()).map((e) => e.account).sort();
    expect(accounts).toEqual([`device/${A}/api-key`, `device/${A}/password`, 'site/acme/password']);
    expect(JSON.parse((await store.get(`device/${A}/password`)) ?? '')).toEqual({
      secret: 'dev-pw',
      storedAt: '2026-11-20T10:00:00.000Z',
      address: 'http://10.0.0.5',
    });
  });

  it("uses the device's own password before its site's, and the site's when it has none", async () => {
    const vault = createVault(createMemoryStore());
    await vault.setSitePassword('acme', 'site-pw', [{ deviceId: A }, { deviceId: B }]);
    await vault.setDevicePassword(A, 'override');
    expect(await vault.passwordFor(A, undefined)).toMatchObject({
      secret: 'override',
      source: { kind: 'device' },
    });
    expect(await vault.passwordFor(B, undefined)).toMatchObject({
      secret: 'site-pw',
      source: { kind: 'site', siteId: 'acme' },
      rejected: false,
    });
    expect(await vault.passwordFor(C, undefined)).toBeUndefined();
    expect(await vault.passwordFor(C, 'acme')).toMatchObject({ secret: 'site-pw' });
  });

  it('remembers a refusal per device, and a new password clears it', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setSitePassword('acme', 'site-pw', [{ deviceId: A }, { deviceId: B }]);
    await vault.setDevicePassword(C, 'dev-pw');
    await vault.markPasswordRejected({ kind: 'site', siteId: 'acme' }, A);
    await vault.markPasswordRejected({ kind: 'device' }, C);
    expect(await vault.passwordFor(A, undefined)).toMatchObject({ rejected: true });
    expect(await vault.passwordFor(B, undefined)).toMatchObject({ rejected: false });
    expect(await vault.passwordFor(C, undefined)).toMatchObject({ rejected: true });

    await vault.setSitePassword('acme', 'new-site-pw');
    await vault.setDevicePassword(C, 'new-dev-pw');
    expect(await vault.passwordFor(A, undefined)).toMatchObject({ secret: 'new-site-pw', rejected: false });
    expect(await vault.passwordFor(C, undefined)).toMatchObject({ secret: 'new-dev-pw', rejected: false });
  });

  it('adds 500 site members from parallel calls without losing one, in a few writes', async () => {
    const store = countingStore();
    const vault = createVault(store);
    await vault.setSitePassword('big', 'pw');
    const before = store.counts.set;
    const ids = Array.from({ length: 500 }, (_, i) => `addr:127.0.${i >> 8}.${i & 255}:80`);
    await Promise.all(ids.map((deviceId) => vault.addSiteMember('big', { deviceId })));
    expect((await vault.list()).sites[0]?.members.sort()).toEqual([...ids].sort());
    expect(store.counts.set - before).toBeLessThanOrEqual(3);
    expect(await vault.siteOf(ids[321] ?? '')).toBe('big');
  });

  it('lists metadata only: which device has what, never a secret', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setSitePassword('acme', 'S1te-Secret', [{ deviceId: B, address: 'http://10.0.0.6' }]);
    await vault.setDevicePassword(A, 'D3vice-Secret', { address: 'http://10.0.0.5' });
    await vault.setApiKey(A, 'K3y'.repeat(10) + 'xx', {
      description: 'Minerdeck t 2026-11-20',
      address: 'http://10.0.0.5',
    });
    const listing = await vault.list();
    expect(JSON.stringify(listing)).not.toMatch(/S1te-Secret|D3vice-Secret|K3yK3y/);
    expect(listing.devices).toEqual([
      expect.objectContaining({
        deviceId: A,
        address: 'http://10.0.0.5',
        password: expect.objectContaining({ source: 'device', rejected: false }),
        apiKey: expect.objectContaining({ description: 'Minerdeck t 2026-11-20' }),
      }),
      expect.objectContaining({
        deviceId: B,
        address: 'http://10.0.0.6',
        password: expect.objectContaining({ source: 'site', siteId: 'acme' }),
      }),
    ]);
    expect(listing.sites).toEqual([expect.objectContaining({ siteId: 'acme', members: [B] })]);
  });

  it('counts damaged entries as unreadable and ignores foreign ones (probe leftovers)', async () => {
    const store = createMemoryStore();
    await store.set(`device/${A}/password`, 'not json');
    await store.set(`device/${B}/api-key`, JSON.stringify({ secret: '', storedAt: 'x' }));
    await store.set('probe/1234', 'x');
    await store.set('something/else', 'x');
    const vault = createVault(store);
    expect(await vault.list()).toEqual({ devices: [], sites: [], unreadable: 2 });
    expect(await vault.getApiKey(B)).toBeUndefined();
  });

  it('finds a device by the address its credentials were stored with (newest wins)', async () => {
    const vault = createVault(
      createMemoryStore(),
      (() => {
        let t = Date.parse('2026-01-01T00:00:00Z');
        return () => new Date((t += 1000));
      })(),
    );
    await vault.setApiKey(A, 'k'.repeat(32), { description: 'd', address: 'http://10.0.0.9' });
    await vault.setApiKey(B, 'k'.repeat(32), { description: 'd', address: 'http://10.0.0.9' });
    expect(await vault.findDeviceByAddress('http://10.0.0.9')).toBe(B);
    expect(await vault.findDeviceByAddress('http://10.0.0.10')).toBeUndefined();
  });

  it('refuses ids and site names that could reach another entry', async () => {
    const vault = createVault(createMemoryStore());
    await expect(vault.setDevicePassword('x/../site/acme', 'pw')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(vault.setSitePassword('a/b', 'pw')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(vault.setSitePassword('', 'pw')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(vault.getApiKey(' padded')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('deletes what it is asked to, and says whether there was something', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setApiKey(A, 'k'.repeat(32), { description: 'd' });
    expect(await vault.deleteApiKey(A)).toBe(true);
    expect(await vault.deleteApiKey(A)).toBe(false);
    expect(await vault.getApiKey(A)).toBeUndefined();
  });
});

describe('vault: API keys read on every poll', () => {
  it('reads a key from the keychain once, and sees its own writes and deletes at once', async () => {
    const store = countingStore();
    const vault = createVault(store);
    await vault.setApiKey(A, 'K'.repeat(32), { description: 'd' });
    const readsBefore = store.counts.get;
    for (let i = 0; i < 50; i += 1) expect((await vault.getApiKey(A))?.secret).toBe('K'.repeat(32));
    expect(await vault.getApiKey(B)).toBeUndefined();
    expect(await vault.getApiKey(B)).toBeUndefined();
    expect(store.counts.get - readsBefore).toBe(1);

    await vault.setApiKey(A, 'N'.repeat(32), { description: 'd' });
    expect((await vault.getApiKey(A))?.secret).toBe('N'.repeat(32));
    expect(await vault.deleteApiKey(A)).toBe(true);
    expect(await vault.getApiKey(A)).toBeUndefined();
  });

  it('reads a key again only after minutes: 10,000 devices polled every 10 s are not 333 keychain reads a second', async () => {
    const store = countingStore();
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const vault = createVault(store, () => new Date(clock));
    await store.set(`device/${A}/api-key`, JSON.stringify({ secret: 'K'.repeat(32), storedAt: 't' }));
    const readsBefore = store.counts.get;
    // One poll every 10 s for 9 minutes: one read.
    for (let poll = 0; poll < 54; poll += 1) {
      expect((await vault.getApiKey(A))?.secret).toBe('K'.repeat(32));
      clock += 10_000;
    }
    expect(store.counts.get - readsBefore).toBe(1);
    // Past ten minutes, a key changed by another process is read again.
    await store.set(`device/${A}/api-key`, JSON.stringify({ secret: 'R'.repeat(32), storedAt: 't' }));
    clock += 61_000;
    expect((await vault.getApiKey(A))?.secret).toBe('R'.repeat(32));
    expect(store.counts.get - readsBefore).toBe(2);
  });

  it('a read that started before a write cannot put the old key back', async () => {
    const store = createMemoryStore();
    const vault = createVault(store);
    await store.set(`device/${A}/api-key`, JSON.stringify({ secret: 'old', storedAt: 't' }));
    const slowRead = vault.getApiKey(A);
    await vault.setApiKey(A, 'new', { description: 'd' });
    await slowRead;
    expect((await vault.getApiKey(A))?.secret).toBe('new');
  });
});

describe('vault: password changes (pending entry, factory default, changed here)', () => {
  it('keeps a pending password beside the old one until it is confirmed or dropped', async () => {
    const store = createMemoryStore();
    const vault = createVault(store, () => new Date('2026-11-24T10:00:00Z'));
    await vault.setDevicePassword(A, 'admin');
    await vault.setPendingPassword(A, 'new-pw-1', { changedAt: '2026-11-24T09:59:00.000Z' });
    expect((await store.list()).map((e) => e.account).sort()).toEqual([
      `device/${A}/password`,
      `device/${A}/pending-password`,
    ]);
    expect(await vault.pendingPasswordFor(A)).toEqual({
      secret: 'new-pw-1',
      since: '2026-11-24T09:59:00.000Z',
      rejected: false,
    });
    // the old password is still the one an unlock uses
    expect((await vault.passwordFor(A, undefined))?.secret).toBe('admin');
    await vault.markPendingRejected(A);
    expect((await vault.pendingPasswordFor(A))?.rejected).toBe(true);
    expect(await vault.deletePendingPassword(A)).toBe(true);
    expect(await vault.pendingPasswordFor(A)).toBeUndefined();
  });

  it('lists the factory default, a change made here and a pending change, never a secret', async () => {
    const vault = createVault(createMemoryStore(), () => new Date('2026-11-24T10:00:00Z'));
    await vault.setDevicePassword(A, 'admin');
    await vault.setDevicePassword(B, 'Str0ng-pw', { changedAt: '2026-11-24T09:00:00.000Z' });
    await vault.setSitePassword('acme', 'admin', [{ deviceId: C }]);
    await vault.setPendingPassword(B, 'Next-pw-2', { changedAt: '2026-11-24T09:30:00.000Z' });
    const listing = await vault.list();
    const byId = new Map(listing.devices.map((d) => [d.deviceId, d]));
    expect(byId.get(A)?.password).toMatchObject({ source: 'device', factoryDefault: true });
    expect(byId.get(B)?.password).toMatchObject({
      factoryDefault: false,
      changedAt: '2026-11-24T09:00:00.000Z',
    });
    expect(byId.get(B)?.pendingPassword).toEqual({ since: '2026-11-24T09:30:00.000Z', rejected: false });
    expect(byId.get(C)?.password).toMatchObject({ source: 'site', factoryDefault: true });
    const text = JSON.stringify(listing);
    for (const secret of ['Str0ng-pw', 'Next-pw-2']) expect(text).not.toContain(secret);
  });
});

describe('vault: a refusal recorded against the password that was refused', () => {
  it('does not mark (nor overwrite) a password stored since the refused one was read', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setDevicePassword(A, 'old-pw');
    await vault.setDevicePassword(A, 'new-pw');
    await vault.markPasswordRejected({ kind: 'device' }, A, 'old-pw');
    expect(await vault.passwordFor(A, undefined)).toMatchObject({ secret: 'new-pw', rejected: false });
    await vault.markPasswordRejected({ kind: 'device' }, A, 'new-pw');
    expect(await vault.passwordFor(A, undefined)).toMatchObject({ secret: 'new-pw', rejected: true });
  });
});

describe('vault: site members are the devices that accepted the site password (issue 22, item 10)', () => {
  const ids = Array.from({ length: 300 }, (_, i) => `addr:127.0.${i >> 8}.${i & 255}:80`);

  it('a device that takes a password of its own leaves a site whose password is another', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setSitePassword('acme', 'admin', [{ deviceId: A }, { deviceId: B }, { deviceId: C }]);
    await vault.setDevicePassword(A, 'Changed-pw-1', { changedAt: '2026-11-24T09:00:00.000Z' });
    await vault.setDevicePassword(B, 'admin');
    expect((await vault.list()).sites[0]?.members.sort()).toEqual([B, C].sort());
    expect(await vault.siteOf(A)).toBeUndefined();
    // Forgotten, its own password does not bring the site's back: no "Factory pw", nothing sent.
    await vault.deleteDevicePassword(A);
    expect((await vault.list()).devices.find((d) => d.deviceId === A)).toBeUndefined();
    expect(await vault.passwordFor(A, undefined)).toBeUndefined();
    expect(await vault.passwordFor(C, undefined)).toMatchObject({ source: { kind: 'site', siteId: 'acme' } });
  });

  it('a replaced site password is no evidence for the members that accepted the earlier one', async () => {
    const vault = createVault(createMemoryStore());
    await vault.setSitePassword('acme', 'Site-pw-1', [{ deviceId: A }, { deviceId: B }]);
    await vault.setSitePassword('acme', 'admin', [{ deviceId: C }]);
    const byId = async () => new Map((await vault.list()).devices.map((d) => [d.deviceId, d.password]));
    expect((await byId()).get(A)).toMatchObject({ source: 'site', factoryDefault: false, unconfirmed: true });
    expect((await byId()).get(C)).toMatchObject({ source: 'site', factoryDefault: true });
    expect((await byId()).get(C)?.unconfirmed).toBeUndefined();
    // Still tried on them (a new site password clears refusals); accepted, it is evidence.
    expect(await vault.passwordFor(A, undefined)).toMatchObject({ secret: 'admin', rejected: false });
    await vault.addSiteMember('acme', { deviceId: A });
    expect((await byId()).get(A)).toMatchObject({ factoryDefault: true });
    expect((await byId()).get(A)?.unconfirmed).toBeUndefined();
    expect((await byId()).get(B)).toMatchObject({ factoryDefault: false, unconfirmed: true });
    // A refusal is no evidence of the factory password either.
    await vault.markPasswordRejected({ kind: 'site', siteId: 'acme' }, C);
    expect((await byId()).get(C)).toMatchObject({ rejected: true, factoryDefault: false });
  });

  it('a bulk password change leaves the site in a few writes and one keychain listing', async () => {
    const store = countingStore();
    const vault = createVault(store);
    await vault.setSitePassword(
      'big',
      'admin',
      ids.map((deviceId) => ({ deviceId })),
    );
    const before = { ...store.counts, written: store.written.length };
    await Promise.all(ids.map((id) => vault.setDevicePassword(id, `own-${id}`)));
    const siteWrites = store.written.slice(before.written).filter((a) => a === 'site/big/password');
    expect(siteWrites.length).toBeLessThanOrEqual(3);
    expect(store.counts.list - before.list).toBe(1);
    expect((await vault.list()).sites[0]?.members).toEqual([]);
  });
});
