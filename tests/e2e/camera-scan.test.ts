/**
 * Scan to place with the laptop's camera, in real Chromium (issue 34): Chromium's fake video device plays
 * a Y4M file of printed labels (drawn with ZXing's writer) — a box's serial as a QR code, its slot as Code
 * 39; a box's MAC as Code 128, its slot as DataMatrix; a box's EAN-13 serial, its slot as a QR code — and
 * the dialog reads them with the bundled ZXing WebAssembly (Linux Chromium has no BarcodeDetector), with
 * no network and the app's CSP. Each label shows for 2 s in a loop: read several times, placed once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { writeLabelVideo } from '../support/label-video';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import type { E2eSession } from './harness/e2e-session';
import { BOXES, openScanDialog, placedBySlot, openPlacingSession } from './harness/placing-page';

describeWith(browserRequirement, 'scan to place with the camera in Chromium', () => {
  let fleet: Fleet;
  let session: E2eSession | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-camera-'));
  const hostOf = (i: number): string => `${fleet.devices[i]!.host}:${fleet.devices[i]!.port}`;

  beforeAll(async () => {
    const video = await writeLabelVideo(join(dir, 'labels.y4m'), [
      { text: BOXES[0].serial, format: 'QRCode' },
      { text: 'C2-R07-S2-P1', format: 'Code39' },
      { text: BOXES[1].mac, format: 'Code128' },
      { text: 'C2-R07-S2-P2', format: 'DataMatrix' },
      { text: BOXES[2].serial, format: 'EAN-13' },
      { text: 'C2-R07-S2-P3', format: 'QRCode' },
    ]);
    // The camera allowed without a prompt, and a fake camera that plays the file (Chromium takes the file
    // from --use-file-for-fake-video-capture: `--use-fake-device-for-media-stream=<file>` finds no camera).
    ({ fleet, session } = await openPlacingSession([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]));
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads QR, Code 128, Code 39, EAN-13 and DataMatrix labels from the camera and places each box once', async () => {
    const { page, problems } = session!.app;
    const { harness } = session!;
    await openScanDialog(page);
    expect(await page.evaluate(`typeof globalThis.BarcodeDetector`)).toBe('undefined');
    await page.getByRole('checkbox', { name: 'Use camera' }).check();
    await expect
      .poll(() => page.getByRole('dialog').locator('.camera-status').innerText(), { timeout: 20_000 })
      .toMatch(/Hold a label in front of the camera \(ZXing reader\)/);

    await expect
      .poll(() => placedBySlot(harness), { timeout: 90_000, interval: 1_000 })
      .toEqual({
        'C2-R07-S2-P1': hostOf(0),
        'C2-R07-S2-P2': hostOf(1),
        'C2-R07-S2-P3': hostOf(2),
      });
    await session!.app.screenshot('scan-to-place-camera');
    // Each box placed once, although each label was read in many frames.
    const list = page.getByRole('list', { name: 'Placed in this session' }).getByRole('listitem');
    const placed = await list.allInnerTexts();
    expect(placed.slice(-3)).toEqual([
      `${hostOf(2)} → C2-R07-S2-P3`,
      `${hostOf(1)} → C2-R07-S2-P2`,
      `${hostOf(0)} → C2-R07-S2-P1`,
    ]);
    expect(placed).toHaveLength(3);
    expect(problems).toEqual([]);
  }, 150_000);
});
