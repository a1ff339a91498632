/**
 * Reading the fleet table in Chromium, choosing the selection's actions, and the short monitor settings
 * e2e suites run with.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SettingsPatch } from '../../../shared/domain/settings';
import type { MonitorSettings } from '../../../electron/core/monitor/monitor-options';
import type { Fleet } from '../../simulator';

/** Polls twice a second, offline after two misses: a suite sees state changes in a second or two. */
export const E2E_SETTINGS: SettingsPatch = {
  monitor: { intervalMs: 500, timeoutMs: 400, offlineAfterMissedPolls: 2 },
};
export const E2E_MONITOR: MonitorSettings = { maxBackoffMs: 1000, quickRecheckMs: 100, diffIntervalMs: 100 };

/** `127.x.y.1-12`: the simulated fleet's addresses as one range (they are allocated in a row). */
export function rangeOf(fleet: Fleet): string {
  const hosts = fleet.devices.map((d) => d.host);
  const first = hosts[0] ?? '';
  const last = hosts.at(-1)?.split('.').at(-1) ?? '';
  return `${first}-${last}`;
}

export interface RowText {
  id: string;
  state: string;
  text: string;
}

/** The data rows on screen (the table is virtualized: a small fleet is all on screen). */
export async function rows(page: Page): Promise<RowText[]> {
  return page.locator('[role="row"][data-device-id]').evaluateAll((elements) =>
    elements.map((el) => ({
      id: el.getAttribute('data-device-id') ?? '',
      state: el.getAttribute('data-state') ?? '',
      text: (el as unknown as { innerText: string }).innerText,
    })),
  );
}

export async function waitForStates(
  page: Page,
  count: number,
  state: string,
  timeout = 20_000,
): Promise<void> {
  await expect
    .poll(async () => (await rows(page)).filter((r) => r.state === state).length, { timeout })
    .toBe(count);
}

/**
 * The selection's actions live in one **Actions** menu beside "Commission…" (bulk-bar.tsx); this is the
 * one place tests know that. Opens the menu (if it is not open) and gives it.
 */
export async function openActions(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu', { name: 'Actions' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Actions', exact: true }).click();
  // Playwright's own wait, not expect.poll: scripts/screenshot.ts uses this outside a test.
  await menu.waitFor({ state: 'visible' });
  return menu;
}

/** The Actions menu's entry `label` ("Pools…", "Reboot…"), the menu opened. */
export async function actionItem(page: Page, label: string): Promise<Locator> {
  return (await openActions(page)).getByRole('menuitem', { name: label, exact: true });
}

/**
 * Chooses `label` from the Actions menu; `choice` picks from its submenu ("Blink LED" → "for 10 min") with
 * the keyboard (focus, Enter): a pointer jumping straight to a submenu opened on the left of its menu may
 * cross the menu's other entries, which close it, as they should for a hand moving over them.
 */
export async function chooseAction(page: Page, label: string, choice?: string): Promise<void> {
  await (await actionItem(page, label)).click();
  if (choice === undefined) return;
  const item = page.getByRole('menu', { name: label }).getByRole('menuitem', { name: choice, exact: true });
  await item.focus();
  await page.keyboard.press('Enter');
}

/** The labels of the Actions menu's entries, in order (the menu is left open). */
export async function actionLabels(page: Page): Promise<string[]> {
  return (await openActions(page))
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((el) => (el.textContent ?? '').replace(/[▾▸]/g, '').trim()));
}

/** Whether an entry of the Actions menu can be chosen (the menu is closed again). */
export async function actionEnabled(page: Page, label: string): Promise<boolean> {
  const item = await actionItem(page, label);
  const disabled = (await item.getAttribute('aria-disabled')) === 'true';
  await page.keyboard.press('Escape');
  return !disabled;
}

/** Ctrl+A in the table: every shown device selected. */
export async function selectAllShown(page: Page, count: number): Promise<void> {
  await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  await expect
    .poll(() => page.getByText(`${count.toLocaleString('en-US')} selected`, { exact: false }).count())
    .toBeGreaterThan(0);
}
