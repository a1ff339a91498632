/**
 * The app's core services opened as Electron main opens them (open-services.ts), for integration tests
 * that go through the app's channels: a working keychain of the test's own, the e2e settings (short poll
 * interval) and a system glue whose clipboard and browser answer "done". A test passes only what it
 * watches (a clipboard that records, a save dialog, another keychain or identity).
 */
import type { ClockPolicy } from '../../electron/core/clock/clock-policy';
import type { Keychain } from '../../electron/core/credentials/open-keychain';
import type { FirmwareServiceOptions } from '../../electron/core/firmware/firmware-service';
import { openCoreServices } from '../../electron/core/open-services';
import type { CoreServices } from '../../electron/core/services';
import type { SystemGlue } from '../../electron/core/shell/system-glue';
import type { AppInfo } from '../../shared/ipc/contract';
import { ok } from '../../shared/result';
import { E2E_MONITOR, E2E_SETTINGS } from '../e2e/harness/fleet-page';
import { workingKeychain } from './test-keychain';

export interface AppCoreOptions {
  dataDir: string;
  keychain?: Keychain;
  hostname?: string;
  /** The app's name and version as exports and reports carry them. */
  identity?: { name: string; version: string };
  system?: Partial<SystemGlue>;
  /** Firmware rollout waits (devices that reboot in a second). */
  firmwareTiming?: FirmwareServiceOptions['timing'];
  /** The clock of each run (a scaled one for a fleet on the field clock); default the real clock. */
  clockFor?: ClockPolicy;
}

/** System glue whose clipboard and browser answer "done". */
const doneGlue = (): SystemGlue => ({
  copyText: async () => ok({ where: 'the clipboard' }),
  openExternal: async () => ok(undefined),
});

/**
 * The app's core services for a test that needs every channel answered but watches no device (the app
 * shell, the transport): a private data folder removed on dispose, settings in memory, a working keychain
 * of the test's own, no subnet suggestions from this machine's interfaces.
 */
export function openBareCore(identity: AppInfo): Promise<CoreServices> {
  return openCoreServices({
    identity,
    keychain: workingKeychain(),
    hostname: 'laptop',
    suggest: () => [],
    system: doneGlue(),
  });
}

export function openAppCore(options: AppCoreOptions): Promise<CoreServices> {
  const identity = options.identity ?? { name: 'minerdeck', version: '0' };
  return openCoreServices({
    identity: { ...identity, platform: 'linux', versions: {} },
    dataDir: options.dataDir,
    keychain: options.keychain ?? workingKeychain(),
    hostname: options.hostname ?? 'laptop',
    settings: E2E_SETTINGS,
    monitorOverrides: E2E_MONITOR,
    suggest: () => [],
    system: { ...doneGlue(), ...options.system },
    ...(options.firmwareTiming !== undefined ? { firmwareTiming: options.firmwareTiming } : {}),
    ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
  });
}
