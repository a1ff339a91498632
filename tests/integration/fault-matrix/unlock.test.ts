/**
 * Fault matrix, bulk unlock: one `unlockMany` (remember on) over a device per fault and two healthy ones.
 * Every device gets its own outcome within the client's timeout, the healthy ones are unlocked and their
 * password stored, and what was stored before (each device's API key) is untouched by any failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnlockOutcome } from '../../../electron/core/credentials/credential-services';
import type { CredentialServices } from '../../../electron/core/credentials/credential-services';
import { servicesFor } from '../../support/credential-services';
import { unlocksOf } from '../../support/sim-targets';
import type { Observed } from './cells';
import { itChecksEveryCell } from './cells';
import type { FaultFleet } from './fault-fleet';
import { CLIENT_TIMEOUTS, knownTargets, SITE_PASSWORD, startFaultFleet } from './fault-fleet';
import type { FaultId } from './matrix';
import { FAULT_IDS } from './matrix';

const PREVIOUS_KEY = 'K'.repeat(32);
let ff: FaultFleet;
let services: CredentialServices;
let outcomes: UnlockOutcome[];
let elapsedMs: number;

const observe = (outcome: UnlockOutcome): Observed =>
  outcome.ok
    ? { outcome: 'ok', text: 'unlocked' }
    : { outcome: outcome.error.code, text: outcome.error.message };

beforeAll(async () => {
  ff = await startFaultFleet();
  services = servicesFor(ff.client);
  const targets = knownTargets(ff);
  for (const target of targets) {
    await services.vault.setApiKey(target.deviceId, PREVIOUS_KEY, { description: 'an earlier visit' });
  }
  const started = performance.now();
  outcomes = await services.unlockMany(targets, SITE_PASSWORD, { remember: true });
  elapsedMs = performance.now() - started;
});

afterAll(() => ff?.close());

describe('fault matrix: bulk unlock', () => {
  itChecksEveryCell(
    'unlock',
    () =>
      Object.fromEntries(FAULT_IDS.map((id, i) => [id, observe(outcomes[i]!)])) as Record<FaultId, Observed>,
  );

  it('gives every device one outcome, in order, within one request timeout (all run at once)', () => {
    expect(outcomes.map((o) => o.item.address.host)).toEqual(knownTargets(ff).map((t) => t.address.host));
    expect(elapsedMs).toBeLessThan(CLIENT_TIMEOUTS.totalTimeoutMs + 2000);
  });

  it('unlocks the healthy neighbours and stores their password; stores nothing for a failure', async () => {
    for (const [i, outcome] of outcomes.entries()) {
      const stored = await services.vault.passwordFor(knownTargets(ff)[i]!.deviceId, undefined);
      expect(stored?.secret, ff.all[i]!.address).toBe(outcome.ok ? SITE_PASSWORD : undefined);
    }
    expect(outcomes.slice(FAULT_IDS.length).every((o) => o.ok)).toBe(true);
  });

  it('leaves every stored API key as it was', async () => {
    for (const { deviceId } of knownTargets(ff)) {
      expect((await services.vault.getApiKey(deviceId))?.secret).toBe(PREVIOUS_KEY);
    }
  });

  it('sends exactly one unlock to each device that could receive one, and none over an untrusted TLS link', () => {
    for (const id of FAULT_IDS) {
      const expected = ['down', 'moved', 'self-signed', 'rotated-cert'].includes(id) ? 0 : 1;
      expect(unlocksOf(ff.device[id]), id).toHaveLength(expected);
    }
  });
});
