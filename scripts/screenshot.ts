/**
 * `npm run screenshot`: the README's picture of the fleet view (docs/images/fleet-view.png), made by the
 * same machinery as the UI tests rather than by hand, so it can be redone whenever the UI changes and
 * always shows the real app: a simulated fleet of 50 devices on loopback, the built renderer and the real
 * core services behind the browser harness, real Chromium at 1280×720 (a field laptop's screen). The
 * technician's flow is driven through the page (scan, add to the fleet, unlock with the site password and
 * API keys), then three devices are made to misbehave so the picture shows what a site really looks
 * like: a hot chip, a low hash rate and a device gone offline.
 *
 * Development tooling only, like the demo's browser preview: it never ships.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { startAppHarness } from '../tests/e2e/harness/app-harness';
import type { AppHarness } from '../tests/e2e/harness/app-harness';
import { openAppPage } from '../tests/e2e/harness/app-page';
import { E2E_MONITOR, E2E_SETTINGS, chooseAction, rangeOf, rows } from '../tests/e2e/harness/fleet-page';
import { launchChromium } from '../tests/support/browser';
import { builtApp } from '../tests/support/built-app';
import { REPO_ROOT } from '../tests/support/run-cli';
import { workingKeychain } from '../tests/support/test-keychain';
import { startFleet } from '../tests/simulator';
import type { Fleet } from '../tests/simulator';

const COUNT = 50;
/** Not the factory `admin`: otherwise every row would carry a "Factory password" alert. */
const SITE_PASSWORD = 'hall-1-site-pw';
const OUT = join(REPO_ROOT, 'docs/images/fleet-view.png');
/**
 * The README embeds the picture; a large one would bloat every clone of the repository. (A dozen rows and
 * more on a laptop's screen, each with its readings, take about 300 KB.)
 */
const MAX_BYTES = 350 * 1024;
const VIEWPORT = { width: 1280, height: 720 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `check` holds, at most `timeoutMs` (every wait is bounded: a broken app must end the script
 * with a message, not hang it).
 */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

const shown = async (page: Page, text: string | RegExp): Promise<boolean> =>
  (await page.getByText(text).count()) > 0;

async function countRows(
  page: Page,
  test: (row: { state: string; text: string }) => boolean,
): Promise<number> {
  return (await rows(page)).filter(test).length;
}

/** Discover: the fleet's range and port, Scan, every device found, added to the current site. */
async function scanAndAdd(page: Page, fleet: Fleet): Promise<void> {
  await page.getByLabel('Addresses to scan').fill(rangeOf(fleet));
  await page.getByText('Scan options').click();
  await page.getByLabel('Ports').fill(String(fleet.devices[0]?.port));
  await page.getByRole('button', { name: `Scan ${COUNT} addresses` }).click();
  await waitFor('the scan to finish', () => shown(page, /Scan finished/));
  await page.getByRole('button', { name: `Add ${COUNT} devices to the fleet` }).click();
  await waitFor('the devices to be added', () => shown(page, `${COUNT} added to the fleet.`));
  await page.getByRole('button', { name: 'Go to the fleet →' }).click();
}

/** Fleet: select all, Actions → Unlock… with the site password, API keys created; then every row has readings. */
async function unlockAll(page: Page): Promise<void> {
  await waitFor('the fleet table', async () => (await countRows(page, () => true)) > 0);
  await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  await chooseAction(page, 'Unlock…');
  const dialog = page.getByRole('dialog', { name: `Unlock ${COUNT} devices` });
  await dialog.getByLabel('Device password').fill(SITE_PASSWORD);
  await dialog.getByRole('button', { name: `Unlock ${COUNT} devices` }).click();
  await waitFor(
    'the unlock to finish',
    () => shown(page, `${COUNT} unlocked, ${COUNT} with an API key.`),
    60_000,
  );
}

/**
 * A site is never all green: one hot chip, one low hash rate, one device that stopped answering — all
 * among the first rows, which are the ones on screen (the table is sorted by address).
 */
async function addTrouble(page: Page, fleet: Fleet): Promise<void> {
  const [hot, slow, gone] = [fleet.devices[1], fleet.devices[2], fleet.devices[4]];
  if (hot === undefined || slow === undefined || gone === undefined) throw new Error('fleet too small');
  hot.setMetrics({ chipTempMax: 91 });
  slow.setMetrics({ hashRateFactor: 0.55 });
  await gone.goDown(600);
  await waitFor(
    'the offline device and the alerts',
    async () => (await countRows(page, (r) => r.state === 'offline')) === 1,
    30_000,
  );
  await waitFor('readings on every online row', async () => {
    const online = await countRows(page, (r) => r.state === 'online' && /TH\/s/.test(r.text));
    return online >= Math.min(COUNT - 1, (await countRows(page, () => true)) - 1);
  });
  // Two more polls, so the alerts of the hot and the slow device are raised and drawn.
  await sleep(2_000);
}

async function main(): Promise<void> {
  const closers: (() => Promise<unknown>)[] = [];
  try {
    process.stdout.write('screenshot: building the app (once per change of its sources)…\n');
    const fleet = await startFleet({ count: COUNT, defaults: { password: SITE_PASSWORD } });
    closers.push(() => fleet.close());
    const harness: AppHarness = await startAppHarness({
      appDir: await builtApp(),
      keychain: workingKeychain(),
      settings: E2E_SETTINGS,
      monitorOverrides: E2E_MONITOR,
      version: '0.1.0',
    });
    closers.push(() => harness.close());
    const browser = await launchChromium();
    closers.push(() => browser.close());
    const app = await openAppPage(browser, harness.server, VIEWPORT);
    closers.push(() => app.close());
    const { page } = app;
    await scanAndAdd(page, fleet);
    await unlockAll(page);
    await addTrouble(page, fleet);
    // Deselect and clear the unlock's outcome line, so the picture shows the fleet itself.
    await page.getByLabel('Select every device shown').uncheck();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await waitFor('the selection to clear', async () => !(await shown(page, /selected/)));
    mkdirSync(dirname(OUT), { recursive: true });
    await page.screenshot({ path: OUT, type: 'png' });
    const bytes = statSync(OUT).size;
    process.stdout.write(`screenshot: ${relative(REPO_ROOT, OUT)} (${Math.round(bytes / 1024)} KB)\n`);
    if (bytes > MAX_BYTES) throw new Error(`the picture is ${bytes} bytes, over ${MAX_BYTES}`);
    if (app.problems.length > 0) throw new Error(`the page reported problems: ${app.problems.join('; ')}`);
  } finally {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`screenshot: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
