/**
 * The Racks view in real Chromium (issue 34), over the real core services and 200 simulated devices: ten
 * racks of 5 shelves × 4 positions made through the page's own `window.api` (`layout:save-rack`), every
 * device placed there through `layout:place`, then the map — every slot in its device's look, a device
 * made to fail in the simulator turning its slot to failure, one made hot, one gone offline, hover for the
 * one-line summary, a click for the device's panel with its location, the fleet's Location column and its
 * filter by rack, and the rack editor's refusal from main at its field. Then the map at 1280×720 and
 * 1024×640, light and dark: the 200 devices fit without scrolling at 1280×720, the page never scrolls
 * sideways. Screenshots: tests/.tmp/screenshots/rack-map-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import { openAppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, waitAllOnline, withStoredPasswords } from './harness/e2e-session';

const PASSWORD = 'rack-map-pw-34';
const RACKS = 10;
const SHELVES = 5;
const POSITIONS = 4;
const COUNT = RACKS * SHELVES * POSITIONS;

/** Rack i (0-based): area C1 for the first five, C2 for the rest; R01…R10. */
const rackOf = (i: number): { area: string; name: string } => ({
  area: i < RACKS / 2 ? 'C1' : 'C2',
  name: `R${String(i + 1).padStart(2, '0')}`,
});

/** Device n's slot: rack by rack, shelf by shelf, position by position. */
function slotOf(n: number): string {
  const rack = rackOf(Math.floor(n / (SHELVES * POSITIONS)));
  const inRack = n % (SHELVES * POSITIONS);
  return `${rack.area}-${rack.name}-S${Math.floor(inRack / POSITIONS) + 1}-P${(inRack % POSITIONS) + 1}`;
}

type Call = (channel: string, input: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;

/** One channel call from the page, through its `window.api` (the preload's door in the app). */
async function callApi<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const api = (globalThis as unknown as { api: Record<string, Call> }).api;
      return (api[name as string] as unknown as (i: unknown) => ReturnType<Call>)(body);
    },
    [channel, input] as const,
  );
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

const look = (page: Page, slot: string): Promise<string | null> =>
  page.locator(`[data-slot="${slot}"]`).first().getAttribute('data-look');

describeWith(browserRequirement, 'the rack map in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  const hostOf = (d: SimDevice): string => `${d.host}:${d.port}`;
  let troubled = false;
  /** A site is never all green: one device fails, one runs hot, one stops answering (once per suite). */
  const makeTrouble = async (): Promise<SimDevice[]> => {
    const [failing, hot, gone] = [fleet.devices[5], fleet.devices[26], fleet.devices[47]] as SimDevice[];
    if (!troubled) {
      troubled = true;
      failing!.setMinerState('failure', { description: 'hash board 2 lost', code: 7 });
      hot!.setMetrics({ chipTempMax: 96 });
      await gone!.goDown(600);
    }
    return [failing!, hot!, gone!];
  };

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: withStoredPasswords(fleet, PASSWORD),
      // 200 devices on a shared machine: polled every 2 s, offline after two misses.
      settings: { monitor: { intervalMs: 2000, timeoutMs: 1500, offlineAfterMissedPolls: 2 } },
    });
    ({ app } = session);
    await waitAllOnline(session.harness, COUNT, 120_000);
    for (let i = 0; i < RACKS; i += 1) {
      await callApi(app.page, 'layout:save-rack', {
        rack: { ...rackOf(i), shelves: SHELVES, positions: POSITIONS },
      });
    }
    const { devices } = await session.harness.services.fleet.snapshot();
    const byAddress = new Map(devices.map((d) => [d.address, d.deviceId]));
    const items = fleet.devices.map((d, n) => ({
      device: byAddress.get(d.address) ?? d.address,
      slot: slotOf(n),
    }));
    const placed = await callApi<{ summary: string }>(app.page, 'layout:place', {
      items,
      acceptMoves: false,
    });
    expect(placed.summary).toMatch(/placed 200/);
    await app.page.getByRole('button', { name: 'Racks' }).click();
  }, 300_000);

  afterAll(() => session?.close());

  it('draws every rack by area with each slot in its device’s look, and follows the simulator', async () => {
    const page = app.page;
    await expect.poll(() => page.locator('.slot[data-device-id]').count(), { timeout: 30_000 }).toBe(COUNT);
    expect(await page.getByRole('region', { name: 'Area C1' }).locator('.rack').count()).toBe(5);
    await expect.poll(() => look(page, slotOf(0)), { timeout: 20_000 }).toBe('mining');

    const [failing] = await makeTrouble();
    await expect.poll(() => look(page, slotOf(5)), { timeout: 30_000 }).toBe('failure');
    await expect.poll(() => look(page, slotOf(26)), { timeout: 30_000 }).toBe('hot');
    await expect.poll(() => look(page, slotOf(47)), { timeout: 30_000 }).toBe('offline');
    // Colour is never alone: the failing slot carries its glyph; the legend counts it.
    expect(await page.locator(`[data-slot="${slotOf(5)}"]`).innerText()).toBe('!');
    expect(await page.locator('[data-legend="failure"]').innerText()).toMatch(/Failure\s*1/);

    await page.locator(`[data-slot="${slotOf(5)}"]`).hover();
    const tip = page.getByRole('tooltip');
    await expect
      .poll(() => tip.innerText())
      .toMatch(new RegExp(`^${slotOf(5)} · ${hostOf(failing!)} · .+ · Failure$`));
    expect(app.problems).toEqual([]);
  }, 120_000);

  it('opens the device’s panel on a click, with its location; the fleet shows and filters it', async () => {
    const page = app.page;
    const device = fleet.devices[26]!;
    await page.locator(`[data-slot="${slotOf(26)}"]`).click();
    const panel = page.locator('.device-panel');
    await expect
      .poll(() => panel.locator('.panel-title').innerText(), { timeout: 15_000 })
      .toBe(hostOf(device));
    expect(await panel.locator('[data-location]').getAttribute('data-location')).toBe(slotOf(26));
    await page.getByRole('button', { name: 'Close the device panel (Escape)' }).click();

    await page.getByRole('button', { name: 'Fleet' }).click();
    await page.getByLabel('Show devices in').selectOption({ label: 'Rack R02' });
    const rows = page.locator('[role="row"][data-device-id]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(SHELVES * POSITIONS);
    expect(await page.locator('[data-column="location"]').first().innerText()).toMatch(/^C1-R02-S\d-P\d/);
    await page.getByLabel('Show devices in').selectOption({ label: 'Every place' });
    await page.getByRole('button', { name: 'Racks' }).click();
    expect(app.problems).toEqual([]);
  }, 60_000);

  it('says main’s refusal at the field: a rack name taken in its area', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Add a rack…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a rack' });
    await dialog.getByLabel('Area (a container, a room, a row)').fill('C1');
    await dialog.getByLabel('Rack name').fill('R03');
    await dialog.getByRole('button', { name: 'Add the rack' }).click();
    await expect
      .poll(() => dialog.locator('#rack-name-error').innerText())
      .toBe('Area C1 already has a rack named R03.');
    expect(await dialog.getByLabel('Rack name').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 30_000);

  it('fits 200 devices at 1280×720 without scrolling, and reads at 1024×640, light and dark', async () => {
    const browser = session!.browser;
    await makeTrouble();
    for (const [width, height] of [
      [1280, 720],
      [1024, 640],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const shot = await openAppPage(browser, session!.harness.server, { width, height, colorScheme });
        try {
          await shot.page.getByRole('button', { name: 'Racks' }).click();
          await expect
            .poll(() => shot.page.locator('.slot[data-look="mining"]').count(), { timeout: 30_000 })
            .toBeGreaterThan(150);
          await expect
            .poll(() => shot.page.locator('.slot[data-look="failure"]').count(), { timeout: 30_000 })
            .toBe(1);
          const size = await shot.page.evaluate(() => {
            const doc = (
              globalThis as unknown as {
                document: {
                  documentElement: { scrollWidth: number; clientWidth: number };
                  querySelector(s: string): { scrollHeight: number; clientHeight: number } | null;
                };
              }
            ).document;
            const map = doc.querySelector('.rack-map');
            return {
              pageWide: doc.documentElement.scrollWidth - doc.documentElement.clientWidth,
              mapScroll: map === null ? -1 : map.scrollHeight - map.clientHeight,
            };
          });
          expect(size.pageWide, `${width}×${height} page scrolls sideways`).toBeLessThanOrEqual(0);
          if (width === 1280) expect(size.mapScroll, 'the map scrolls at 1280×720').toBeLessThanOrEqual(0);
          await shot.screenshot(`rack-map-${width}x${height}-${colorScheme}`);
          expect(shot.problems).toEqual([]);
        } finally {
          await shot.close();
        }
      }
    }
  }, 240_000);
});
