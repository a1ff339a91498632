/**
 * Simulated devices and a device client for one test at a time, in-process: opened by the test's set-up,
 * both closed after each test (also when it fails), so no server or socket outlives its test.
 */
import { afterEach } from 'vitest';
import type { DeviceClient, DeviceClientOptions } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, FleetOptions } from '../simulator';
import { startFleet } from '../simulator';

/** Call at the top of a test file; `open` in each test's set-up. */
export function fleetPerTest(): {
  open: (fleet: FleetOptions, client: DeviceClientOptions) => Promise<{ fleet: Fleet; client: DeviceClient }>;
} {
  let fleet: Fleet | undefined;
  let client: DeviceClient | undefined;
  afterEach(async () => {
    client?.close();
    await fleet?.close();
    fleet = undefined;
    client = undefined;
  });
  return {
    open: async (fleetOptions, clientOptions) => {
      const started = await startFleet(fleetOptions);
      fleet = started;
      const created = createDeviceClient(clientOptions);
      client = created;
      return { fleet: started, client: created };
    },
  };
}
