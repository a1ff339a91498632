/**
 * What every SecureStore must do, as one suite run against each implementation (memory in unit tests,
 * keytar against a real Secret Service in integration tests), so the two cannot drift apart.
 */
import { expect, it } from 'vitest';
import type { SecureStore } from '../../electron/core/credentials/secure-store';

export function secureStoreContract(store: () => SecureStore): void {
  it('stores, reads back, replaces and deletes a value', async () => {
    const s = store();
    expect(await s.get('device/a/password')).toBeNull();
    await s.set('device/a/password', 'first');
    expect(await s.get('device/a/password')).toBe('first');
    await s.set('device/a/password', 'second');
    expect(await s.get('device/a/password')).toBe('second');
    expect(await s.delete('device/a/password')).toBe(true);
    expect(await s.get('device/a/password')).toBeNull();
    expect(await s.delete('device/a/password')).toBe(false);
  });

  it('lists every entry of its service with its value', async () => {
    const s = store();
    await s.set('device/l1/password', 'one');
    await s.set('device/l2/api-key', 'two');
    const listed = (await s.list()).filter((e) => e.account.startsWith('device/l'));
    expect(listed.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'device/l1/password', value: 'one' },
      { account: 'device/l2/api-key', value: 'two' },
    ]);
  });

  it('keeps unicode exactly (accents, CJK, emoji, combining marks)', async () => {
    const s = store();
    const value = 'pässwörd-密码-🔑-e\u0301-\u{1F469}\u200D\u{1F4BB}';
    await s.set('site/unicode/password', value);
    expect(await s.get('site/unicode/password')).toBe(value);
  });

  it('keeps long values (64 KiB) whole', async () => {
    const s = store();
    const value = 'x'.repeat(32 * 1024) + 'é'.repeat(16 * 1024);
    await s.set('device/long/api-key', value);
    expect(await s.get('device/long/api-key')).toBe(value);
  });

  it('keeps accounts apart', async () => {
    const s = store();
    await s.set('device/p/password', 'pw');
    await s.set('device/p/api-key', 'key');
    expect(await s.get('device/p/password')).toBe('pw');
    expect(await s.get('device/p/api-key')).toBe('key');
  });
}
