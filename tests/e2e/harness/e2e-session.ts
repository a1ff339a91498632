/**
 * One e2e suite's world: the app harness over the built renderer (the e2e settings unless the suite says
 * otherwise), Chromium and the app's page, opened in order and closed in reverse together with the suite's
 * simulated fleet — also when opening fails part-way, so a broken start leaves no browser or server behind.
 */
import type { Browser } from 'playwright-core';
import type { Fleet } from '../../simulator';
import { launchChromium } from '../../support/browser';
import { builtApp } from '../../support/built-app';
import type { AppHarness, AppHarnessOptions } from './app-harness';
import { startAppHarness } from './app-harness';
import type { AppPage } from './app-page';
import { openAppPage } from './app-page';
import { E2E_MONITOR, E2E_SETTINGS } from './fleet-page';

export interface E2eSession {
  harness: AppHarness;
  browser: Browser;
  app: AppPage;
  close(): Promise<void>;
}

export interface E2eSessionOptions extends Omit<AppHarnessOptions, 'appDir'> {
  /** Runs once the harness is up, before the page opens (e.g. devices already in the fleet at start). */
  beforePage?: (harness: AppHarness) => Promise<unknown>;
  /** Chromium flags for this suite only (e.g. a fake camera showing a video file). */
  chromiumArgs?: readonly string[];
}

/**
 * A `beforePage` putting every device of `fleet` in the app's fleet with `password` stored as its own, as
 * if unlocked earlier: the page opens on devices the monitor already reads with their credential.
 */
export function withStoredPasswords(fleet: Fleet, password: string): (harness: AppHarness) => Promise<void> {
  return async (h) => {
    await h.services.fleet.add(fleet.devices.map((d) => ({ address: d.address })));
    const { devices } = await h.services.fleet.snapshot();
    for (const device of devices) {
      await h.services.credentials.vault.setDevicePassword(device.deviceId, password);
    }
    await h.services.fleet.credentialsChanged(devices.map((d) => d.deviceId));
  };
}

/**
 * Waits until main's monitor sees every fleet device online (a bounded wait for a suite's `beforeAll`:
 * `expect.poll` is for tests only); throws after `timeoutMs`.
 */
export async function waitAllOnline(harness: AppHarness, count: number, timeoutMs = 30_000): Promise<void> {
  const online = async (): Promise<boolean> =>
    (await harness.services.fleet.snapshot()).devices.every((d) => d.view?.state === 'online');
  for (const deadline = Date.now() + timeoutMs; !(await online());) {
    if (Date.now() > deadline) throw new Error(`the ${count} simulated devices did not come online`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function openE2eSession(fleet: Fleet, options: E2eSessionOptions): Promise<E2eSession> {
  const { beforePage, chromiumArgs, ...harnessOptions } = options;
  const closers: (() => Promise<unknown>)[] = [() => fleet.close()];
  const close = async (): Promise<void> => {
    for (const closeOne of closers.splice(0).reverse()) await closeOne().catch(() => undefined);
  };
  try {
    const harness = await startAppHarness({
      appDir: await builtApp(),
      settings: E2E_SETTINGS,
      monitorOverrides: E2E_MONITOR,
      ...harnessOptions,
    });
    closers.push(() => harness.close());
    await beforePage?.(harness);
    const browser = await launchChromium(chromiumArgs);
    closers.push(() => browser.close());
    const app = await openAppPage(browser, harness.server);
    closers.push(() => app.close());
    return { harness, browser, app, close };
  } catch (error) {
    await close();
    throw error;
  }
}
