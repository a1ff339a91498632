/**
 * Real Chromium for UI tests: Debian's /usr/bin/chromium driven by playwright-core (never Playwright's
 * own browser download). The flags keep it from reaching for the network this machine does not have.
 */
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './requirements';

/** `extraArgs`: a suite's own flags (the camera test's fake video device), after the usual ones. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}
