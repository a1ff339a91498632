/**
 * A device's hardware as the bodies show it: the preset in use (power-state.ts) scales hash rate and
 * power, and hardware faults (types.ts `HardwareFault`) take chips, boards, hash rate, shares and fans away
 * the way real firmware reports them. With the start preset and no fault every factor is exactly 1, so the
 * recorded numbers come out unchanged.
 */
import type { JsonObject } from './fixtures';
import type { PowerState } from './power-state';
import type { HardwareFault } from './types';

/** What one board contributes: absent (not detected), or its share of a healthy board's hash rate. */
export type BoardShare = { present: false } | { present: true; share: number; state?: string; dead: number };

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

export class DeviceHardware {
  readonly faults: HardwareFault[];

  constructor(
    readonly power: PowerState,
    faults: readonly HardwareFault[],
    readonly shareSeconds: number,
    /** Chips per board (`/model` → `chain.chips_per_chain`). */
    readonly chipsPerBoard: number,
    /** The hash rate while `auto-tuning`, as a share of the preset's (device-timing.ts). */
    readonly tuneShare: number,
    /** How long the hash rate climbs after a restart or reboot (device-timing.ts `climbShare`). */
    readonly climbSeconds: number,
  ) {
    this.faults = [...faults];
  }

  /** Realtime hash rate scale (device-wide): the preset, tuning, a low-hash-rate fault. */
  rateScale(state: string): number {
    let scale = this.power.hashScale();
    if (state === 'auto-tuning') scale *= this.tuneShare;
    for (const f of this.faults) if (f.kind === 'low-hash-rate') scale *= f.factor ?? 0.8;
    return scale;
  }

  /** Nominal hash rate scale: the preset in use only (faults do not change what the device should do). */
  nominalScale(): number {
    return this.power.hashScale();
  }

  /** Each board's part, in list order (`count` boards on the model). */
  boards(count: number): BoardShare[] {
    const shares: BoardShare[] = Array.from({ length: count }, () => ({ present: true, share: 1, dead: 0 }));
    const at = (board: number | undefined, fallback: number) => shares[board ?? fallback];
    for (const f of this.faults) {
      if (f.kind === 'missing-board') {
        const i = f.board ?? count - 1;
        if (i < count) shares[i] = { present: false };
      } else if (f.kind === 'dead-chips') {
        const board = at(f.board, 0);
        if (board?.present === true) board.dead = Math.min(this.chipsPerBoard, board.dead + (f.chips ?? 3));
      } else if (f.kind === 'board-state') {
        const board = at(f.board, 0);
        if (board?.present === true) board.state = f.state;
      }
    }
    for (const board of shares) {
      if (!board.present) continue;
      const hashing = board.state === undefined || board.state === 'mining';
      board.share = hashing ? 1 - board.dead / this.chipsPerBoard : 0;
    }
    return shares;
  }

  /** The device's hash rate as a share of all boards healthy (absent and failed boards give nothing). */
  boardsShare(count: number): number {
    if (count === 0) return 1;
    const shares = this.boards(count);
    return shares.reduce((sum, b) => sum + (b.present ? b.share : 0), 0) / count;
  }

  /** Per cent of shares the active pool rejects (0 without a rejecting-pool fault). */
  rejectPercent(): number {
    let percent = 0;
    for (const f of this.faults)
      if (f.kind === 'rejecting-pool') percent = Math.max(percent, f.percent ?? 10);
    return percent;
  }

  /** Fans standing still. */
  stoppedFans(): Set<number> {
    return new Set(this.faults.flatMap((f) => (f.kind === 'fan-stopped' ? [f.fan ?? 0] : [])));
  }
}

/**
 * Applies the boards' faults to /summary's chains (already scaled for the device): absent ones dropped,
 * each board's rate times its share, dead chips counted red, a board's own state.
 */
export function summaryChains(chains: JsonObject[], hw: DeviceHardware, nominalScale: number): JsonObject[] {
  const shares = hw.boards(chains.length);
  const out: JsonObject[] = [];
  chains.forEach((chain, i) => {
    const share = shares[i];
    if (share === undefined || !share.present) return;
    chain['hashrate_rt'] = Math.round(num(chain['hashrate_rt']) * share.share * 100) / 100;
    if (nominalScale !== 1) {
      chain['hashrate_ideal'] = Math.round(num(chain['hashrate_ideal']) * nominalScale * 1000) / 1000;
    }
    if (share.state !== undefined) chain['status'] = { state: share.state };
    if (share.dead > 0) {
      const statuses = (chain['chip_statuses'] ?? {}) as JsonObject;
      const red = num(statuses['red']) + share.dead;
      const grey = Math.max(0, num(statuses['grey']) - share.dead);
      chain['chip_statuses'] = { ...statuses, red, grey };
    }
    out.push(chain);
  });
  return out;
}

/** Stops the fans the faults name (rpm 0, status as the firmware words a dead fan). */
export function stopFans(cooling: JsonObject, hw: DeviceHardware): void {
  const stopped = hw.stoppedFans();
  if (stopped.size === 0 || !Array.isArray(cooling['fans'])) return;
  cooling['fans'] = (cooling['fans'] as JsonObject[]).map((fan, i) =>
    stopped.has(i) ? { ...fan, rpm: 0, status: 'lost' } : fan,
  );
}
