/**
 * The technician's flow as steps on a page, shared by the Chromium suite (browser harness) and the
 * Electron suite (real preload and IPC), so both prove the same thing.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Fleet, SimDevice } from '../../simulator';
import { chooseAction, rangeOf, rows, waitForStates } from './fleet-page';

/** Discover: type the range and port, scan, see every device, add them, go to the fleet. */
export async function scanAndAddAll(page: Page, fleet: Fleet): Promise<void> {
  const count = fleet.devices.length;
  await page.getByLabel('Addresses to scan').fill(rangeOf(fleet));
  await page.getByText('Scan options').click();
  await page.getByLabel('Ports').fill(String(fleet.devices[0]?.port));
  await expect.poll(() => page.getByText(`${count} addresses to scan`).count()).toBe(1);
  await page.getByRole('button', { name: `Scan ${count} addresses` }).click();
  await expect
    .poll(() => page.getByRole('heading', { name: `${count} devices found` }).count(), { timeout: 15_000 })
    .toBe(1);
  await expect.poll(() => page.getByText(/Scan finished/).count()).toBe(1);
}

export async function addFoundToFleet(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: `Add ${count} devices to the fleet` }).click();
  await expect.poll(() => page.getByText(`${count} added to the fleet.`).count()).toBe(1);
  await page.getByRole('button', { name: 'Go to the fleet →' }).click();
  await waitForStates(page, count, 'locked');
}

/** Ctrl+A, Actions → Unlock…, the site password once, "create API keys" left ticked. */
export async function unlockAllWithKeys(page: Page, count: number, password: string): Promise<void> {
  await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  await expect.poll(() => page.getByText(`${count} selected`, { exact: false }).count()).toBeGreaterThan(0);
  await chooseAction(page, 'Unlock…');
  const dialog = page.getByRole('dialog', { name: `Unlock ${count} devices` });
  await dialog.getByLabel('Device password').fill(password);
  await expect(dialog.getByLabel(/Create an API key/).isChecked()).resolves.toBe(true);
}

export async function confirmUnlock(page: Page, count: number): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Unlock ${count} devices` })
    .click();
  await expect
    .poll(() => page.getByText(`${count} unlocked, ${count} with an API key.`).count(), { timeout: 20_000 })
    .toBe(1);
  await waitForStates(page, count, 'online');
  // Readings are in: every row has a hash rate and a chip temperature.
  await expect
    .poll(async () => (await rows(page)).filter((r) => /TH\/s/.test(r.text) && /°C/.test(r.text)).length)
    .toBe(count);
}

export async function expectOffline(page: Page, down: SimDevice): Promise<void> {
  const row = page.locator('[role="row"][data-state]', { hasText: `${down.host}:${down.port}` });
  await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('offline');
  await expect.poll(() => row.innerText()).toMatch(/Offline/);
  await expect.poll(() => row.innerText()).toMatch(/no answer/);
}
