/**
 * The activity log's `until` comes from a file (the inventory, an imported site): it is believed only as
 * far as the write can last (disruption-timing.ts MAX_EFFECT_MS), so a hostile entry cannot keep a device
 * "rebooting" for days, "updating" for a week, or its locate LED on for a year. Pure: times are given.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../../shared/domain/commission';
import { ok } from '../../../../shared/result';
import { createActivityLookup } from '../../../../electron/core/commission/activity-lookup';
import {
  DEFAULT_DISRUPTION_TIMING,
  disruptionFromEntry,
} from '../../../../electron/core/commission/disruption-timing';
import { emptyInventory } from '../../../../electron/core/inventory/schema';

const AT = Date.parse('2026-03-01T10:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const device = { deviceId: 'mac:02:00:00:00:00:07', address: 'http://10.0.0.7' };
const match = (d: { deviceId: string }) => d.deviceId === device.deviceId;

function entry(action: ActivityEntry['action'], at: number, until: number): ActivityEntry {
  return {
    id: `${action}-${at}`,
    siteId: 'hall-1',
    at: iso(at),
    by: 'elsewhere',
    action,
    what: action,
    until: iso(until),
    ...(action === 'firmware'
      ? {
          firmware: {
            phase: 'accepted' as const,
            image: { name: 'fw.bin', bytes: 1, sha256: 'c'.repeat(64) },
          },
        }
      : {}),
    devices: [{ ...device, outcome: action === 'firmware' ? 'unknown' : 'done', message: '' }],
  };
}

const disruption = (logged: ActivityEntry, now: number) =>
  disruptionFromEntry(logged, match, now, DEFAULT_DISRUPTION_TIMING);

describe('an activity entry’s until is bounded', () => {
  it('a reboot logged to last 5 days lasts the usual reboot window instead', () => {
    const { rebootBackMs, marginMs, defaultAfterSeconds } = DEFAULT_DISRUPTION_TIMING;
    const usual = AT + defaultAfterSeconds * 1000 + rebootBackMs + marginMs;
    expect(disruption(entry('reboot', AT, AT + 5 * DAY), AT + MINUTE)).toMatchObject({
      kind: 'rebooting',
      until: usual,
    });
    // A day later the device is no longer "rebooting": silence is an alarm again.
    expect(disruption(entry('reboot', AT, AT + 5 * DAY), AT + DAY)).toBeUndefined();
    // A plausible deadline is kept as logged.
    expect(disruption(entry('restart-mining', AT, AT + 20 * MINUTE), AT + MINUTE)).toMatchObject({
      until: AT + 20 * MINUTE,
    });
  });

  it('a firmware update logged to last a week is cut to the longest rollout deadline (24 h, plus an hour)', () => {
    expect(disruption(entry('firmware', AT, AT + 7 * DAY), AT + MINUTE)).toMatchObject({
      kind: 'rebooting',
      until: AT + 25 * 60 * MINUTE,
    });
    expect(disruption(entry('firmware', AT, AT + 7 * DAY), AT + 2 * DAY)).toBeUndefined();
  });

  it('an entry dated in the future (a wrong or hostile clock) disrupts nothing', () => {
    const later = AT + 3 * DAY;
    expect(disruption(entry('reboot', later, later + 5 * MINUTE), AT)).toBeUndefined();
    expect(disruption(entry('firmware', later, later + 5 * MINUTE), AT)).toBeUndefined();
  });

  it('a locate LED logged on for a year is turned off within a day', async () => {
    const inventory = emptyInventory();
    inventory.activity.push(entry('locate', AT, AT + 365 * DAY));
    const lookup = createActivityLookup({
      store: { load: () => Promise.resolve(ok(inventory)) },
      now: () => AT,
    });
    const [pending] = await lookup.pendingLedOffs();
    expect(pending).toMatchObject({ deviceId: device.deviceId, offAt: AT + 25 * 60 * MINUTE });
  });
});
