/**
 * The shared unlock of a device (device-sessions.ts): callers at once share one unlock, started with the
 * first caller's signal. When that caller leaves, a waiter that did not cancel gets its token from a
 * fresh unlock instead of the other caller's CANCELLED (in the field e2e a firmware verification took a
 * dropped monitor poll's unlock for the rollout's cancel: "cancelled while it updates").
 */
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../../../electron/core/credentials/device-sessions';
import { shareUnlock } from '../../../../electron/core/credentials/device-sessions';
import { DeviceError } from '../../../../electron/core/device/device-error';

/** An unlock that answers `token` after a tick, or CANCELLED when `signal` aborts first. */
function unlockWith(token: string, signal: AbortSignal | undefined, starts: string[]): () => Promise<string> {
  return () => {
    starts.push(token);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve(token), 20);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DeviceError('CANCELLED', 'The request to 127.0.0.1:80 was cancelled.'));
      });
    });
  };
}

describe('shareUnlock', () => {
  it('a waiter whose own signal did not abort unlocks again when the starter leaves', async () => {
    const session: DeviceSession = {};
    const starts: string[] = [];
    const poll = new AbortController();
    const first = shareUnlock(session, unlockWith('poll', poll.signal, starts), poll.signal, 'dev');
    const verify = new AbortController();
    const second = shareUnlock(session, unlockWith('verify', verify.signal, starts), verify.signal, 'dev');
    poll.abort();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(second).resolves.toBe('verify');
    expect(starts).toEqual(['poll', 'verify']);
  });

  it('callers share one unlock; a waiter that cancels itself still gets CANCELLED', async () => {
    const session: DeviceSession = {};
    const starts: string[] = [];
    const first = shareUnlock(session, unlockWith('a', undefined, starts), undefined, 'dev');
    const leaving = new AbortController();
    const second = shareUnlock(session, unlockWith('b', undefined, starts), leaving.signal, 'dev');
    const third = shareUnlock(session, unlockWith('c', undefined, starts), undefined, 'dev');
    leaving.abort();
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(first).resolves.toBe('a');
    await expect(third).resolves.toBe('a');
    expect(starts).toEqual(['a']);
  });

  it('its own unlock cancelled for another reason (the client closed): CANCELLED, no loop', async () => {
    const session: DeviceSession = {};
    let starts = 0;
    const closed = (): Promise<string> => {
      starts += 1;
      return Promise.reject(new DeviceError('CANCELLED', 'The device client is closed.'));
    };
    await expect(shareUnlock(session, closed, undefined, 'dev')).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(starts).toBe(1);
  });
});
