/**
 * Lockout safety as a property (docs/design.md principle 3), over every path that sends `POST /unlock`: bulk
 * unlock (remember or not), bulk provisioning with and without a given password, the monitor's own
 * re-unlocks after token expiry with stored passwords, and direct reads through the session manager —
 * all on one set of credential services, the monitor polling in the background while the others run, so
 * their unlocks race as they do in the app. fast-check draws the devices (passwords, lockout threshold,
 * token lifetime) and the sequence of user actions, wrong passwords and password changes
 * included. Then, from what each simulated device recorded (replayed through the simulator's own rules,
 * the password it has changing where a `POST /settings` changed it):
 * - a password a device refused (403) is never sent to it again, even when the user gives it again —
 *   unless that refusal never reached Minerdeck (its unlock timed out, as on a loaded machine) and the
 *   user gave the password again after that: Minerdeck could not know, and a second try is then the
 *   user's decision (docs/design.md, "an unlock without a verdict"). Minerdeck by itself never re-sends
 *   a password whose unlock went unanswered (not within a run: the wait is 60 s), so a lost verdict
 *   excuses nothing automatic;
 * - after Minerdeck heard a 429 (locked out for 600 s, longer than a run) the device gets no unlock at all;
 * - once a device accepted a new password, its old one is never sent to it again by itself (only when
 *   the user gives it again, by typing or storing it, after the change).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceClient } from '../../electron/core/device/client';
import { isDeviceError } from '../../electron/core/device/device-error';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { FAST_POLLS } from '../support/fast-polls';
import { targetOf } from '../support/sim-targets';

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
  // A password change of one device, or of all of them (undefined): preview, then one POST each.
  fc.record({ kind: fc.constant('change' as const), device: fc.option(deviceIndex, { nil: undefined }) }),
);
const deviceSpec = fc.record({
  password: fc.constantFrom(...RIGHT),
  lockoutThreshold: fc.integer({ min: 1, max: 3 }),
  tokenLifetimeMs: fc.option(fc.constantFrom(80, 200), { nil: undefined }),
  // A device that judges unlocks later than a monitor poll's deadline (50 ms): the race a loaded machine
  // once produced by chance (a poll gave up on the unlock, the 403 came after, the next poll re-sent the
  // refused password) is drawn here on purpose, so the property meets it on an idle machine too.
  unlockLatencyMs: fc.constantFrom(0, 0, 120),
});

/** What a run did to one device besides unlocking: changes it applied, passwords the user gave it. */
interface DeviceLog {
  /** The index in `device.requests` of each applied `POST /settings`, with the password it set. */
  changes: { at: number; to: string }[];
  /** Passwords the user typed or stored for the device, from that index in `device.requests` on. */
  given: { from: number; password: string }[];
  /**
   * Per `POST /unlock` Minerdeck sent the device, in the order sent: whether the device's verdict (any HTTP
   * answer) reached it. On a loaded machine a verdict can come after the client's own timeout.
   */
  heard: boolean[];
}

/**
 * The client the app uses, recording for each unlock whether the device's answer reached Minerdeck (the
 * oracle's only view of what Minerdeck could know). Everything else goes through unchanged.
 */
function listeningClient(base: DeviceClient, logOf: (host: string, port: number) => DeviceLog | undefined) {
  const client: DeviceClient = {
    ...base,
    unlock: async (address, password, call) => {
      const heard = typeof address === 'string' ? undefined : logOf(address.host, address.port)?.heard;
      const slot = heard === undefined ? -1 : heard.push(true) - 1;
      try {
        return await base.unlock(address, password, call);
      } catch (error) {
        if (heard !== undefined && !(isDeviceError(error) && error.detail.status !== undefined)) {
          heard[slot] = false;
        }
        throw error;
      }
    },
  };
  return client;
}

/** Replays a device's requests through the simulator's rules; returns every breach of the promises. */
function breaches(device: SimDevice, log: DeviceLog): string[] {
  let right = device.options.password ?? 'admin';
  // The simulator's default when a run leaves it out (tests/simulator/device-options.ts).
  const lockoutThreshold = device.options.lockoutThreshold ?? 5;
  const refused = new Set<string>();
  /** Passwords the device had before a change it accepted, with the request index of the change. */
  const old = new Map<string, number>();
  const found: string[] = [];
  let wrongInARow = 0;
  let lockedOut = false;
  let answered429 = false;
  let n = 0;
  /** Per password, the request index of the last unlock with it whose verdict never reached Minerdeck. */
  const unheard = new Map<string, number>();
  for (const [index, request] of device.requests.entries()) {
    const change = log.changes.find((c) => c.at === index);
    if (change !== undefined) {
      old.set(right, index);
      right = change.to;
      old.delete(right);
    }
    if (request.method !== 'POST' || request.path !== '/api/v1/unlock') continue;
    n += 1;
    const pw = (JSON.parse(request.body) as { pw: string }).pw;
    if (answered429) found.push(`unlock #${n} sent after the device said it is locked out`);
    const lostAt = unheard.get(pw);
    const userRetried =
      lostAt !== undefined && log.given.some((g) => g.password === pw && g.from > lostAt && g.from <= index);
    if (refused.has(pw) && !userRetried) {
      found.push(`unlock #${n} re-sent password "${pw}" the device refused`);
    }
    // Unheard verdicts: whether Minerdeck learnt what the device said to this unlock.
    const heard = log.heard[n - 1] ?? true;
    if (heard) unheard.delete(pw);
    else unheard.set(pw, index);
    const changedAt = old.get(pw);
    const givenAgain = log.given.some(
      (g) => g.password === pw && g.from <= index && changedAt !== undefined && g.from > changedAt,
    );
    if (changedAt !== undefined && !givenAgain) {
      found.push(`unlock #${n} sent the old password "${pw}" after the device accepted a new one`);
    }
    if (lockedOut) {
      // Only a 429 Minerdeck heard can bind it.
      if (heard) answered429 = true;
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
  it(`never re-sends a refused or replaced password, never unlocks a locked-out device (${RUNS} runs)`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(deviceSpec, { minLength: DEVICES, maxLength: DEVICES }),
        fc.array(action, { minLength: 3, maxLength: 7 }),
        async (specs, actions) => {
          runs += 1;
          const fleet = await startFleet({
            devices: specs.map(({ unlockLatencyMs: _, ...spec }) => ({ ...spec, lockoutSeconds: 600 })),
          });
          specs.forEach(({ unlockLatencyMs: ms }, i) => {
            if (ms > 0) {
              fleet.devices[i]!.addFault({ fault: { kind: 'latency', ms }, paths: ['/api/v1/unlock'] });
            }
          });
          const logs: DeviceLog[] = fleet.devices.map(() => ({ changes: [], given: [], heard: [] }));
          const client = listeningClient(
            createDeviceClient({ connectTimeoutMs: 500, totalTimeoutMs: 1500 }),
            (host, port) => logs[fleet.devices.findIndex((d) => d.host === host && d.port === port)],
          );
          const services = servicesFor(client);
          const targets = fleet.devices.map((device) => targetOf(device));
          const commission = createCommissionServices({ client, credentials: services });
          let changes = 0;
          const give = (password: string, only?: number) =>
            fleet.devices.forEach((device, i) => {
              if (only === undefined || only === i) {
                logs[i]!.given.push({ from: device.requests.length, password });
              }
            });
          const monitor = createMonitor({ client, sessions: services.sessions, ...FAST_POLLS });
          monitor.start(targets);
          try {
            for (const step of actions) {
              if (step.kind === 'unlock') {
                give(step.password);
                await services.unlockMany(targets, step.password, { remember: step.remember });
              } else if (step.kind === 'provision') {
                if (step.password !== undefined) give(step.password);
                await services.provisionMany(
                  targets,
                  step.password === undefined ? {} : { password: step.password },
                );
              } else if (step.kind === 'store') {
                give(step.password, step.device);
                await services.vault.setDevicePassword(targets[step.device]!.deviceId, step.password);
              } else if (step.kind === 'expire') {
                fleet.devices[step.device]!.expireTokens();
              } else if (step.kind === 'read') {
                const target = targets[step.device]!;
                await services.sessions
                  .withCredential(target, (credential) => client.getStatus(target.address, credential))
                  .catch(() => undefined);
              } else if (step.kind === 'change') {
                const chosen = step.device === undefined ? targets : [targets[step.device]!];
                const before = fleet.devices.map((d) => ({ password: d.password, seen: d.requests.length }));
                changes += 1;
                const next = `changed-${changes}`;
                const plan = await commission.planPasswordChange(chosen);
                await commission.changePasswords(chosen, next, { plan });
                fleet.devices.forEach((device, i) => {
                  if (device.password === before[i]!.password) return;
                  // The one POST /settings this change sent the device is where its password changed.
                  const at = device.requests.findIndex(
                    (r, k) => k >= before[i]!.seen && r.method === 'POST' && r.path === '/api/v1/settings',
                  );
                  logs[i]!.changes.push({ at, to: device.password });
                });
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
          const found = fleet.devices.flatMap((device, i) =>
            breaches(device, logs[i]!).map((b) => `${device.id}: ${b}`),
          );
          expect(found, JSON.stringify({ specs, actions })).toEqual([]);
        },
      ),
      {
        numRuns: RUNS,
        // Replays a failure fast-check reported: LOCKOUT_SAFETY_SEED=<seed> LOCKOUT_SAFETY_PATH=<path>.
        ...(process.env.LOCKOUT_SAFETY_SEED !== undefined
          ? {
              seed: Number(process.env.LOCKOUT_SAFETY_SEED),
              path: process.env.LOCKOUT_SAFETY_PATH ?? '',
              endOnFailure: true,
            }
          : {}),
      },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
  }, 120_000);
});
