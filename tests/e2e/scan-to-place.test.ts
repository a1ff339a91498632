/**
 * Scan to place with a handheld scanner, in real Chromium over simulated devices (issue 34): the scanner
 * is the keyboard — each label typed fast and ended with Enter (or Tab, as some scanners are set up) — and
 * nothing is clicked between scans. Box, slot, box, slot; a label in another form (the MAC in dashes,
 * lower case); a slot that holds a device, confirmed with Enter; one refused with N; an unknown label; the
 * focus never leaves the scan field. What main keeps placed is read from the layout service.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import type { E2eSession } from './harness/e2e-session';
import {
  BOXES,
  cue,
  openScanDialog,
  placedBySlot,
  scanFieldFocused,
  openPlacingSession,
} from './harness/placing-page';

/** A scanner: the label's keys a few ms apart, then its end key. Keyboard events only. */
async function scan(page: Page, label: string, end: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
  await page.keyboard.type(label, { delay: 8 });
  await page.keyboard.press(end);
}

describeWith(browserRequirement, 'scan to place with a handheld scanner in Chromium', () => {
  let fleet: Fleet;
  let session: E2eSession | undefined;
  const hostOf = (i: number): string => `${fleet.devices[i]!.host}:${fleet.devices[i]!.port}`;

  beforeAll(async () => {
    ({ fleet, session } = await openPlacingSession());
  }, 180_000);

  afterAll(() => session?.close());

  it('places box after box from the keyboard alone, asks before displacing, and keeps the focus', async () => {
    const { page, problems } = session!.app;
    const { harness } = session!;
    await openScanDialog(page);
    expect(await scanFieldFocused(page)).toBe(true);

    // Box 1 by its serial (QR on the box), its slot by name: placed, green.
    await scan(page, BOXES[0].serial);
    await scan(page, 'C2-R07-S1-P1');
    await expect
      .poll(() => cue(page))
      .toMatchObject({ tone: 'placed', text: expect.stringMatching(`^Placed ${hostOf(0)} in C2-R07-S1-P1`) });

    // Box 2 by its MAC in another form, the scanner ending with Tab, and the slot typed right after it —
    // no waiting for the answer between the two scans.
    await scan(page, BOXES[1].mac.toLowerCase().replaceAll(':', '-'), 'Tab');
    await scan(page, 'c2-r07-s1-p2', 'Tab');
    await expect
      .poll(() => placedBySlot(harness), { timeout: 15_000 })
      .toEqual({
        'C2-R07-S1-P1': hostOf(0),
        'C2-R07-S1-P2': hostOf(1),
      });
    expect(await scanFieldFocused(page)).toBe(true);

    // An unknown label is said in words, in red; the dialog still waits for a device.
    await scan(page, 'NOT-A-BOX-99');
    await expect
      .poll(() => cue(page))
      .toEqual({ tone: 'refused', text: '“NOT-A-BOX-99” is no device or slot of this site' });

    // Box 3 into box 1's slot: asked; N says no and nothing moves.
    await scan(page, BOXES[2].serial);
    await scan(page, 'C2-R07-S1-P1');
    await expect
      .poll(() => cue(page))
      .toEqual({
        tone: 'ask',
        text: `C2-R07-S1-P1 holds ${hostOf(0)} — move ${hostOf(2)} here? (Enter/Y yes, Esc/N no)`,
      });
    await page.keyboard.press('n');
    await expect
      .poll(() => cue(page))
      .toMatchObject({ tone: 'same', text: `Skipped: ${hostOf(2)} not moved` });

    // Again, and Enter says yes: box 3 takes the slot, box 1 leaves it.
    await scan(page, BOXES[2].serial);
    await scan(page, 'C2-R07-S1-P1');
    await expect.poll(() => cue(page)).toMatchObject({ tone: 'ask' });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => cue(page))
      .toMatchObject({ tone: 'placed', text: expect.stringMatching(`^Placed ${hostOf(2)} in C2-R07-S1-P1`) });
    expect(await placedBySlot(harness)).toEqual({ 'C2-R07-S1-P1': hostOf(2), 'C2-R07-S1-P2': hostOf(1) });

    // The same box scanned where it stands: nothing to do.
    await scan(page, BOXES[1].serial);
    await scan(page, 'C2-R07-S1-P2');
    await expect
      .poll(() => cue(page))
      .toEqual({ tone: 'same', text: `${hostOf(1)} is already in C2-R07-S1-P2` });
    expect(await scanFieldFocused(page)).toBe(true);

    const list = page.getByRole('list', { name: 'Placed in this session' }).getByRole('listitem');
    await expect
      .poll(() => list.allInnerTexts())
      .toEqual([`${hostOf(2)} → C2-R07-S1-P1`, `${hostOf(1)} → C2-R07-S1-P2`, `${hostOf(0)} → C2-R07-S1-P1`]);
    await session!.app.screenshot('scan-to-place');

    // Undo the last: box 3 leaves C2-R07-S1-P1 and box 1, which it pushed out, stands there again.
    await page.getByRole('button', { name: 'Undo last' }).click();
    await expect
      .poll(() => cue(page))
      .toEqual({ tone: 'same', text: `Undone: ${hostOf(2)} taken out of C2-R07-S1-P1` });
    expect(await placedBySlot(harness)).toEqual({ 'C2-R07-S1-P1': hostOf(0), 'C2-R07-S1-P2': hostOf(1) });
    await expect.poll(() => scanFieldFocused(page)).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);
});
