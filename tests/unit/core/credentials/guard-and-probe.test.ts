import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../../electron/core/credentials/memory-store';
import {
  createPasswordGuard,
  DEFAULT_LOCKOUT_SECONDS,
} from '../../../../electron/core/credentials/password-guard';
import { probeKeychain } from '../../../../electron/core/credentials/probe';
import { keychainAdviceWords } from '../../../../electron/core/credentials/keychain-advice';
import { keychainAdvice } from '../../../../electron/core/credentials/open-keychain';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';
import { hangingStore, refusingStore, silentlyLockedStore } from '../../../support/fake-stores';

describe('password guard', () => {
  it('remembers a refused password per device, and only that one', () => {
    const guard = createPasswordGuard();
    guard.reject('d1', 'wrong');
    expect(guard.isRejected('d1', 'wrong')).toBe(true);
    expect(guard.isRejected('d1', 'other')).toBe(false);
    expect(guard.isRejected('d2', 'wrong')).toBe(false);
  });

  it('blocks unlocks until the lockout is over, to the second, without a network call', () => {
    let now = 1_000_000;
    const guard = createPasswordGuard(() => now);
    guard.lockOut('d1', 17);
    expect(guard.lockoutSecondsLeft('d1')).toBe(17);
    expect(() => guard.assertMayUnlock('d1', '10.0.0.5:80')).toThrow(
      expect.objectContaining({ code: 'LOCKED_OUT', detail: { retryAfterSeconds: 17 } }),
    );
    now += 16_001;
    expect(guard.lockoutSecondsLeft('d1')).toBe(1);
    now += 999;
    expect(guard.lockoutSecondsLeft('d1')).toBe(0);
    expect(() => guard.assertMayUnlock('d1', '10.0.0.5:80')).not.toThrow();
  });

  it('waits a default time when the device did not say how long', () => {
    const guard = createPasswordGuard(() => 0);
    guard.lockOut('d1', undefined);
    expect(guard.lockoutSecondsLeft('d1')).toBe(DEFAULT_LOCKOUT_SECONDS);
  });
});

describe('keychain probe (write, read back, delete)', () => {
  it('says available for a working store, and leaves nothing behind', async () => {
    const store = createMemoryStore();
    expect(await probeKeychain(store)).toMatchObject({ state: 'available' });
    expect(await store.list()).toEqual([]);
  });

  it('says locked when reads come back empty, as keytar does on a locked keyring', async () => {
    expect(await probeKeychain(silentlyLockedStore())).toMatchObject({
      state: 'locked',
      reason: expect.stringMatching(/reading it back returned nothing/),
      reasonText: { id: 'settings.keychain.reason.silentRead' },
    });
  });

  it('says locked with the system reason for a locked collection', async () => {
    expect(await probeKeychain(refusingStore('Cannot create an item in a locked collection'))).toMatchObject({
      state: 'locked',
      reason: 'Cannot create an item in a locked collection',
    });
  });

  it('says unavailable with the system reason when there is no Secret Service', async () => {
    expect(await probeKeychain(refusingStore('Cannot autolaunch D-Bus without X11 $DISPLAY'))).toMatchObject({
      state: 'unavailable',
      reason: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });

  it('answers within its time bound when the keychain never answers', async () => {
    const store = hangingStore();
    const started = Date.now();
    const status = await probeKeychain(store, { timeoutMs: 300 });
    store.release();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(status).toMatchObject({
      state: 'locked',
      reason: expect.stringMatching(/did not answer within 300 ms/),
    });
    // The same for the window's language (issue 35): English word for word, Russian.
    expect(status.reasonText).toEqual({ id: 'settings.keychain.reason.timeout', values: { ms: 300 } });
    expect(englishTranslator().t(status.reasonText!)).toBe(status.reason);
    expect(createTranslator('ru').t(status.reasonText!)).toMatch(/^связка ключей не ответила за 300 мс/);
  });
});

describe('keychain advice', () => {
  it.each([
    ['locked', 'darwin'],
    ['locked', 'win32'],
    ['locked', 'linux'],
    ['unavailable', 'linux'],
    ['unavailable', 'darwin'],
    ['available', 'linux'],
  ] as const)('%s on %s: the message for the window says the English word for word', (state, platform) => {
    const advice = keychainAdviceWords({ state }, platform);
    expect(advice.message).toBe(keychainAdvice({ state, elapsedMs: 0 }, platform));
    expect(englishTranslator().t(advice.text)).toBe(advice.message);
    expect(createTranslator('ru').t(advice.text)).not.toBe(advice.message);
  });
});
