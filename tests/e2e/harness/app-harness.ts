/**
 * The whole app for browser tests, the UI benchmark and the demo's browser preview: the core services
 * built exactly as Electron main builds them (open-services.ts), a data folder of its own, recording
 * clipboard and browser glue, a save dialog double writing into a test folder, and the harness server in
 * front of the built renderer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { SettingsPatch } from '../../../shared/domain/settings';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { ClockPolicy } from '../../../electron/core/clock/clock-policy';
import type { Keychain } from '../../../electron/core/credentials/open-keychain';
import type { DiscoveryPrefill } from '../../../electron/core/discovery/discovery-service';
import type { SubnetSuggestion } from '../../../electron/core/discovery/subnet-suggestions';
import type { MonitorSettings } from '../../../electron/core/monitor/monitor-options';
import { openCoreServices } from '../../../electron/core/open-services';
import type { CoreServices } from '../../../electron/core/services';
import { runtimeVersions } from '../../../electron/core/services';
import { createHandlers } from '../../../electron/core/handlers';
import type { FirmwareServiceOptions } from '../../../electron/core/firmware/firmware-service';
import type {
  ChooseFileOutcome,
  SaveFileOutcome,
  SystemGlue,
} from '../../../electron/core/shell/system-glue';
import { isAllowedExternalUrl } from '../../../electron/main/system-glue';
import type { HarnessServer } from './harness-server';
import { startHarnessServer } from './harness-server';

export interface AppHarnessOptions {
  /** The built app folder (builtApp()). */
  appDir: string;
  /** Default: the OS keychain, probed as the app does (tests pass one from tests/support/test-keychain.ts). */
  keychain?: Keychain;
  settings?: SettingsPatch;
  monitorOverrides?: MonitorSettings;
  prefill?: DiscoveryPrefill;
  suggest?: () => SubnetSuggestion[];
  injectScript?: boolean;
  validateEvents?: boolean;
  /** Default: a fresh temporary folder, removed on close. */
  dataDir?: string;
  /** What the footer shows as the version (the demo preview labels itself). */
  version?: string;
  /** Told when main copies a key (the demo preview says so in its terminal). */
  onCopy?: () => void;
  /** Told when main opens a device page. */
  onOpen?: (url: string) => void;
  /**
   * The save dialog's double: the path it "chooses" for a suggested file name, or null for Cancel.
   * Default: that name inside `savesDir`.
   */
  saveAs?: (defaultName: string) => string | null;
  /** Where the save dialog's double writes by default. Default: `saves/` in the data folder. */
  savesDir?: string;
  /** PDF printing (only Electron has it; without this, saving a PDF says so). */
  htmlToPdf?: SystemGlue['htmlToPdf'];
  /**
   * The open dialog's double (a firmware image): the path it "chooses", or null for Cancel. Default: the
   * path last given to `harness.chooseNext`, else Cancel.
   */
  chooseFile?: (title: string) => string | null;
  /** Firmware rollout waits (tests: devices that reboot in a second). */
  firmwareTiming?: FirmwareServiceOptions['timing'];
  /**
   * The clock of each acceptance, firmware and Commission run (open-services.ts): a field test gives the
   * simulator's scaled clock (`scaledClock(fleet.timeScale, fleet.clockStartMs)`) so Minerdeck's waits run
   * on the devices' field time, as the CLI does with MINERDECK_TIME_SCALE. Default: the real clock.
   */
  clockFor?: ClockPolicy;
}

export interface AppHarness {
  services: CoreServices;
  server: HarnessServer;
  /** What main put on the clipboard (the API key a technician copies). */
  clipboard: string[];
  /** Pages opened in the "system browser". */
  opened: string[];
  /** Folders opened in the "file manager" (Help → Open data folder, the About card). */
  openedFolders: string[];
  /** Files written through the save dialog's double, in order. */
  saved: string[];
  savesDir: string;
  dataDir: string;
  /** What the open dialog's double chooses next (null: Cancel), as a technician would in the dialog. */
  chooseNext(path: string | null): void;
  /** The titles of the open dialogs asked for, in order. */
  chooseAsked: string[];
  close(): Promise<void>;
}

export async function startAppHarness(options: AppHarnessOptions): Promise<AppHarness> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'minerdeck-e2e-'));
  const clipboard: string[] = [];
  const opened: string[] = [];
  const openedFolders: string[] = [];
  const saved: string[] = [];
  const savesDir = options.savesDir ?? join(dataDir, 'saves');
  const built: { services?: CoreServices } = {};
  const chooseAsked: string[] = [];
  let nextChoice: string | null = null;
  const system: SystemGlue = {
    async copyText(text): Promise<Result<{ where: string }>> {
      clipboard.push(text);
      options.onCopy?.();
      return ok({ where: 'the clipboard' });
    },
    async openExternal(url): Promise<Result<void>> {
      // The same policy as Electron's glue: http(s) pages of fleet devices only.
      if (!isAllowedExternalUrl(url, (u) => built.services?.fleet?.isDeviceUrl(u) ?? false)) {
        return err('FORBIDDEN', 'Only the web pages of devices in the fleet can be opened.');
      }
      opened.push(url);
      options.onOpen?.(url);
      return ok(undefined);
    },
    // Like Electron's glue, the path comes from "the dialog" (here: the test's choice), never the page.
    async saveFile(request): Promise<Result<SaveFileOutcome>> {
      const path =
        options.saveAs === undefined
          ? join(savesDir, basename(request.defaultName))
          : options.saveAs(request.defaultName);
      if (path === null) return ok(null);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, request.content);
      saved.push(path);
      return ok({ path });
    },
    ...(options.htmlToPdf !== undefined ? { htmlToPdf: options.htmlToPdf } : {}),
    // Like Electron's open dialog, the path comes from "the dialog" (here: the test's choice), never the page.
    async chooseFile(request): Promise<Result<ChooseFileOutcome>> {
      chooseAsked.push(request.title);
      const path = options.chooseFile !== undefined ? options.chooseFile(request.title) : nextChoice;
      return ok(path === null ? null : { path });
    },
    // Electron's shell.openPath, recorded: the test checks which folder main asked to open.
    async openPath(path): Promise<Result<void>> {
      openedFolders.push(path);
      return ok(undefined);
    },
  };
  const services = await openCoreServices({
    identity: {
      name: 'minerdeck',
      version: options.version ?? '0.1.0-test',
      platform: process.platform,
      versions: runtimeVersions(),
    },
    dataDir,
    system,
    hostname: 'test-laptop',
    ...(options.suggest !== undefined ? { suggest: options.suggest } : {}),
    ...(options.keychain !== undefined ? { keychain: options.keychain } : {}),
    ...(options.settings !== undefined ? { settings: options.settings } : {}),
    ...(options.monitorOverrides !== undefined ? { monitorOverrides: options.monitorOverrides } : {}),
    ...(options.prefill !== undefined ? { prefill: options.prefill } : {}),
    ...(options.firmwareTiming !== undefined ? { firmwareTiming: options.firmwareTiming } : {}),
    ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
  });
  built.services = services;
  const server = await startHarnessServer({
    handlers: createHandlers(services),
    events: services.events,
    staticDir: join(options.appDir, 'renderer'),
    ...(options.injectScript !== undefined ? { injectScript: options.injectScript } : {}),
    ...(options.validateEvents !== undefined ? { validateEvents: options.validateEvents } : {}),
  });
  return {
    services,
    server,
    clipboard,
    opened,
    openedFolders,
    saved,
    savesDir,
    dataDir,
    chooseNext: (path) => {
      nextChoice = path;
    },
    chooseAsked,
    async close() {
      await server.close();
      await services.dispose();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
