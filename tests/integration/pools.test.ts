/**
 * Setting pools (commission/pool-*.ts) against simulated devices over real HTTP, in-process: the preview
 * flags what the CLI's child-process suite does not reach (a worker two devices would share, a device
 * that needs its password), each write is sent once with the stored credential, and the read-back is the
 * judge — an unanswered write that did not apply fails, an accepted write that did not apply fails.
 */
import { describe, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { PoolTarget } from '../../electron/core/commission/pool-plan';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { PoolSpec } from '../../shared/domain/pools';
import type { SimDevice, SimDeviceOptions } from '../simulator';
import { requestsTo, targetOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const PW = 'admin';
const POOLS: PoolSpec[] = [
  { url: 'stratum+tcp://pool.example:3333', worker: 'acct.{label}', password: 'pool-pw-9' },
];
const SETTINGS = '/api/v1/settings';

const sims = fleetPerTest();

async function setup(devices: SimDeviceOptions[], labels: string[]) {
  const { fleet, client } = await sims.open(
    { devices: devices.map((d) => ({ password: PW, ...d })) },
    { totalTimeoutMs: 800, connectTimeoutMs: 500 },
  );
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const recorded: unknown[] = [];
  const commission = createCommissionServices({
    client,
    credentials: { vault, sessions },
    inventory: {
      recordActivity: async (entry) => {
        recorded.push(entry);
        return { ok: true, value: { ...entry, id: 'x', by: 'test' } };
      },
    },
  });
  const targets: PoolTarget[] = fleet.devices.map((d, i) => ({
    ...targetOf(d),
    facts: { label: labels[i] ?? null },
  }));
  for (const t of targets) await vault.setDevicePassword(t.deviceId, PW);
  const plan = async (pools = POOLS) => {
    const planned = await commission.planPools(targets, pools);
    if (!planned.ok) throw new Error(planned.error.message);
    return planned.value;
  };
  const apply = async (pools = POOLS) => {
    const set = await commission.setPools(targets, pools, { plan: await plan(pools), siteId: 'hall' });
    if (!set.ok) throw new Error(set.error.message);
    return set.value.results;
  };
  return {
    fleet,
    client,
    devices: fleet.devices,
    vault,
    sessions,
    targets,
    commission,
    plan,
    apply,
    recorded,
  };
}

const posts = (device: SimDevice) => requestsTo(device, SETTINGS, 'POST');

describe('pools', () => {
  it('a worker two devices would share flags both; the others are set; flagged ones get no request', async () => {
    const { devices, apply, plan } = await setup([{}, {}, {}], ['R1', 'R1', 'R2']);
    const preview = await plan();
    expect(preview.map((p) => [p.send, p.skip])).toEqual([
      [false, 'template'],
      [false, 'template'],
      [true, undefined],
    ]);
    expect(preview[2]?.slots).toEqual([
      { url: 'stratum+tcp://pool.example:3333', user: 'acct.R2', hasPassword: true },
      { url: '', user: '', hasPassword: false },
      { url: '', user: '', hasPassword: false },
    ]);
    const results = await apply();
    expect(results.map((r) => r.outcome)).toEqual(['skipped', 'skipped', 'done']);
    expect(posts(devices[0]!)).toEqual([]);
    expect(posts(devices[1]!)).toEqual([]);
    expect(posts(devices[2]!)).toHaveLength(1);
  });

  it('a device that needs its password is skipped as having no credential', async () => {
    const { plan, sessions, targets } = await setup([{}], ['R1']);
    sessions.setNeedsPassword(targets[0]!.deviceId, 'the device refused the stored device password');
    expect(await plan()).toMatchObject([
      { send: false, skip: 'no-credential', detail: expect.stringMatching(/needs its password/) },
    ]);
  });

  it('the stored API key carries the write, once; a 401 fails it and nothing is retried with a token', async () => {
    const { devices, vault, targets, apply, client } = await setup([{}, {}], ['R1', 'R2']);
    const token = await client.unlock(targets[0]!.address, PW);
    const key = 'k'.repeat(32);
    await client.createApiKey(targets[0]!.address, { kind: 'token', token }, { key, description: 't' });
    await vault.setApiKey(targets[0]!.deviceId, key, { description: 't' });
    await vault.setApiKey(targets[1]!.deviceId, 'r'.repeat(32), { description: 'revoked' });
    const results = await apply();
    expect(results.map((r) => r.outcome)).toEqual(['done', 'failed']);
    expect(posts(devices[0]!)[0]?.headers['x-api-key']).toBe(key);
    expect(posts(devices[1]!)).toHaveLength(1);
    expect(results[1]?.message).toMatch(/refused the pools.*nothing was changed/);
    // The refusal in the window's language, the device's own refusal nested in it (issue 35).
    expect(results[1]?.text).toMatchObject({
      id: 'errors.pools.refused',
      values: { cause: { id: 'errors.device.authRequired' } },
    });
  });

  it('no answer and not applied: the read-back shows the old pools, so it failed (sent once)', async () => {
    const { devices, apply } = await setup([{}], ['R1']);
    const before = devices[0]!.pools.map((p) => ({ ...p }));
    devices[0]!.addFault({ fault: { kind: 'hang' }, paths: [SETTINGS], methods: ['POST'] });
    const [result] = await apply();
    expect(result).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/no clear answer.*reads back other pools: slot 1 url .*not applied/),
      error: { code: 'NOT_APPLIED' },
    });
    expect(devices[0]!.pools).toEqual(before);
    expect(posts(devices[0]!)).toHaveLength(1);
  });

  it('an acceptance the device did not act on: the read-back differs, so it failed', async () => {
    const { devices, apply } = await setup([{}], ['R1']);
    devices[0]!.addFault({
      fault: { kind: 'status', code: 200, body: '{"restart_required":false,"reboot_required":false}' },
      paths: [SETTINGS],
      methods: ['POST'],
    });
    const [result] = await apply();
    expect(result).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/accepted the pools, but the device reads back other pools/),
      readBack: expect.any(Array),
    });
  });

  it('the activity entry names urls and templates, each device’s outcome, and never the pool password', async () => {
    const { apply, recorded } = await setup([{}, {}], ['R1', 'R2']);
    const results = await apply();
    expect(recorded).toEqual([
      expect.objectContaining({
        siteId: 'hall',
        action: 'pools',
        what: 'pool 1 stratum+tcp://pool.example:3333 worker acct.{label}',
        devices: [
          expect.objectContaining({ outcome: 'done', message: expect.stringContaining('acct.R1') }),
          expect.objectContaining({ outcome: 'done', message: expect.stringContaining('acct.R2') }),
        ],
      }),
    ]);
    expect(JSON.stringify([recorded, results])).not.toContain('pool-pw-9');
  });

  it('refuses pools no device could take before anything is read or sent', async () => {
    const { commission, targets, fleet } = await setup([{}], ['R1']);
    fleet.clearRequests();
    const planned = await commission.planPools(targets, [{ ...POOLS[0]!, worker: 'acct.{rack}' }]);
    expect(planned).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(fleet.requests).toEqual([]);
  });
});
