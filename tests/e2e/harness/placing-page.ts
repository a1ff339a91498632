/**
 * Scan to place in the browser tests: a site with one rack over a simulated fleet whose boxes carry known
 * serials and MACs, the dialog opened from the Racks view, and what main keeps as placed.
 */
import type { Page } from 'playwright-core';
import type { Fleet } from '../../simulator';
import { startFleet } from '../../simulator';
import { workingKeychain } from '../../support/test-keychain';
import type { AppHarness } from './app-harness';
import type { E2eSession } from './e2e-session';
import { openE2eSession } from './e2e-session';

export const PLACING_PASSWORD = 'placing-pw-34';
/** Rack C2 / R07, 2 shelves × 3 positions: slots C2-R07-S1-P1 … C2-R07-S2-P3. */
export const RACK = { area: 'C2', name: 'R07', shelves: 2, positions: 3 };

/** Each box's printed labels: a serial and a MAC (devices' own options in the simulator). */
export const BOXES = [
  { serial: 'BOX-0001', mac: '02:98:AF:10:00:41' },
  { serial: 'BOX-0002', mac: '02:98:AF:10:00:42' },
  { serial: '4006381333931', mac: '02:98:AF:10:00:43' },
] as const;

/** The site's one rack, and every device of `fleet` known by the labels on its box (bounded wait). */
export function withRackAndLabels(fleet: Fleet): (harness: AppHarness) => Promise<void> {
  return async (harness) => {
    // Added with what a scan reads from each device's /info (discovery's classify.ts), as Discover would.
    await harness.services.fleet.add(
      fleet.devices.map((device, i) => ({
        address: device.address,
        identity: {
          mac: BOXES[i]?.mac ?? null,
          serial: BOXES[i]?.serial ?? null,
          hostname: null,
          model: null,
          firmware: null,
        },
      })),
    );
    const { devices } = await harness.services.fleet.snapshot();
    for (const device of devices) {
      await harness.services.credentials.vault.setDevicePassword(device.deviceId, PLACING_PASSWORD);
    }
    await harness.services.fleet.credentialsChanged(devices.map((d) => d.deviceId));
    const saved = await harness.services.layout.saveRack(undefined, RACK);
    if (!saved.ok) throw new Error(saved.error.message);
    for (const deadline = Date.now() + 30_000; ;) {
      const matched = await Promise.all(
        BOXES.map((box) => harness.services.layout.matchLabel(undefined, box.serial)),
      );
      if (matched.every((m) => m.ok && m.value.kind === 'device')) return;
      if (Date.now() > deadline) throw new Error('the boxes’ serials were not read from the devices');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
}

/** Slot name → the address (`host:port`) of the device main keeps there. */
export async function placedBySlot(harness: AppHarness): Promise<Record<string, string>> {
  const view = await harness.services.layout.get();
  if (!view.ok) throw new Error(view.error.message);
  const { devices } = await harness.services.fleet.snapshot();
  const hostOf = new Map(devices.map((d) => [d.deviceId, d.address.replace(/^https?:\/\//, '')]));
  const named: Record<string, string> = {};
  for (const p of view.value.layout.placements) {
    named[`${RACK.area}-${RACK.name}-S${p.shelf}-P${p.position}`] = hostOf.get(p.deviceId) ?? p.deviceId;
  }
  return named;
}

/** The Racks view, then Scan to place…: the dialog's scan field has the focus. */
export async function openScanDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Racks', exact: true }).click();
  await page.getByRole('button', { name: 'Scan to place…' }).click();
  await page.getByRole('dialog', { name: 'Scan to place' }).waitFor();
}

/** The cue's words and colour (`data-tone`). */
export async function cue(page: Page): Promise<{ tone: string | null; text: string }> {
  const status = page.getByRole('dialog').locator('.scan-cue');
  return { tone: await status.getAttribute('data-tone'), text: await status.innerText() };
}

/** True when the focused element is the dialog's scan field. */
export function scanFieldFocused(page: Page): Promise<boolean> {
  return page.evaluate(`document.activeElement?.getAttribute('aria-label') === 'Scanned label'`);
}

/** The boxes' simulated devices and the app over them, the site's rack ready; `chromiumArgs` for this suite only. */
export async function openPlacingSession(
  chromiumArgs: readonly string[] = [],
): Promise<{ fleet: Fleet; session: E2eSession }> {
  const fleet = await startFleet({
    defaults: { password: PLACING_PASSWORD },
    devices: BOXES.map((box) => ({ ...box })),
  });
  const session = await openE2eSession(fleet, {
    keychain: workingKeychain(),
    beforePage: withRackAndLabels(fleet),
    chromiumArgs,
  });
  return { fleet, session };
}
