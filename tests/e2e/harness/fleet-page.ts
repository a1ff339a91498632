/** Reading the fleet table in Chromium, and the short monitor settings e2e suites run with. */
import type { Page } from 'playwright-core';
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
