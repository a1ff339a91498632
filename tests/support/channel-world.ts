/**
 * The world of an integration test that goes through the app's channels, as the window does: simulated
 * devices over loopback, the app's core services opened as Electron main opens them over a data folder of
 * the test's own, and every channel's handler. Opened in the describe's `beforeAll` (the devices added to
 * the fleet, and unlocked with a password kept for the site when one is given), closed in its `afterAll`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import type { Fleet, FleetOptions, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import type { AppCoreOptions } from './app-core';
import { openAppCore } from './app-core';
import type { ChannelCall } from './app-channels';
import { addAndUnlock, addDevices, channelCaller } from './app-channels';

export interface ChannelWorld {
  /** The simulated devices (once `beforeAll` ran). */
  readonly fleet: Fleet;
  readonly services: CoreServices;
  readonly dataDir: string;
  /** Every event batch main flushed, in order (a test may empty it to watch one step). */
  readonly events: AppEvent[];
  /** The fleet's device id of a simulated device. */
  idOf: (device: SimDevice) => string;
  /** A channel called as the window calls it, its answer checked against the channel's schema. */
  call: ChannelCall;
}

export function useChannelWorld(options: {
  /** The start of the data folder's name. */
  name: string;
  devices: FleetOptions;
  core?: Omit<AppCoreOptions, 'dataDir'>;
  /** Unlocks every device with this password, kept as the site's. */
  unlock?: string;
  /** Checks each event batch as it arrives, before it is kept. */
  checkEvents?: (batch: readonly AppEvent[]) => void;
}): ChannelWorld {
  let fleet: Fleet | undefined;
  let services: CoreServices | undefined;
  let handlers: Handlers | undefined;
  let dataDir: string | undefined;
  const events: AppEvent[] = [];
  const ids = new Map<SimDevice, string>();
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the channel world has no ${what} yet (used before beforeAll?)`);
    return value;
  };
  const call = channelCaller(() => opened(handlers, 'handlers'));

  beforeAll(async () => {
    fleet = await startFleet(options.devices);
    dataDir = mkdtempSync(join(tmpdir(), options.name));
    const core = await openAppCore({ ...options.core, dataDir });
    services = core;
    core.events.subscribe((batch) => {
      options.checkEvents?.(batch);
      events.push(...batch);
    });
    handlers = createHandlers(core);
    const added =
      options.unlock === undefined
        ? await addDevices(core, fleet.devices)
        : await addAndUnlock(core, call, fleet.devices, options.unlock);
    for (const [d, id] of added) ids.set(d, id);
  }, 60_000);

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get fleet() {
      return opened(fleet, 'fleet');
    },
    get services() {
      return opened(services, 'services');
    },
    get dataDir() {
      return opened(dataDir, 'data folder');
    },
    events,
    idOf: (d) => ids.get(d)!,
    call,
  };
}
