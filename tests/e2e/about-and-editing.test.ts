/**
 * The app's basics in real Chromium, through the harness: Settings → About shows the version from
 * package.json and the data folder main really uses, "Open data folder" makes main open exactly that folder
 * (the harness's opener records it), and copy and paste with the keyboard work in the app's text fields —
 * nothing in the page swallows Ctrl+C / Ctrl+V. In Electron the same keys reach the page through the Edit
 * menu's roles (electron/core/shell/app-menu.ts); that half needs an Electron binary and is covered by the
 * menu's unit tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { REPO_ROOT } from '../support/run-cli';
import { workingKeychain } from '../support/test-keychain';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';

/** The page's clipboard API (this file is compiled without the DOM library). */
interface BrowserClipboard {
  navigator: { clipboard: { readText(): Promise<string> } };
}

const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

describeWith(browserRequirement, 'About and editing in Chromium', () => {
  let session: E2eSession | undefined;

  beforeAll(async () => {
    const fleet = await startFleet({ count: 1 });
    session = await openE2eSession(fleet, { keychain: workingKeychain(), version });
  }, 180_000);

  afterAll(() => session?.close());

  it('shows About with the version and the data folder, and opens that folder through main', async () => {
    const { app, harness } = session!;
    const { page } = app;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const about = page.getByRole('region', { name: 'About Minerdeck' });
    await expect.poll(() => about.innerText(), { timeout: 10_000 }).toContain(`Version\n${version}`);
    const text = await about.innerText();
    expect(text).toContain(harness.dataDir);
    expect(text).toContain("Working: passwords and API keys are kept in the operating system's keychain.");

    await about.getByRole('button', { name: 'Open data folder' }).click();
    await expect
      .poll(() => about.getByRole('status').innerText())
      .toBe(`Opened ${harness.dataDir} in the file manager.`);
    expect(harness.openedFolders).toEqual([harness.dataDir]);
    await app.screenshot('about-card');
    expect(app.problems).toEqual([]);
  });

  it('copies and pastes with the keyboard in a text field, through the system clipboard', async () => {
    const { app, harness } = session!;
    const { page } = app;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(harness.server.url).origin,
    });
    await page.getByRole('button', { name: 'Discover' }).click();
    const field = page.getByLabel('Addresses to scan');
    await field.fill('10.0.0.1-20');
    await field.press('ControlOrMeta+a');
    await field.press('ControlOrMeta+c');
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as BrowserClipboard).navigator.clipboard.readText()),
      )
      .toBe('10.0.0.1-20');
    await field.press('End');
    await field.pressSequentially(', ');
    await field.press('ControlOrMeta+v');
    await expect.poll(() => field.inputValue()).toBe('10.0.0.1-20, 10.0.0.1-20');
    expect(app.problems).toEqual([]);
  });
});
