import { describe, expect, it } from 'vitest';
import { AuthState, randomAlphanumeric } from '../../simulator/auth-state';
import type { AuthSettings } from '../../simulator/auth-state';

function withClock(settings: Partial<AuthSettings> = {}) {
  let now = 1_000_000;
  const auth = new AuthState(
    { password: 'pw', lockoutThreshold: 3, lockoutSeconds: 30, ...settings },
    () => now,
  );
  return { auth, advance: (ms: number) => (now += ms) };
}

const tokenOf = (auth: AuthState): string => {
  const outcome = auth.unlock('pw');
  if (outcome.kind !== 'ok') throw new Error(`unlock gave ${outcome.kind}`);
  return outcome.token;
};

describe('AuthState', () => {
  it('counts the seconds left of a lockout down with the clock', () => {
    const { auth, advance } = withClock();
    for (let i = 0; i < 3; i++) expect(auth.unlock('no').kind).toBe('wrong');
    expect(auth.unlock('pw')).toEqual({ kind: 'locked', secondsLeft: 30 });
    advance(12_500);
    expect(auth.lockoutSecondsLeft()).toBe(18);
    advance(17_500);
    expect(auth.lockoutSecondsLeft()).toBe(0);
    expect(auth.unlock('pw').kind).toBe('ok');
  });

  it('never locks out with a threshold of 0', () => {
    const { auth } = withClock({ lockoutThreshold: 0 });
    for (let i = 0; i < 50; i++) expect(auth.unlock('no').kind).toBe('wrong');
    expect(auth.unlock('pw').kind).toBe('ok');
  });

  it('expires tokens exactly at their lifetime', () => {
    const { auth, advance } = withClock({ tokenLifetimeMs: 1000 });
    const token = tokenOf(auth);
    advance(999);
    expect(auth.check(`Bearer ${token}`, undefined, false)).toBe('valid');
    advance(1);
    expect(auth.check(`Bearer ${token}`, undefined, false)).toBe('invalid');
  });

  it('tells no credential from a wrong one, and a bare token only where allowed', () => {
    const { auth } = withClock();
    const token = tokenOf(auth);
    expect(auth.check(undefined, undefined, true)).toBe('none');
    expect(auth.check('Bearer nope', undefined, true)).toBe('invalid');
    expect(auth.check(`bearer ${token}`, undefined, false)).toBe('valid');
    expect(auth.check(token, undefined, true)).toBe('valid');
    expect(auth.check(token, undefined, false)).toBe('invalid');
  });

  it('keeps at most 1000 sessions, dropping the oldest', () => {
    const { auth } = withClock();
    const first = tokenOf(auth);
    for (let i = 0; i < 1000; i++) tokenOf(auth);
    expect(auth.sessionCount).toBe(1000);
    expect(auth.check(`Bearer ${first}`, undefined, false)).toBe('invalid');
  });

  it('upserts keys as inserted / nochanges / updated and deletes them', () => {
    const { auth } = withClock();
    const key = randomAlphanumeric();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(auth.upsertApiKey(key, 'a')).toBe('inserted');
    expect(auth.upsertApiKey(key, 'a')).toBe('nochanges');
    expect(auth.upsertApiKey(key, 'b')).toBe('updated');
    expect(auth.check(undefined, key, false)).toBe('valid');
    auth.deleteApiKey(key);
    expect(auth.check(undefined, key, false)).toBe('invalid');
  });
});
