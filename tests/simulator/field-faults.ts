/**
 * Field faults at field rates, picked by a seed (issue 33): a device back on the old version after its
 * update, a board lost, a fan stopped, a device that never comes back after its reboot. Each kind hits
 * round(rate × devices) devices, none twice; which ones is fixed by the seed and the device's index alone,
 * so the same seed on a fleet of the same size always picks the same devices and a benchmark can compare
 * the verdicts with `fleet.fieldFaults()`.
 *
 * The rates are assumptions (no field record gives rates; docs/device-api/field-notes.md names the faults,
 * not how often): half a percent of updates coming back on the old firmware, fewer boards and fans lost
 * at the power cycle, one device in a thousand that does not come back at all.
 */
import { unitFrom } from './seeded';
import type {
  FieldFaultKind,
  FieldFaultOptions,
  FieldFaultPick,
  FirmwareFault,
  HardwareFault,
  NotesFault,
  SimDeviceOptions,
} from './types';

export const FIELD_FAULT_RATES: Readonly<Record<FieldFaultKind, number>> = {
  'old-version': 0.005,
  'board-lost': 0.003,
  'fan-stopped': 0.002,
  'never-back': 0.001,
  // Off unless asked (a share of a hall on firmware too old for notes is the site's, not a fault rate).
  'no-notes-api': 0,
};

const KINDS = Object.keys(FIELD_FAULT_RATES) as FieldFaultKind[];
/** Hash boards and fans of the simulated models (board-bodies.ts, the summary fixture). */
const BOARDS = 3;

function checkRates(o: FieldFaultOptions): Record<FieldFaultKind, number> {
  const rates = { ...FIELD_FAULT_RATES };
  for (const [kind, rate] of Object.entries(o.rates ?? {})) {
    if (!KINDS.includes(kind as FieldFaultKind)) {
      throw new RangeError(`fieldFaults: unknown fault '${kind}' (known: ${KINDS.join(', ')})`);
    }
    if (!(typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 1)) {
      throw new RangeError(`fieldFaults rate of ${kind} must be a share from 0 to 1, got ${String(rate)}`);
    }
    rates[kind as FieldFaultKind] = rate;
  }
  const total = KINDS.reduce((sum, k) => sum + rates[k], 0);
  if (total > 1) throw new RangeError(`fieldFaults rates add up to more than 1 (${total})`);
  return rates;
}

/** What a device of that kind gets: a firmware fault, or a hardware fault that appears at its reboot. */
function faultOf(
  kind: FieldFaultKind,
  seed: string,
  index: number,
): FirmwareFault | HardwareFault | NotesFault {
  switch (kind) {
    case 'old-version':
      return { kind: 'old-version' };
    case 'never-back':
      return { kind: 'never-back' };
    case 'board-lost':
      return { kind: 'missing-board', board: Math.floor(unitFrom(seed, index, 'board') * BOARDS) };
    case 'fan-stopped':
      return { kind: 'fan-stopped', fan: 0 };
    case 'no-notes-api':
      return { kind: 'no-notes-api' };
  }
}

export interface FaultPlan {
  kind: FieldFaultKind;
  index: number;
  fault: FirmwareFault | HardwareFault | NotesFault;
}

/** The devices (by index, ascending) each fault kind hits in a fleet of `count`. */
export function planFieldFaults(o: FieldFaultOptions, count: number): FaultPlan[] {
  if (typeof o.seed !== 'number' && typeof o.seed !== 'string') {
    throw new RangeError('fieldFaults needs a seed (a number or a text)');
  }
  const rates = checkRates(o);
  const seed = String(o.seed);
  const order = Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => unitFrom(seed, a, 'field-fault') - unitFrom(seed, b, 'field-fault'),
  );
  const plan: FaultPlan[] = [];
  let next = 0;
  for (const kind of KINDS) {
    const n = Math.round(rates[kind] * count);
    for (const index of order.slice(next, next + n))
      plan.push({ kind, index, fault: faultOf(kind, seed, index) });
    next += n;
  }
  return plan.sort((a, b) => a.index - b.index);
}

/** A device's options with its field fault added (over any firmware fault the test gave it). */
export function withFieldFault(o: SimDeviceOptions, p: FaultPlan | undefined): SimDeviceOptions {
  if (p === undefined) return o;
  if (p.kind === 'no-notes-api') return { ...o, notesApi: false };
  if (p.kind === 'old-version' || p.kind === 'never-back') {
    return { ...o, firmwareFault: p.fault as FirmwareFault };
  }
  return { ...o, hardwareFaultsAtReboot: [...(o.hardwareFaultsAtReboot ?? []), p.fault as HardwareFault] };
}

export function picksOf(
  plan: readonly FaultPlan[],
  device: (index: number) => { id: string; host: string } | undefined,
): FieldFaultPick[] {
  return plan.flatMap((p) => {
    const d = device(p.index);
    return d === undefined
      ? []
      : [{ deviceId: d.id, index: p.index, host: d.host, kind: p.kind, fault: { ...p.fault } }];
  });
}
