/**
 * What one device showed over an acceptance window, folded reading by reading into a few numbers, so the
 * rules (rules/*.ts) judge a small typed value and a run over thousands of devices keeps no bodies: a
 * `/chains` answer lists every chip (a few hundred per device), and a 30-minute run reads it 31 times.
 *
 * A reading is what one visit to the device gave: `/chains` (boards and chips) and `/summary` (hash rate,
 * temperatures, fans, pool shares), read tolerantly by the device readers; a visit that could not read
 * one of them is a failed reading, said with the time and why.
 */
import type { ModelChains } from '../../../shared/domain/hash-boards';
import { isFirmwareFeePool } from '../../../shared/domain/fee-pool';
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import type { SummaryMetrics } from '../device/summary-reader';
import { DEFAULT_HASH_RATE_UNIT } from '../device/summary-reader';
import type { ChainsDigest } from './chains-digest';

/** Board states that fail a device whenever a reading shows one (the vendor's `ChainState`). */
export const FAILING_BOARD_STATES: ReadonlySet<string> = new Set(['failure', 'disconnected', 'stopped']);
/** The first failures are named; the rest are counted. */
const MAX_FAILURES_NAMED = 5;

export interface AcceptanceSample {
  /** Epoch ms. */
  at: number;
  chains?: ChainsDigest;
  summary?: SummaryMetrics;
  /** The `/summary` listed its boards (`miner.chains`): their count and states count as /chains' do. */
  summaryListsBoards?: boolean;
  /** `/summary` → `miner.miner_status.miner_state` ("mining", "auto-tuning"…), when it said. */
  minerState?: string;
  /** `miner.miner_status.miner_state_time`: seconds in that state, when it said. */
  minerStateSeconds?: number;
  /** Why a body could not be read ("/chains: timed out"); any entry makes the reading a failed one. */
  errors?: readonly string[];
}

export interface ShareCounts {
  accepted: number;
  rejected: number;
}

export interface DeviceWindow {
  /** `/model` → `chain.num_chains`; null when the model could not be read (`modelError` says why). */
  expectedBoards: number | null;
  modelError?: string;
  /** The fans the model has, when `/model` says (`cooling.fan_min_count`, fans.ts). */
  modelFans: number | null;
  /** The autotune preset in force (`/perf-summary` → `current_preset.name`), when the device said. */
  preset: string | null;
  /** The unit of the device's hash rates (`hr_measure`). */
  unit: string;
  taken: number;
  failed: number;
  /** Readings whose `/summary` was read. */
  summariesRead: number;
  failures: string[];
  /** The fewest boards one reading listed (`/chains`, or `/summary`'s `miner.chains`), with their ids. */
  fewestBoards: { count: number; ids: number[] } | null;
  /** Boards seen in a failing state: the first time each was. */
  failingBoards: Map<number, { state: string; message?: string }>;
  /** Per board, the chips seen with `hr` 0 while the board mined, or graded red. */
  deadChips: Map<number, Set<number>>;
  /** Per board, the most chips `/summary` graded red at one reading (for boards whose chips were not listed). */
  redByBoard: Map<number, number>;
  /** The most chips one reading of `/chains` listed. */
  chipsSeen: number;
  hashRate: { sumHs: number; count: number; lowestHs: number | null; nominalHs: number | null };
  hottestChip: { celsius: number; board: number | null } | null;
  hottestBoardC: number | null;
  fans: {
    /** The most fans one reading listed. */
    count: number;
    /** The fewest fans one reading listed (null: no `/summary` read yet). */
    fewest: number | null;
    slowestRpm: number | null;
    stopped: Map<number, { rpm: number | null; status: string | null }>;
  };
  shares: {
    last: ShareCounts | null;
    accepted: number;
    rejected: number;
    compared: number;
    restarted: boolean;
    /** Only the firmware's fee pool was listed: the customer's pools are not set. */
    onlyFeePool: boolean;
  };
}

export function newWindow(model: ModelChains | undefined, modelError?: string): DeviceWindow {
  return {
    expectedBoards: model?.numChains ?? null,
    ...(modelError !== undefined ? { modelError } : {}),
    modelFans: model?.fans ?? null,
    preset: null,
    unit: model?.hashRateUnit ?? DEFAULT_HASH_RATE_UNIT,
    taken: 0,
    failed: 0,
    summariesRead: 0,
    failures: [],
    fewestBoards: null,
    failingBoards: new Map(),
    deadChips: new Map(),
    redByBoard: new Map(),
    chipsSeen: 0,
    hashRate: { sumHs: 0, count: 0, lowestHs: null, nominalHs: null },
    hottestChip: null,
    hottestBoardC: null,
    fans: { count: 0, fewest: null, slowestRpm: null, stopped: new Map() },
    shares: { last: null, accepted: 0, rejected: 0, compared: 0, restarted: false, onlyFeePool: false },
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** "14:05:10", the laptop's clock: failures are read beside the technician's watch. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const inHs = (value: number | undefined, unit: string): number | undefined =>
  value === undefined ? undefined : toHashesPerSecond(value, unit);

/** The boards one reading listed, and any in a failing state (the first time each was). */
function foldBoardList(
  window: DeviceWindow,
  boards: readonly { id: number; state?: string; failureMessage?: string }[],
): void {
  if (window.fewestBoards === null || boards.length < window.fewestBoards.count) {
    window.fewestBoards = { count: boards.length, ids: boards.map((board) => board.id) };
  }
  for (const board of boards) {
    const state = board.state ?? '';
    const known = window.failingBoards.get(board.id);
    if (!FAILING_BOARD_STATES.has(state)) continue;
    // `/chains` says why (`failure_message`); `/summary` may have named the state first.
    if (known === undefined || (known.message === undefined && board.failureMessage !== undefined)) {
      window.failingBoards.set(board.id, {
        state: known?.state ?? state,
        ...(board.failureMessage !== undefined ? { message: board.failureMessage } : {}),
      });
    }
  }
}

function foldBoards(window: DeviceWindow, chains: ChainsDigest): void {
  foldBoardList(window, chains.boards);
  let chips = 0;
  for (const board of chains.boards) {
    chips += board.chips;
    if (board.dead.length > 0) {
      const set = window.deadChips.get(board.id) ?? new Set<number>();
      for (const id of board.dead) set.add(id);
      window.deadChips.set(board.id, set);
    }
    const hottest = board.hottestChipC;
    if (hottest !== undefined && (window.hottestChip === null || hottest > window.hottestChip.celsius)) {
      window.hottestChip = { celsius: hottest, board: board.id };
    }
  }
  window.chipsSeen = Math.max(window.chipsSeen, chips);
  // The boards' nominal rates stand in for a summary that gave none.
  if (window.hashRate.nominalHs === null) {
    const nominal = chains.boards.reduce((sum, board) => sum + (board.nominalHashRate ?? 0), 0);
    const hs = nominal > 0 ? inHs(nominal, window.unit) : undefined;
    if (hs !== undefined) window.hashRate.nominalHs = hs;
  }
}

/** The customer's pools' counters summed (the firmware's fee pool is not the customer's work). */
function shareCounts(summary: SummaryMetrics): ShareCounts | undefined {
  let found = false;
  const counts = { accepted: 0, rejected: 0 };
  for (const pool of summary.pools ?? []) {
    if (isFirmwareFeePool(pool) || pool.accepted === undefined) continue;
    found = true;
    counts.accepted += pool.accepted;
    counts.rejected += pool.rejected ?? 0;
  }
  return found ? counts : undefined;
}

/** Adds what the window gained since the last reading; counters that went back mean a restart. */
function foldShares(window: DeviceWindow, now: ShareCounts): void {
  const { shares } = window;
  const last = shares.last;
  shares.last = now;
  if (last === null) return;
  shares.compared += 1;
  if (now.accepted < last.accepted || now.rejected < last.rejected) {
    shares.restarted = true;
    shares.accepted += now.accepted;
    shares.rejected += now.rejected;
  } else {
    shares.accepted += now.accepted - last.accepted;
    shares.rejected += now.rejected - last.rejected;
  }
}

function foldSummary(window: DeviceWindow, summary: SummaryMetrics, listsBoards: boolean): void {
  window.summariesRead += 1;
  // Boards present and their states at every reading: `/chains` (the chips) is read less often.
  if (listsBoards) {
    foldBoardList(
      window,
      (summary.boards ?? []).map((board, i) => ({
        id: board.id ?? i,
        ...(board.state !== undefined ? { state: board.state } : {}),
      })),
    );
  }
  const unit = summary.hashRate?.unit ?? window.unit;
  window.unit = unit;
  const realtime = inHs(summary.hashRate?.realtime, unit);
  const { hashRate } = window;
  if (realtime !== undefined) {
    hashRate.sumHs += realtime;
    hashRate.count += 1;
    hashRate.lowestHs = hashRate.lowestHs === null ? realtime : Math.min(hashRate.lowestHs, realtime);
  }
  const nominal = inHs(summary.hashRate?.nominal, unit);
  if (nominal !== undefined && nominal > 0) hashRate.nominalHs = nominal;

  // Boards first, so the hottest chip is named with its board when a board reported it.
  for (const board of summary.boards ?? []) {
    const boardChipMax = board.chipTemp?.max ?? null;
    if (boardChipMax !== null && (window.hottestChip === null || boardChipMax > window.hottestChip.celsius)) {
      window.hottestChip = { celsius: boardChipMax, board: board.id ?? null };
    }
    const pcbMax = board.boardTemp?.max ?? null;
    if (pcbMax !== null) window.hottestBoardC = Math.max(window.hottestBoardC ?? pcbMax, pcbMax);
    const red = board.chipStatuses?.red;
    if (board.id !== undefined && red !== undefined && red > (window.redByBoard.get(board.id) ?? 0)) {
      window.redByBoard.set(board.id, red);
    }
  }
  const chipMax = summary.chipTemp?.max ?? null;
  if (chipMax !== null && (window.hottestChip === null || chipMax > window.hottestChip.celsius)) {
    window.hottestChip = { celsius: chipMax, board: null };
  }
  const pcbMax = summary.boardTemp?.max ?? null;
  if (pcbMax !== null) window.hottestBoardC = Math.max(window.hottestBoardC ?? pcbMax, pcbMax);

  const fans = summary.fans ?? [];
  window.fans.count = Math.max(window.fans.count, fans.length);
  window.fans.fewest = Math.min(window.fans.fewest ?? fans.length, fans.length);
  fans.forEach((fan, index) => {
    const id = fan.id ?? index;
    const rpm = fan.rpm ?? null;
    if (rpm !== null) window.fans.slowestRpm = Math.min(window.fans.slowestRpm ?? rpm, rpm);
    const lost = fan.status !== undefined && fan.status !== 'ok';
    if ((rpm === 0 || lost) && !window.fans.stopped.has(id)) {
      window.fans.stopped.set(id, { rpm, status: fan.status ?? null });
    }
  });

  const counts = shareCounts(summary);
  if (counts !== undefined) foldShares(window, counts);
  else if ((summary.pools ?? []).some(isFirmwareFeePool)) window.shares.onlyFeePool = true;
}

/** What `/model` said once it was read (a visit reads it until it has it). */
export function applyModel(window: DeviceWindow, model: ModelChains | undefined, error?: string): void {
  if (model !== undefined) {
    window.expectedBoards = model.numChains ?? null;
    window.modelFans = model.fans ?? null;
    if (model.hashRateUnit !== undefined) window.unit = model.hashRateUnit;
    delete window.modelError;
  } else if (error !== undefined) window.modelError = error;
}

/** Folds one reading into the window (mutates it: the run keeps one window per device). */
export function addSample(window: DeviceWindow, sample: AcceptanceSample): DeviceWindow {
  window.taken += 1;
  const errors = sample.errors ?? [];
  if (errors.length > 0) {
    window.failed += 1;
    if (window.failures.length < MAX_FAILURES_NAMED) {
      window.failures.push(`${clockTime(sample.at)} ${errors.join('; ')}`);
    }
  }
  // The summary first: it says the unit the boards' hash rates are in.
  if (sample.summary !== undefined) foldSummary(window, sample.summary, sample.summaryListsBoards === true);
  if (sample.chains !== undefined) foldBoards(window, sample.chains);
  return window;
}
