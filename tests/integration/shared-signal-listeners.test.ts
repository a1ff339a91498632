/**
 * One AbortSignal shared by a whole fleet's requests, as `minerdeck monitor` shares its Ctrl-C signal
 * while it identifies (and, with --password-stdin, unlocks) its devices. Each request used to add an
 * `abort` listener to it, so ten devices made Node print "MaxListenersExceededWarning: Possible
 * EventTarget memory leak detected. 11 abort listeners added to [AbortSignal]" (issue 27). Real HTTP to
 * simulated devices over loopback; the devices answer 150 ms late so every request is in flight at once.
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareTargets } from '../../electron/cli/commands/monitor-targets';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceAddress } from '../../shared/domain/device-address';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { runCli } from '../support/run-cli';

const DEVICES = 24;
const PASSWORD = 'Shared-signal-1';
let fleet: Fleet;
let addresses: DeviceAddress[];

beforeAll(async () => {
  fleet = await startFleet({
    defaults: { password: PASSWORD },
    devices: Array.from({ length: DEVICES }, () => ({})),
  });
  for (const device of fleet.devices) device.addFault({ fault: { kind: 'latency', ms: 150 } });
  addresses = fleet.devices.map((d) => ({ scheme: 'http', host: d.host, port: d.port }));
});

afterAll(async () => {
  await fleet.close();
});

const listenersOf = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

/** Runs `body` while recording Node's process warnings and the most abort listeners `signal` had. */
async function watching<T>(
  signal: AbortSignal,
  body: () => Promise<T>,
): Promise<{ result: T; warnings: string[]; peak: number }> {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => {
    warnings.push(`${warning.name}: ${warning.message}`);
  };
  process.on('warning', onWarning);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, listenersOf(signal))), 5);
  try {
    const result = await body();
    // Node emits warnings on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, warnings, peak };
  } finally {
    clearInterval(sampler);
    process.off('warning', onWarning);
  }
}

describe('one signal shared by a fleet of requests', () => {
  it(`identifies and unlocks ${DEVICES} devices with one signal: one listener on it, no warning`, async () => {
    const client = createDeviceClient();
    const services = servicesFor(client);
    const controller = new AbortController();
    try {
      const { result, warnings, peak } = await watching(controller.signal, () =>
        prepareTargets(addresses, { services, signal: controller.signal, password: PASSWORD }),
      );
      expect(result.map((t) => t.deviceId).filter((id) => id.startsWith('mac:'))).toHaveLength(DEVICES);
      expect(warnings).toEqual([]);
      // Sampled while every request waited on its device: the fleet's requests shared one listener.
      expect(peak).toBe(1);
      expect(listenersOf(controller.signal)).toBe(0);
      expect(result.map((t) => services.sessions.state(t.deviceId).kind)).toEqual(
        Array<string>(DEVICES).fill('unlocked'),
      );
    } finally {
      client.close();
    }
  });

  it('an abort of the shared signal still stops every request in flight at once', async () => {
    const client = createDeviceClient();
    const services = servicesFor(client);
    const controller = new AbortController();
    try {
      for (const device of fleet.devices) device.addFault({ fault: { kind: 'latency', ms: 5000 }, times: 1 });
      const started = performance.now();
      const preparing = prepareTargets(addresses, { services, signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      const targets = await preparing;
      expect(performance.now() - started).toBeLessThan(2000);
      // Cancelled before any device told its MAC: each is known by its address.
      expect(targets.every((t) => t.deviceId.startsWith('addr:'))).toBe(true);
      expect(listenersOf(controller.signal)).toBe(0);
    } finally {
      client.close();
      for (const device of fleet.devices) {
        device.clearFaults();
        device.addFault({ fault: { kind: 'latency', ms: 150 } });
      }
    }
  });

  it(`\`minerdeck monitor\` of ${DEVICES} devices prints no Node warning`, async () => {
    const run = await runCli(
      [
        'monitor',
        ...addresses.map((a) => `${a.host}:${a.port}`),
        '--password-stdin',
        '--interval',
        '0.5',
        '--duration',
        '1.5',
        '--json',
      ],
      {
        stdin: PASSWORD,
        // Node's warnings shown, as a technician's terminal shows them.
        env: {
          NODE_NO_WARNINGS: undefined,
          DISPLAY: undefined,
          WAYLAND_DISPLAY: undefined,
        },
      },
    );
    // Node writes its warnings as "(node:<pid>) <Name>Warning: …".
    expect(run.stderr).not.toMatch(/\(node:\d+\)/);
    expect(run.code).toBe(0);
    const finals = run.json.filter((line) => line.final === true);
    expect(finals).toHaveLength(DEVICES);
  });
});
