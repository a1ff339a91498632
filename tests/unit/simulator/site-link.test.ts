/**
 * The site link's fluid model (site-link.ts) on a clock the test moves by hand: every upload in flight
 * gets min(deviceMbps, siteMbps / uploads), worked out again at each start and end; an upload ends once
 * its (charged) bytes have passed; the figures a benchmark reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimClock } from '../../simulator/sim-clock';
import { SiteLink } from '../../simulator/site-link';

const MIB = 1024 * 1024;
let t = 1_000_000;
/** Field time moves only when the test says; timers would take years of real time, so none fires. */
const handClock: SimClock = { now: () => t, scale: 1, startMs: 0, realMs: (ms) => ms * 1e6 };
const links: SiteLink[] = [];
afterEach(() => {
  for (const l of links.splice(0)) l.close();
});
const link = (o: ConstructorParameters<typeof SiteLink>[0]) => {
  const l = new SiteLink(o, handClock);
  links.push(l);
  return l;
};
const settled = async (p: Promise<boolean>): Promise<boolean | 'pending'> =>
  Promise.race([p, new Promise<'pending'>((r) => setImmediate(() => r('pending')))]);

describe('site link', () => {
  it('one upload alone runs at the device rate; five fill the site link; ten share it', async () => {
    const l = link({ siteMbps: 1000, deviceMbps: 200 });
    const bytes = 25_000_000; // 1 s at 200 Mbit/s
    const alone = l.start(bytes);
    t += 999;
    expect(await settled(alone.done)).toBe('pending');
    t += 1;
    l.stats();
    expect(await alone.done).toBe(true);

    const five = Array.from({ length: 5 }, () => l.start(bytes));
    t += 1000;
    expect(l.stats()).toMatchObject({ uploads: 6, inFlight: 0, peakConcurrent: 5 });
    expect(await Promise.all(five.map((f) => f.done))).toEqual([true, true, true, true, true]);

    // Ten at once: 100 Mbit/s each, 2 s; after 1 s half of each has passed.
    const ten = Array.from({ length: 10 }, () => l.start(bytes));
    t += 1000;
    expect(l.stats()).toMatchObject({ inFlight: 10, bytesCharged: 6 * bytes + 10 * (bytes / 2) });
    t += 1000;
    const s = l.stats();
    expect(s).toMatchObject({ uploads: 16, inFlight: 0, peakConcurrent: 10, bytesCharged: 16 * bytes });
    expect(s.busyFieldMs).toBe(4000);
    expect(await Promise.all(ten.map((f) => f.done))).toEqual(Array(10).fill(true));
  });

  it('recomputes the shares when an upload ends: the others speed up', async () => {
    const l = link({});
    const start = t;
    // Eight uploads: 125 Mbit/s each. The small one (12.5 MB) ends after 0.8 s; then seven get 142.9 each.
    const small = l.start(12_500_000);
    const big = Array.from({ length: 7 }, () => l.start(25_000_000));
    t += 800;
    l.stats();
    expect(await small.done).toBe(true);
    // Each big one has 12.5 MB left, at 1000/7 Mbit/s: 0.7 s more.
    t += 699;
    expect(l.stats().inFlight).toBe(7);
    t += 1;
    const s = l.stats();
    expect(s.inFlight).toBe(0);
    expect(s.lastEndAt! - s.firstStartAt!).toBe(t - start);
    expect(await Promise.all(big.map((b) => b.done))).toEqual(Array(7).fill(true));
  });

  it('chargeBytes counts every upload as that size whatever was sent', async () => {
    const l = link({ chargeBytes: 64 * MIB });
    const u = l.start(200_000);
    u.setBytes(200_000);
    t += 2000;
    expect(l.stats()).toMatchObject({ inFlight: 1, chargeBytes: 64 * MIB });
    t += 700; // 64 MiB at 200 Mbit/s = 2.684 s
    expect(l.stats()).toMatchObject({ uploads: 1, bytesCharged: 64 * MIB });
    expect(await u.done).toBe(true);
  });

  it('a size told at the end (no Content-Length) counts what passed already', async () => {
    const l = link({});
    const u = l.start(undefined);
    t += 500; // 12.5 MB passed
    u.setBytes(20_000_000);
    t += 299;
    expect(l.stats().inFlight).toBe(1);
    t += 1;
    l.stats();
    expect(await u.done).toBe(true);
  });

  it('a cancelled upload leaves the link at once and says false; close ends the rest', async () => {
    const l = link({});
    const a = l.start(25_000_000);
    const b = l.start(25_000_000);
    a.cancel();
    expect(await a.done).toBe(false);
    expect(l.stats()).toMatchObject({ cut: 1, inFlight: 1 });
    l.close();
    expect(await b.done).toBe(false);
    expect(await l.start(1).done).toBe(false);
  });

  it('refuses bad options with the option named', () => {
    expect(() => link({ siteMbps: 0 })).toThrow(/link siteMbps must be a number > 0/);
    expect(() => link({ deviceMbps: Number.NaN })).toThrow(/link deviceMbps/);
    expect(() => link({ chargeBytes: 1.5 })).toThrow(/chargeBytes must be a whole number/);
  });
});
