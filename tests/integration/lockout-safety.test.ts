/**
 * Lockout safety as a property (DESIGN.md principle 3), over every path that sends `POST /unlock`: bulk
 * unlock (remember or not), bulk provisioning with and without a given password, the monitor's own
 * re-unlocks after token expiry with stored passwords, and direct reads through the session manager —
 * all on one set of credential services, the monitor polling in the background while the others run, so
 * their unlocks race as they do in the app. fast-check draws the devices (passwords, lockout threshold,
 * token lifetime) and the sequence of user actions, wrong passwords included. Then, from what each
 * simulated device recorded (replayed through the simulator's own lockout rule):
 * - a password a device refused (403) is never sent to it again, even when the user gives it again;
 * - after a device answered 429 (locked out for 600 s, longer than a run) it gets no unlock at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDeviceClient } from '../../electron/core/device/client';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { targetOf, unlocksOf } from '../support/sim-targets';

/** Recorded for the hardening report (about 0.5 s a run); LOCKOUT_SAFETY_RUNS=80 searches longer. */
const RUNS = Number(process.env.LOCKOUT_SAFETY_RUNS ?? 15);
const RIGHT = ['right-A', 'right-B'] as const;
const PASSWORDS = [...RIGHT, 'wrong-1', 'wrong-2'] as const;
const DEVICES = 3;

const password = fc.constantFrom(...PASSWORDS);
const deviceIndex = fc.integer({ min: 0, max: DEVICES - 1 });
const action = fc.oneof(
  fc.record({ kind: fc.constant('unlock' as const), password, remember: fc.boolean() }),
  fc.record({ kind: fc.constant('provision' as const), password: fc.option(password, { nil: undefined }) }),
  fc.record({ kind: fc.constant('store' as const), device: deviceIndex, password }),
  fc.record({ kind: fc.constant('expire' as const), device: deviceIndex }),
  fc.record({ kind: fc.constant('read' as const), device: deviceIndex }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 50, max: 300 }) }),
);
const deviceSpec = fc.record({
  password: fc.constantFrom(...RIGHT),
  lockoutThreshold: fc.integer({ min: 1, max: 3 }),
  tokenLifetimeMs: fc.option(fc.constantFrom(80, 200), { nil: undefined }),
});

/** Replays a device's unlocks through the simulator's rule; returns every breach of the two promises. */
function breaches(device: SimDevice): string[] {
  const { password: right } = device.options;
  // The simulator's default when a run leaves it out (tests/simulator/device-options.ts).
  const lockoutThreshold = device.options.lockoutThreshold ?? 5;
  const refused = new Set<string>();
  const found: string[] = [];
  let wrongInARow = 0;
  let lockedOut = false;
  let answered429 = false;
  for (const [n, request] of unlocksOf(device).entries()) {
    const pw = (JSON.parse(request.body) as { pw: string }).pw;
    if (answered429) found.push(`unlock #${n + 1} sent after the device said it is locked out`);
    if (refused.has(pw)) found.push(`unlock #${n + 1} re-sent password "${pw}" the device refused`);
    if (lockedOut) {
      answered429 = true;
      continue;
    }
    if (pw === right) {
      wrongInARow = 0;
      continue;
    }
    refused.add(pw);
    wrongInARow += 1;
    if (lockoutThreshold > 0 && wrongInARow >= lockoutThreshold) lockedOut = true;
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lockout safety over every unlocking path (property)', () => {
  it(`never re-sends a refused password, never unlocks a locked-out device (${RUNS} runs)`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(deviceSpec, { minLength: DEVICES, maxLength: DEVICES }),
        fc.array(action, { minLength: 3, maxLength: 7 }),
        async (specs, actions) => {
          runs += 1;
          const fleet = await startFleet({
            devices: specs.map((spec) => ({ ...spec, lockoutSeconds: 600 })),
          });
          const client = createDeviceClient({ connectTimeoutMs: 500, totalTimeoutMs: 1500 });
          const services = servicesFor(client);
          const targets = fleet.devices.map((device) => targetOf(device));
          const monitor = createMonitor({
            client,
            sessions: services.sessions,
            intervalMs: 60,
            timeoutMs: 50,
            maxBackoffMs: 240,
            offlineAfterMissedPolls: 3,
          });
          monitor.start(targets);
          try {
            for (const step of actions) {
              if (step.kind === 'unlock') {
                await services.unlockMany(targets, step.password, { remember: step.remember });
              } else if (step.kind === 'provision') {
                await services.provisionMany(
                  targets,
                  step.password === undefined ? {} : { password: step.password },
                );
              } else if (step.kind === 'store') {
                await services.vault.setDevicePassword(targets[step.device]!.deviceId, step.password);
              } else if (step.kind === 'expire') {
                fleet.devices[step.device]!.expireTokens();
              } else if (step.kind === 'read') {
                const target = targets[step.device]!;
                await services.sessions
                  .withCredential(target, (credential) => client.getStatus(target.address, credential))
                  .catch(() => undefined);
              } else {
                await sleep(step.ms);
              }
            }
            await sleep(150);
          } finally {
            await monitor.stop();
            client.close();
            await fleet.close();
          }
          const found = fleet.devices.flatMap((device) => breaches(device).map((b) => `${device.id}: ${b}`));
          expect(found, JSON.stringify({ specs, actions })).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
  }, 120_000);
});
