/**
 * A firmware update as monitors see it: the activity log's firmware entries turned into an expected
 * disruption (electron/core/commission/disruption-timing.ts, activity-lookup.ts) and the state machine's
 * words for it — "updating (back in about N s)", never an offline alarm until its deadline, then "did not
 * come back after the firmware update". Pure: times are given, no network.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../../shared/domain/commission';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import { ok } from '../../../../shared/result';
import { createActivityLookup } from '../../../../electron/core/commission/activity-lookup';
import {
  DEFAULT_DISRUPTION_TIMING,
  disruptionFromEntry,
} from '../../../../electron/core/commission/disruption-timing';
import {
  disruptionWords,
  expectedDisruption,
  overdueWords,
} from '../../../../electron/core/monitor/disruption';
import type { Inventory } from '../../../../electron/core/inventory/schema';
import { initialState, transition } from '../../../../electron/core/monitor/state-machine';
import { readStatus } from '../../../../electron/core/device/status-reader';

const AT = Date.parse('2025-06-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const image = { name: 'fw.bin', bytes: 10, sha256: 'c'.repeat(64) };
const device = { deviceId: 'mac:02:00:00:00:00:01', address: 'http://10.0.0.5' };

function entry(
  phase: 'upload' | 'accepted' | 'verdict',
  outcome: 'unknown' | 'done' | 'failed',
  at: number,
  until?: number,
): ActivityEntry {
  return {
    id: `${phase}-${at}`,
    siteId: 's',
    at: iso(at),
    by: 'laptop',
    action: 'firmware',
    what: 'firmware',
    firmware: { phase, image },
    ...(until !== undefined ? { until: iso(until) } : {}),
    devices: [{ ...device, outcome, message: '' }],
  };
}

const match = (d: { deviceId: string }) => d.deviceId === device.deviceId;

describe('a firmware update in the monitor', () => {
  it('an upload under way or an image taken is "updating" until the entry’s deadline; a verdict ends it', () => {
    const until = AT + 15 * 60_000;
    const taken = disruptionFromEntry(
      entry('accepted', 'unknown', AT, until),
      match,
      AT + 1000,
      DEFAULT_DISRUPTION_TIMING,
    );
    expect(taken).toEqual({
      kind: 'rebooting',
      cause: 'firmware',
      since: AT,
      downAt: AT + 3000,
      backAt: AT + 123_000,
      until,
    });
    expect(disruptionWords(taken!, AT + 3000)).toBe('updating (back in about 120 s)');
    expect(
      disruptionFromEntry(entry('upload', 'unknown', AT, until), match, AT + 1000, DEFAULT_DISRUPTION_TIMING),
    ).toMatchObject({ cause: 'firmware' });
    expect(
      disruptionFromEntry(entry('verdict', 'done', AT, until), match, AT + 1000, DEFAULT_DISRUPTION_TIMING),
    ).toBeUndefined();
    expect(
      disruptionFromEntry(entry('accepted', 'unknown', AT, until), match, until, DEFAULT_DISRUPTION_TIMING),
    ).toBeUndefined();
  });

  it('the newest entry of the device decides: a verdict after the image was taken means it is back', async () => {
    const until = AT + 15 * 60_000;
    const inventory = (activity: ActivityEntry[]) => ({
      load: async () => ok({ activity } as unknown as Inventory),
    });
    const address = parseDeviceAddress(device.address);
    if (!address.ok) throw new Error('address');
    const target = { deviceId: device.deviceId, address: address.value };
    const during = createActivityLookup({
      store: inventory([
        entry('upload', 'unknown', AT, until),
        entry('accepted', 'unknown', AT + 5000, until),
      ]),
      now: () => AT + 10_000,
      cacheMs: 0,
    });
    expect(await during.disruptionFor(target)).toMatchObject({
      kind: 'rebooting',
      cause: 'firmware',
      since: AT + 5000,
    });
    const over = createActivityLookup({
      store: inventory([entry('accepted', 'unknown', AT, until), entry('verdict', 'done', AT + 60_000)]),
      now: () => AT + 70_000,
      cacheMs: 0,
    });
    expect(await over.disruptionFor(target)).toBeUndefined();
  });

  it('silence during the update is no alarm; past its deadline it is offline, in words that say why', () => {
    const options = { offlineAfterMissedPolls: 3 };
    const silent = {
      kind: 'failed' as const,
      failure: { code: 'UNREACHABLE', text: 'refused the connection.' },
    };
    let state = transition(
      initialState(0),
      { kind: 'answered', reading: readStatus({ miner_state: 'mining', unlocked: true }) },
      0,
      options,
    );
    const d = expectedDisruption(
      'rebooting',
      60_000,
      { since: 0, downAtMs: 3000, backAtMs: 40_000, cause: 'firmware' },
      0,
    );
    state = transition(state, { kind: 'expect', disruption: d }, 1000, options);
    expect([state.state, state.reason]).toEqual(['rebooting', 'updating (back in about 39 s)']);
    for (let t = 5000; t < 60_000; t += 5000) state = transition(state, silent, t, options);
    expect(state.state).toBe('rebooting');
    state = transition(state, silent, 61_000, options);
    expect([state.state, state.reason]).toEqual([
      'offline',
      'did not come back after the firmware update: no answer for 12 polls (refused the connection)',
    ]);
    expect(overdueWords(d)).toBe('did not come back after the firmware update');
  });
});
