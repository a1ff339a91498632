/**
 * A device's pools in the app's core (the core services as Electron main builds them, createHandlers, and
 * a simulated device over loopback HTTP): the device panel's detail (`monitor:device`: the reading and the
 * raw summary) and the hand-over report never carry a login the device's pool url has
 * (`stratum2+tcp://user:secret@host`), and the firmware's fee pool ("DevFee") keeps its type, so the panel
 * and the report name it as the firmware's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'pools-pw-2207';
const SECRET = 'login-in-url-404';
const EMPTY = { url: '', user: '', pass: '' };

describe('a device’s pools in the app', () => {
  let fleet: Fleet;
  let device: SimDevice;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result.value;
  }

  beforeAll(async () => {
    fleet = await startFleet({
      devices: [
        {
          password: PASSWORD,
          pools: [
            { url: `stratum2+tcp://acct:${SECRET}@pool.example:3336`, user: 'acct.r1', pass: 'x' },
            EMPTY,
            EMPTY,
          ],
        },
      ],
    });
    [device] = devicesOf(fleet, 1);
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-device-pools-'));
    services = await openAppCore({ dataDir });
    handlers = createHandlers(services);
  });

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the detail and the report show the pools without the login, the fee pool as the firmware’s', async () => {
    await call('monitor:add', { devices: [{ address: device.address }] });
    const [row] = (await call('monitor:snapshot', undefined)).devices;
    const deviceId = row!.deviceId;
    await call('credentials:unlock', {
      deviceIds: [deviceId],
      password: PASSWORD,
      remember: true,
      scope: 'device',
    });
    await expect
      .poll(async () => (await call('monitor:device', { deviceId })).reading?.pools.length ?? 0, {
        timeout: 10_000,
        interval: 50,
      })
      .toBeGreaterThan(0);

    const detail = await call('monitor:device', { deviceId });
    expect(detail.reading?.pools).toEqual([
      expect.objectContaining({ url: 'stratum2+tcp://pool.example:3336', user: 'acct.r1', type: 'UserPool' }),
      expect.objectContaining({ url: 'DevFee', type: 'DevFee' }),
    ]);
    const raw = detail.raw.summary as { miner: { pools: { url: string }[] } };
    expect(raw.miner.pools.map((p) => p.url)).toEqual(['stratum2+tcp://pool.example:3336', 'DevFee']);
    expect(JSON.stringify(detail)).not.toContain(SECRET);

    const { report, content } = await call('report:generate', { format: 'csv' });
    expect(report.devices[0]!.pools).toEqual([
      { url: 'stratum2+tcp://pool.example:3336', user: 'acct.r1' },
      { url: 'DevFee', user: 'DevFee', firmwareFeePool: true },
    ]);
    expect(content).toContain('stratum2+tcp://pool.example:3336 (acct.r1); the firmware’s fee pool (DevFee)');
    expect(JSON.stringify(report) + content).not.toContain(SECRET);
  });
});
