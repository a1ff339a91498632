/**
 * Which addresses are probed when. `concurrency` slots pull addresses one at a time from the target
 * set's lazy iterator (memory stays flat whatever the size). An address that has not answered within the
 * patience (connect-timing.ts) is **set aside**: its connect keeps waiting for the confirm wait, its slot
 * moves on. Most addresses of a sweep are empty, so the connects in flight grow past the slots, up to
 * `maxInFlight`; a host that answers keeps its slot through the HTTP step, so devices are still read
 * `concurrency` at a time. A set-aside address that answers late is read like any other: a slow device
 * is found, only without holding up the sweep.
 *
 * One promise per probe and one deadline queue for all patiences: no timer or closure per address
 * beyond the probe's own.
 */
import { DeadlineQueue } from './deadline-queue';
import type { DeadlineEntry } from './deadline-queue';

/** What a probe tells its pool as it runs. */
export interface ProbeWatch {
  /** Set by the probe once a connect opened and it reads the host: it keeps its slot from then on. */
  answering: boolean;
}

export interface ProbePoolOptions<T> {
  /** Slots: addresses probed at once before any is set aside. */
  concurrency: number;
  /** Probes in flight at most, set-aside ones included (≥ concurrency). */
  maxInFlight: number;
  /** The patience now (ms); read as deadlines come due. */
  patienceMs: () => number;
  targets: Iterator<T>;
  /** Probes one target and handles its outcome; never rejects (a rejection is dropped). */
  probe: (target: T, watch: ProbeWatch) => Promise<void>;
  /** True once the scan is cancelled: nothing new starts. */
  stopped: () => boolean;
}

class Probe implements DeadlineEntry, ProbeWatch {
  startedAt = 0;
  settled = false;
  answering = false;
  setAside = false;

  constructor(private readonly onPatienceOver: (probe: Probe) => void) {}

  expire(): void {
    if (!this.answering) this.onPatienceOver(this);
  }
}

export interface ProbePoolStats {
  /** Probes that were set aside (their patience ran out before they answered). */
  setAside: number;
  /** The most probes in flight at once. */
  peakInFlight: number;
}

/** Runs every target through `probe`; resolves when each started probe has finished. */
export function runProbePool<T>(options: ProbePoolOptions<T>): Promise<ProbePoolStats> {
  const { concurrency, targets, stopped } = options;
  const maxInFlight = Math.max(concurrency, options.maxInFlight);
  const patience = new DeadlineQueue<Probe>(options.patienceMs);
  const stats: ProbePoolStats = { setAside: 0, peakInFlight: 0 };
  let active = 0;
  let aside = 0;
  let exhausted = false;
  let finish: (stats: ProbePoolStats) => void = () => undefined;
  const done = new Promise<ProbePoolStats>((resolve) => (finish = resolve));

  const patienceOver = (probe: Probe): void => {
    probe.setAside = true;
    active -= 1;
    aside += 1;
    stats.setAside += 1;
    pump();
  };

  const ended = (probe: Probe): void => {
    probe.settled = true;
    if (probe.setAside) aside -= 1;
    else active -= 1;
    pump();
  };

  function pump(): void {
    while (!exhausted && !stopped() && active < concurrency && active + aside < maxInFlight) {
      const next = targets.next();
      if (next.done === true) {
        exhausted = true;
        break;
      }
      const probe = new Probe(patienceOver);
      active += 1;
      stats.peakInFlight = Math.max(stats.peakInFlight, active + aside);
      patience.add(probe);
      options.probe(next.value, probe).then(
        () => ended(probe),
        () => ended(probe),
      );
    }
    if ((exhausted || stopped()) && active + aside === 0) {
      patience.clear();
      finish(stats);
    }
  }

  pump();
  return done;
}
