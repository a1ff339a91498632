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
import { hashRateText } from '../../../../shared/i18n/formats';
import { message } from '../../../../shared/i18n/message';
import type { MessageRef } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
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
  label: MessageRef;
  /** Drawn in the slot: the cue that is not colour ('' for plain mining and an empty slot). */
  glyph: string;
  /** What the look means, for the legend's title. */
  hint: MessageRef;
}

const look = (id: SlotLookId, glyph: string): SlotLook => ({
  label: message(`racks.look.${id}`),
  glyph,
  hint: message(`racks.look.${id}Hint`),
});

export const SLOT_LOOKS: Record<SlotLookId, SlotLook> = {
  offline: look('offline', '✕'),
  failure: look('failure', '!'),
  hot: look('hot', '▲'),
  locked: look('locked', '◆'),
  settling: look('settling', '~'),
  drift: look('drift', '≠'),
  accepted: look('accepted', '✓'),
  mining: look('mining', ''),
  idle: look('idle', '·'),
  empty: look('empty', ''),
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
 * model, hash rate, look; `C2-R07-S3-P2 · empty` for a slot that holds nothing. In the reader's language.
 */
export function slotSummaryText(
  tr: Translator,
  slot: string,
  row: FleetRow | undefined,
  look: SlotLookId,
): string {
  if (look === 'empty') return tr.t('racks.summary.empty', { slot });
  if (row === undefined) return tr.t('racks.summary.gone', { slot });
  return tr.t('racks.summary.line', {
    slot,
    address: row.host,
    model: row.model ?? message('racks.summary.modelUnknown'),
    hashRate: hashRateText(tr, row.hashRate),
    look: SLOT_LOOKS[look].label,
  });
}
