/**
 * What one slot of the rack map says about its device, at a glance from across a container: one look
 * per slot, the most urgent that holds — offline, failure, hot, no access, settling (tuning, restarting,
 * an acceptance not judged yet), not at the standard, accepted, mining — or "not watched" (monitoring off,
 * not read yet), and an empty slot. Each look has a colour (racks.css) AND a glyph and words, so colour
 * is never the only cue. Pure: the map and the legend read it, the unit tests check the order.
 */
import type { DeviceDrift } from '../../../../shared/domain/standard';
import type { AcceptancePhase } from '../../../../shared/domain/acceptance';
import { minerStateLook } from '../../../../shared/domain/miner-states';
import { hashRate } from '../../lib/format';
import type { FleetRow } from '../../stores/fleet-rows';
import type { KnownVerdict } from '../../stores/acceptance-slice';
import { onlyPendingAcceptance } from '../standard/drift-words';

export const SLOT_LOOK_IDS = [
  'offline',
  'failure',
  'hot',
  'locked',
  'settling',
  'drift',
  'accepted',
  'mining',
  'idle',
  'empty',
] as const;
export type SlotLookId = (typeof SLOT_LOOK_IDS)[number];

export interface SlotLook {
  /** The legend's words and the slot's state in its one-line summary. */
  label: string;
  /** Drawn in the slot: the cue that is not colour ('' for plain mining and an empty slot). */
  glyph: string;
  /** What the look means, for the legend's title. */
  hint: string;
}

export const SLOT_LOOKS: Record<SlotLookId, SlotLook> = {
  offline: { label: 'Offline', glyph: '✕', hint: 'Does not answer' },
  failure: {
    label: 'Failure',
    glyph: '!',
    hint: 'Mining stopped on a fault, the device reports an error, or its acceptance failed',
  },
  hot: { label: 'Hot', glyph: '▲', hint: 'Chips above the temperature alert' },
  locked: { label: 'No access', glyph: '◆', hint: 'Locked, needs a password, or refused the one stored' },
  settling: {
    label: 'Tuning / settling',
    glyph: '~',
    hint: 'Tuning, starting, restarting or rebooting; or its acceptance is not judged yet',
  },
  drift: { label: 'Not at the standard', glyph: '≠', hint: "Differs from the site's standard" },
  accepted: { label: 'Accepted', glyph: '✓', hint: 'Mining, at the standard, its acceptance passed' },
  mining: { label: 'Mining', glyph: '', hint: 'Online and mining' },
  idle: { label: 'Not watched', glyph: '·', hint: 'Monitoring is off, or the device has not been read yet' },
  empty: { label: 'Empty slot', glyph: '', hint: 'No device placed here' },
};

const NO_ACCESS: ReadonlySet<FleetRow['state']> = new Set([
  'locked',
  'needs-password',
  'auth-failed',
  'locked-out',
]);

export interface SlotContext {
  drift?: DeviceDrift;
  verdict?: Pick<KnownVerdict, 'verdict'>;
  phase?: Pick<AcceptancePhase, 'phase'>;
}

/** The minerState's kind ("auto-tuning" → tuning), or undefined without a reading. */
const kindOf = (row: FleetRow): string | undefined =>
  row.minerState === undefined ? undefined : minerStateLook(row.minerState).kind;

/** The look of a slot holding this device: the first that holds, most urgent first. */
export function slotLookOf(row: FleetRow, context: SlotContext = {}): SlotLookId {
  if (row.state === 'offline') return 'offline';
  const kind = kindOf(row);
  if (
    row.state === 'error' ||
    row.alerts.includes('failure') ||
    kind === 'failure' ||
    context.verdict?.verdict === 'fail'
  ) {
    return 'failure';
  }
  if (row.alerts.includes('temperature')) return 'hot';
  if (NO_ACCESS.has(row.state)) return 'locked';
  if (
    row.state === 'rebooting' ||
    row.state === 'restarting' ||
    context.phase?.phase === 'settling' ||
    (row.state === 'online' && (kind === 'tuning' || kind === 'starting')) ||
    onlyPendingAcceptance(context.drift)
  ) {
    return 'settling';
  }
  if (context.drift?.status === 'differs') return 'drift';
  if (row.state !== 'online') return 'idle';
  return context.verdict?.verdict === 'pass' ? 'accepted' : 'mining';
}

/** One letter per look, so a rack's looks compare as one string (rack-grid.tsx memoizes on it). */
export const LOOK_CODES: Record<SlotLookId, string> = {
  offline: 'o',
  failure: 'f',
  hot: 'h',
  locked: 'l',
  settling: 's',
  drift: 'd',
  accepted: 'a',
  mining: 'm',
  idle: 'i',
  empty: 'e',
};

export const LOOK_BY_CODE: Readonly<Record<string, SlotLookId>> = Object.fromEntries(
  SLOT_LOOK_IDS.map((id) => [LOOK_CODES[id], id]),
);

/**
 * The slot's one-line summary on hover: `C2-R07-S3-P2 · 10.0.0.41 · S21 · 98.2 TH/s · Hot` — slot, address,
 * model, hash rate, look; `C2-R07-S3-P2 · empty` for a slot that holds nothing.
 */
export function slotSummaryText(slot: string, row: FleetRow | undefined, look: SlotLookId): string {
  if (look === 'empty') return `${slot} · empty`;
  if (row === undefined) return `${slot} · a device no longer in the fleet`;
  return [slot, row.host, row.model ?? 'model unknown', hashRate(row.hashRate), SLOT_LOOKS[look].label].join(
    ' · ',
  );
}
