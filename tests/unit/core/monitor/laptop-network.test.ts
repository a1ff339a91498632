/**
 * The laptop-network detector alone: polls' outcomes in, "lost" and "back" out. Times are plain numbers
 * (ms) at the default cadence: a poll every 5 s, a poll timeout (the quiet time) of 4 s.
 */
import { describe, expect, it } from 'vitest';
import type { LaptopNetworkChange } from '../../../../electron/core/monitor/laptop-network';
import { LaptopNetwork, SILENT_TOGETHER } from '../../../../electron/core/monitor/laptop-network';
import type { NetworkSide } from '../../../../electron/core/device/network-errors';

const QUIET_MS = 4000;
const INTERVAL_MS = 5000;

interface Poll {
  start: number;
  device: string;
  side: NetworkSide;
  /** How long it took: an answer 5 ms, "no route" at once, silence the whole timeout (default). */
  ms?: number;
}

const tookMs = (poll: Poll): number =>
  poll.ms ?? (poll.side === 'silent' ? QUIET_MS : poll.side === 'laptop' ? 0 : 5);

type Seen = LaptopNetworkChange & { atPoll: number };

/** Feeds the polls in the order they end; answers every change with the end of the poll that made it. */
function run(polls: readonly Poll[], fleetSize: number, detector = new LaptopNetwork(QUIET_MS, 0)): Seen[] {
  const changes: Seen[] = [];
  const ended = polls.map((p) => ({ ...p, end: p.start + tookMs(p) })).sort((a, b) => a.end - b.end);
  for (const poll of ended) {
    const change = detector.observe(
      { deviceId: poll.device, side: poll.side, startedAt: poll.start, endedAt: poll.end },
      fleetSize,
    );
    if (change !== undefined) changes.push({ ...change, atPoll: poll.end });
  }
  return changes;
}

/** Every device polled once per interval, spread evenly, from `from` for `count` rounds. */
function rounds(
  devices: number,
  from: number,
  count: number,
  side: (device: number, start: number) => NetworkSide,
): Poll[] {
  const polls: Poll[] = [];
  for (let r = 0; r < count; r += 1) {
    for (let d = 0; d < devices; d += 1) {
      const start = from + r * INTERVAL_MS + Math.floor((d * INTERVAL_MS) / devices);
      polls.push({ start, device: `d${d}`, side: side(d, start) });
    }
  }
  return polls;
}

describe('LaptopNetwork', () => {
  it('a healthy fleet with a few dead devices and a few without a route is never "off the network"', () => {
    // 20 devices: d3 silent (switched off), d7 and d8 at an address the laptop has no route to (a typo).
    const polls = rounds(20, 0, 30, (d) => (d === 3 ? 'silent' : d === 7 || d === 8 ? 'laptop' : 'answered'));
    expect(run(polls, 20)).toEqual([]);
  });

  it('devices without a route polled in one batch with answering ones are not the laptop, even in a small fleet polled in bursts', () => {
    // 50 imported devices in a subnet with no route fail at once, 150 others of the same batch answer
    // a few milliseconds later; nothing in between the batches.
    const polls: Poll[] = [];
    for (let r = 0; r < 10; r += 1) {
      const start = r * INTERVAL_MS;
      for (let d = 0; d < 50; d += 1) polls.push({ start, device: `bad${d}`, side: 'laptop' });
      for (let d = 0; d < 150; d += 1) {
        polls.push({ start, device: `ok${d}`, side: 'answered', ms: 3 + (d % 40) });
      }
    }
    expect(run(polls, 200)).toEqual([]);
  });

  it('the cable out (no route for every device): lost once, since the first failed poll began, long before any device misses three polls', () => {
    const pulledAt = 60_000;
    // Kept connections first time out (silent), then new connections meet "no route" (laptop).
    const seen = new Set<number>();
    const polls = rounds(20, 0, 30, (d, start) => {
      if (start < pulledAt) return 'answered';
      const first = !seen.has(d);
      seen.add(d);
      return first ? 'silent' : 'laptop';
    });
    const changes = run(polls, 20);
    expect(changes.map((c) => c.kind)).toEqual(['lost']);
    const firstFailed = polls.find((p) => p.start >= pulledAt)?.start ?? NaN;
    expect(changes[0]).toMatchObject({ since: firstFailed });
    // A device misses its third poll two intervals after its first: decided well before.
    expect(changes[0]?.atPoll).toBeLessThan(firstFailed + INTERVAL_MS + 500);
  });

  it('not lost before a whole poll timeout has passed since the quiet began, however many devices have no route', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    const poll = (deviceId: string, side: NetworkSide, startedAt: number, endedAt = startedAt) =>
      detector.observe({ deviceId, side, startedAt, endedAt }, 3);
    expect(poll('a', 'answered', 995, 1000)).toBeUndefined();
    expect(poll('a', 'laptop', 1010)).toBeUndefined();
    expect(poll('b', 'laptop', 1020)).toBeUndefined();
    expect(poll('c', 'laptop', 5009)).toBeUndefined();
    expect(detector.offNetworkSince).toBeUndefined();
    expect(poll('a', 'laptop', 5010)).toMatchObject({ kind: 'lost', since: 1010 });
    expect(detector.offNetworkSince).toBe(1010);
    // Further failures change nothing.
    expect(poll('b', 'silent', 6000, 10_000)).toBeUndefined();
  });

  it('the quiet begins after the last answer, not with a slow poll that started before it', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    detector.observe({ deviceId: 'a', side: 'answered', startedAt: 2000, endedAt: 2005 }, 2);
    detector.observe({ deviceId: 'b', side: 'silent', startedAt: 1000, endedAt: 5000 }, 2);
    expect(
      detector.observe({ deviceId: 'a', side: 'laptop', startedAt: 5010, endedAt: 5010 }, 2),
    ).toBeUndefined();
    expect(
      detector.observe({ deviceId: 'b', side: 'laptop', startedAt: 6004, endedAt: 6004 }, 2),
    ).toBeUndefined();
    expect(
      detector.observe({ deviceId: 'a', side: 'laptop', startedAt: 6005, endedAt: 6005 }, 2),
    ).toMatchObject({
      kind: 'lost',
      since: 2005,
    });
  });

  it('one device is enough in a fleet of one; one of two is not', () => {
    const one: Poll[] = [
      { start: 100, device: 'a', side: 'laptop' },
      { start: 5100, device: 'a', side: 'laptop' },
    ];
    expect(run(one, 1)).toMatchObject([{ kind: 'lost', since: 100 }]);
    const two: Poll[] = [
      ...one,
      { start: 200, device: 'b', side: 'silent' },
      { start: 5200, device: 'b', side: 'silent' },
    ];
    expect(run(two, 2)).toEqual([]);
  });

  it('started off the network (nothing ever answered): lost at the second round, since the first poll', () => {
    const changes = run(
      rounds(20, 50, 3, () => 'laptop'),
      20,
    );
    expect(changes).toMatchObject([{ kind: 'lost', since: 50 }]);
    expect(changes[0]?.atPoll).toBeGreaterThanOrEqual(50 + QUIET_MS);
    expect(changes[0]?.atPoll).toBeLessThan(50 + INTERVAL_MS + 500);
  });

  it(`the whole fleet silent at once (a cable out whose routes the laptop keeps): lost when every answering device fell silent, ${SILENT_TOGETHER} at least`, () => {
    const pulledAt = 30_000;
    const polls = rounds(20, 0, 20, (_, start) => (start < pulledAt ? 'answered' : 'silent'));
    const changes = run(polls, 20);
    expect(changes).toMatchObject([{ kind: 'lost', since: pulledAt }]);
    // The last device's first silent poll ends within an interval and a timeout of the first's start.
    expect(changes[0]?.atPoll).toBeLessThanOrEqual(pulledAt + INTERVAL_MS + QUIET_MS);
    // Two devices going silent together (their power strip) are two offline devices, not the laptop.
    const pair = rounds(2, 0, 20, (_, start) => (start < pulledAt ? 'answered' : 'silent'));
    expect(run(pair, 2)).toEqual([]);
  });

  it('silence with one device still answering is the devices, not the laptop', () => {
    const polls = rounds(20, 0, 20, (d, start) => (start < 30_000 || d === 11 ? 'answered' : 'silent'));
    expect(run(polls, 20)).toEqual([]);
  });

  it('back at the first answer of any device (a refused connection is one), with when it was lost; lost again later on its own', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    expect(
      run(
        rounds(5, 0, 3, () => 'laptop'),
        5,
        detector,
      ),
    ).toMatchObject([{ kind: 'lost', since: 0 }]);
    expect(
      detector.observe({ deviceId: 'd2', side: 'answered', startedAt: 19_990, endedAt: 20_000 }, 5),
    ).toEqual({
      kind: 'back',
      since: 0,
      at: 20_000,
    });
    expect(detector.offNetworkSince).toBeUndefined();
    expect(
      detector.observe({ deviceId: 'd3', side: 'answered', startedAt: 20_005, endedAt: 20_010 }, 5),
    ).toBeUndefined();
    expect(
      run(
        rounds(5, 40_000, 3, () => 'laptop'),
        5,
        detector,
      ),
    ).toMatchObject([{ kind: 'lost', since: 40_000 }]);
  });

  it('an answer to a poll begun before the network was found lost is stale: still off', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    const pulledAt = 30_000;
    const changes = run(
      rounds(6, 0, 10, (_, start) => (start < pulledAt ? 'answered' : 'silent')),
      6,
      detector,
    );
    expect(changes).toMatchObject([{ kind: 'lost', since: pulledAt }]);
    const decided = changes[0]?.atPoll ?? NaN;
    // Read after a stall, behind the timeouts that expired during it.
    expect(
      detector.observe(
        { deviceId: 'd1', side: 'answered', startedAt: decided - 100, endedAt: decided + 1 },
        6,
      ),
    ).toBeUndefined();
    expect(detector.offNetworkSince).toBe(pulledAt);
    expect(
      detector.observe(
        { deviceId: 'd1', side: 'answered', startedAt: decided + 10, endedAt: decided + 15 },
        6,
      ),
    ).toMatchObject({ kind: 'back', since: pulledAt });
  });

  it('back for a moment, then silent again: found lost again, the devices that answered before still counted', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    expect(
      run(
        rounds(6, 0, 10, (_, s) => (s < 30_000 ? 'answered' : 'silent')),
        6,
        detector,
      ),
    ).toMatchObject([{ kind: 'lost', since: 30_000 }]);
    // One device answers (the cable wiggled), then everything is silent again.
    expect(
      detector.observe({ deviceId: 'd2', side: 'answered', startedAt: 60_000, endedAt: 60_005 }, 6)?.kind,
    ).toBe('back');
    const again = run(
      rounds(6, 61_000, 3, () => 'silent'),
      6,
      detector,
    );
    expect(again).toMatchObject([{ kind: 'lost', since: 61_000 }]);
    // Within the first round: before any device misses three polls.
    expect(again[0]?.atPoll).toBeLessThan(61_000 + INTERVAL_MS + QUIET_MS);
  });

  it('devices rebooting on purpose (their silence reported as unknown) never make the laptop off the network', () => {
    const polls = rounds(20, 0, 20, (_, start) => (start < 30_000 ? 'answered' : 'unknown'));
    expect(run(polls, 20)).toEqual([]);
  });

  it('a device removed from the monitor no longer counts as answering', () => {
    const detector = new LaptopNetwork(QUIET_MS, 0);
    const poll = (deviceId: string, side: NetworkSide, at: number, fleet: number) =>
      detector.observe({ deviceId, side, startedAt: at, endedAt: at }, fleet);
    for (const id of ['a', 'b', 'c', 'd']) poll(id, 'answered', 100, 4);
    detector.forget('d');
    expect(poll('a', 'silent', 1000, 3)).toBeUndefined();
    expect(poll('b', 'silent', 1100, 3)).toBeUndefined();
    expect(poll('c', 'silent', 1200, 3)).toMatchObject({ kind: 'lost', since: 1000 });
  });
});
