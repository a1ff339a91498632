/**
 * A Commission of the window on a scaled clock tells its time left in field time (issue 33, "A long run
 * tells its time"): the app's core services with the run's clock 600 times faster (`clockFor`, as demo
 * mode and the field e2e give it), simulated devices on the same field clock over loopback, a standard of
 * a password and a 30-minute acceptance. While the window runs, the time left the run streams
 * (`standard:progress`) counts the window down in field minutes. Before the fix the desk timed its steps
 * on the real clock: the estimate stood at the acceptance prior (settle limit + window, 45 min) for the
 * whole window, then fell to "less than a minute".
 */
import { expect, it } from 'vitest';
import { defaultCriteria } from '../../shared/domain/acceptance';
import type { AppEvent } from '../../shared/ipc/events';
import { scaledClock } from '../../electron/core/clock/clock';
import { useChannelWorld } from '../support/channel-world';

const SCALE = 600;
const MINUTE = 60_000;

const world = useChannelWorld({
  name: 'minerdeck-standard-time-left-',
  devices: { count: 3, timeScale: SCALE, defaults: { password: 'admin', shareSeconds: 0.05 } },
  core: { clockFor: () => scaledClock(SCALE, world.fleet.clockStartMs) },
});

type Progress = Extract<AppEvent, { type: 'standard:progress' }>['payload'];

it('the time left of a 30-minute acceptance counts down in field minutes on a scaled clock', async () => {
  const { call, idOf } = world;
  const set = await call('standard:set', {
    password: { kind: 'typed', password: 'Hall-site-pw-2024' },
    acceptance: { ...defaultCriteria(), minutes: 30 },
  });
  expect(set.ok, set.ok ? '' : set.error.message).toBe(true);
  const all = world.fleet.devices.map(idOf);
  const plan = await call('standard:plan', { deviceIds: all, currentPassword: 'admin' });
  if (!plan.ok) throw new Error(plan.error.message);
  const confirmed = plan.value.entries.map((e) => ({
    deviceId: e.deviceId,
    steps: e.steps.map((s) => s.words),
  }));
  const started = await call('standard:commission', { deviceIds: all, currentPassword: 'admin', confirmed });
  expect(started.ok).toBe(true);
  await world.services.standard.settled();
  const run = await call('standard:run', undefined);
  expect(run.ok && run.value?.devices.map((d) => d.outcome)).toEqual(all.map(() => 'done'));

  // The estimates told while every device was in its window (the password steps timed by then).
  const watching = world.events
    .filter((e): e is Extract<AppEvent, { type: 'standard:progress' }> => e.type === 'standard:progress')
    .map((e): Progress => e.payload)
    .filter((p) => p.status === 'running' && p.phase === 'acceptance' && p.progress?.leftMs !== undefined);
  const left = watching.map((p) => p.progress!.leftMs!);
  expect(left.length).toBeGreaterThan(10);
  // Counted down by most of the window, never above the prior (settle limit 15 + window 30 minutes).
  expect(left[0]! - left.at(-1)!).toBeGreaterThan(20 * MINUTE);
  expect(Math.max(...left)).toBeLessThanOrEqual(45 * MINUTE);
  // Somewhere in the middle of the window, the words say so in minutes.
  expect(watching.some((p) => /^about (1\d|2\d) min left$/.test(p.progress!.words))).toBe(true);
}, 120_000);
