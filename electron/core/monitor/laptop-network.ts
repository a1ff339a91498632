/**
 * Whether this laptop is on the site network, judged from the polls themselves (no extra packet, no
 * per-poll walk of the fleet). With the cable out, every device fails at once: 2,000 offline alarms for
 * one cause the technician can fix in a second. This tells that cause apart, so the monitor shows one
 * condition ("this laptop is not on the site network (since 22:42)"), keeps each device in its last state,
 * not checked, and raises no offline alarm for it.
 *
 * Fed one outcome per finished poll, each with the side of the wire it points at
 * (device/network-errors.ts `networkSideOf`). Off the network when, with no device answering since:
 * - the laptop's own network refused polls of at least two devices (one, in a fleet of one) — no route,
 *   interface down, address gone — and nothing answered for longer than a poll may take, counted from the
 *   start of the first failed poll (every poll in flight then has ended: devices that could answer would
 *   have; a few devices without a route polled in the same batch as answering ones are not the laptop); or
 * - every device that was answering fell silent, at least three of them, one after the other with none
 *   answering in between (a pulled cable whose routes the laptop keeps looks like that: each device's
 *   ARP goes unanswered).
 * Back on it at the first answer of any kind from any device, to a poll begun after the network was found
 * lost (an answer read late — the event loop runs expired timeouts before pending reads after a stall —
 * says nothing about now). While off, failures change nothing: the devices that were answering still
 * count as answering, so a network that comes back for a moment and goes again is found again the same
 * way.
 *
 * A device whose silence is expected (a reboot asked for) reports `unknown`: a site rebooted on purpose
 * is not a laptop off the network.
 */
import type { NetworkSide } from '../device/network-errors';

/** Devices that must fall silent together, with nothing answering, before silence alone says "laptop". */
export const SILENT_TOGETHER = 3;
/** Devices whose polls the laptop's own network must refuse (fewer in a smaller fleet). */
const LAPTOP_SIDE_QUORUM = 2;

/** One finished poll, as the detector sees it. */
export interface SeenPoll {
  deviceId: string;
  side: NetworkSide;
  startedAt: number;
  endedAt: number;
}

/**
 * `lost`: `since` is when the first failed poll after the last answer began; `quiet` the devices that
 * failed since then (the monitor forgets the polls they missed: the network's, not theirs). `back`: `at`
 * is when the first answer came.
 */
export type LaptopNetworkChange =
  { kind: 'lost'; since: number; quiet: ReadonlySet<string> } | { kind: 'back'; since: number; at: number };

export class LaptopNetwork {
  private offSince: number | undefined;
  /** When the network was found lost: answers to polls begun before then are stale. */
  private decidedAt = Number.NEGATIVE_INFINITY;
  /** When the last answer from any device came (the start before the first). */
  private lastAnswerAt: number;
  /** When the first failed poll after the last answer began (not before that answer). */
  private quietSince: number | undefined;
  /** Devices whose latest poll was answered. */
  private readonly answering = new Set<string>();
  /** Devices that failed since the last answer, and those of them that had been answering. */
  private quiet = new Set<string>();
  private silenced: string[] = [];
  /** Devices among `quiet` whose polls the laptop's own network refused. */
  private readonly laptopSide = new Set<string>();

  /**
   * `quietMs`: the longest a poll may take (the monitor's poll timeout): after that long without an
   * answer, every device that could answer would have.
   */
  constructor(
    private readonly quietMs: number,
    start: number,
  ) {
    this.lastAnswerAt = start;
  }

  /** When the laptop left the site network; undefined while it is on it. */
  get offNetworkSince(): number | undefined {
    return this.offSince;
  }

  /** One finished poll; answers the change it made, if any. O(1) (but once, when the network is lost). */
  observe(poll: SeenPoll, fleetSize: number): LaptopNetworkChange | undefined {
    const { deviceId, side } = poll;
    if (side === 'unknown') return undefined;
    if (side === 'answered') {
      const stale = this.offSince !== undefined && poll.startedAt < this.decidedAt;
      return stale ? undefined : this.answered(deviceId, poll.endedAt);
    }
    // Off the network: this failure is the network's, as every one is until an answer.
    if (this.offSince !== undefined) return undefined;
    this.quietSince ??= Math.max(poll.startedAt, this.lastAnswerAt);
    if (!this.quiet.has(deviceId)) {
      this.quiet.add(deviceId);
      if (this.answering.delete(deviceId)) this.silenced.push(deviceId);
    }
    if (side === 'laptop') this.laptopSide.add(deviceId);
    if (!this.lost(poll.endedAt, this.quietSince, fleetSize)) return undefined;
    this.offSince = this.quietSince;
    this.decidedAt = poll.endedAt;
    // Their silence was the network's: they still count as answering.
    for (const id of this.silenced) this.answering.add(id);
    return { kind: 'lost', since: this.offSince, quiet: this.quiet };
  }

  /** A device left the monitor. */
  forget(deviceId: string): void {
    this.answering.delete(deviceId);
    this.quiet.delete(deviceId);
    this.laptopSide.delete(deviceId);
    if (this.silenced.includes(deviceId)) this.silenced = this.silenced.filter((id) => id !== deviceId);
  }

  private answered(deviceId: string, at: number): LaptopNetworkChange | undefined {
    this.answering.add(deviceId);
    this.lastAnswerAt = at;
    if (this.quietSince === undefined) return undefined;
    this.quietSince = undefined;
    // A new set rather than clear(): `quiet` may still be read by whoever was told the network was lost.
    this.quiet = new Set();
    this.silenced = [];
    this.laptopSide.clear();
    const since = this.offSince;
    if (since === undefined) return undefined;
    this.offSince = undefined;
    return { kind: 'back', since, at };
  }

  private lost(at: number, quietSince: number, fleetSize: number): boolean {
    const quorum = Math.min(LAPTOP_SIDE_QUORUM, fleetSize);
    if (quorum > 0 && this.laptopSide.size >= quorum && at - quietSince >= this.quietMs) return true;
    return this.answering.size === 0 && this.silenced.length >= SILENT_TOGETHER;
  }
}
