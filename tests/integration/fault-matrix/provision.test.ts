/**
 * Fault matrix, key provisioning: one `provisionMany` over a device per fault and two healthy ones, each
 * with its password stored (as after an unlock with --remember). A key is stored only for a device that
 * honoured it; a failure stores nothing and leaves the stored password in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CredentialServices,
  ProvisionOutcome,
} from '../../../electron/core/credentials/credential-services';
import { servicesFor } from '../../support/credential-services';
import { requestsTo, unlocksOf } from '../../support/sim-targets';
import type { Observed } from './cells';
import { itChecksEveryCell } from './cells';
import type { FaultFleet } from './fault-fleet';
import { CLIENT_TIMEOUTS, knownTargets, SITE_PASSWORD, startFaultFleet } from './fault-fleet';
import type { FaultId } from './matrix';
import { FAULT_IDS } from './matrix';

let ff: FaultFleet;
let services: CredentialServices;
let outcomes: ProvisionOutcome[];
let elapsedMs: number;

const observe = (outcome: ProvisionOutcome): Observed =>
  outcome.ok
    ? { outcome: 'ok', text: `API key stored (${outcome.value.answer})` }
    : { outcome: outcome.error.code, text: outcome.error.message };

beforeAll(async () => {
  ff = await startFaultFleet();
  services = servicesFor(ff.client);
  for (const target of knownTargets(ff))
    await services.vault.setDevicePassword(target.deviceId, SITE_PASSWORD);
  const started = performance.now();
  outcomes = await services.provisionMany(knownTargets(ff));
  elapsedMs = performance.now() - started;
});

afterAll(() => ff?.close());

describe('fault matrix: key provisioning', () => {
  itChecksEveryCell(
    'provision',
    () =>
      Object.fromEntries(FAULT_IDS.map((id, i) => [id, observe(outcomes[i]!)])) as Record<FaultId, Observed>,
  );

  it('gives every device one outcome within its steps’ timeouts (unlock, create, verify)', () => {
    expect(outcomes).toHaveLength(ff.all.length);
    expect(elapsedMs).toBeLessThan(3 * CLIENT_TIMEOUTS.totalTimeoutMs + 2000);
    expect(outcomes.slice(FAULT_IDS.length).every((o) => o.ok)).toBe(true);
  });

  it('stores a key exactly for the devices that honoured one, and keeps every stored password', async () => {
    for (const [i, target] of knownTargets(ff).entries()) {
      const key = await services.vault.getApiKey(target.deviceId);
      expect(key !== undefined, ff.all[i]!.address).toBe(outcomes[i]!.ok);
      expect((await services.vault.passwordFor(target.deviceId, undefined))?.secret).toBe(SITE_PASSWORD);
    }
  });

  it('renews an expired session once, and never sends a key over an untrusted TLS link', () => {
    expect(unlocksOf(ff.device['token-expiry'])).toHaveLength(2);
    for (const id of ['self-signed', 'rotated-cert'] as const) {
      expect(ff.device[id].requests, id).toEqual([]);
      expect(requestsTo(ff.device[id], '/api/v1/apikeys')).toEqual([]);
    }
  });
});
