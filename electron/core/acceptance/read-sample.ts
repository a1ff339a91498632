/**
 * One acceptance reading from the bodies a device answered, read tolerantly (a missing or odd field is
 * left out, never invented): `/chains` → boards and chips (chains-digest.ts), `/summary` → hash rate,
 * temperatures, fans, pool shares, and its boards' states (device/summary-reader.ts); the miner's state
 * and how long it has been in it (`miner.miner_status`), which tell whether the device has settled
 * (settling.ts).
 */
import { printable } from '../../../shared/format/printable';
import { FieldReader, own } from '../device/json-fields';
import { readSummary, summaryMiner } from '../device/summary-reader';
import { digestChains } from './chains-digest';
import type { AcceptanceSample } from './device-window';

/** A state word longer than this is not one (text from devices is hostile). */
const MAX_STATE = 40;

export interface SampleBodies {
  /** The raw `/chains` body, when it was read. */
  chains?: unknown;
  /** The raw `/summary` body, when it was read. */
  summary?: unknown;
  /** What could not be read, in words ("/chains: timed out"). */
  errors?: readonly string[];
}

/** `unit`: the device's hash-rate unit when known (`/model` or `/info` `hr_measure`). */
export function sampleFrom(at: number, bodies: SampleBodies, unit?: string): AcceptanceSample {
  const sample: AcceptanceSample = { at };
  if (bodies.chains !== undefined) sample.chains = digestChains(bodies.chains);
  if (bodies.summary !== undefined) {
    const fields = new FieldReader();
    const miner = summaryMiner(fields, bodies.summary);
    sample.summary = readSummary(fields, miner, unit);
    sample.summaryListsBoards = miner !== undefined && Array.isArray(own(miner, 'chains'));
    const status = miner !== undefined ? fields.object(miner, 'miner_status', 'summary.miner.') : undefined;
    if (status !== undefined) {
      const state = fields.string(status, 'miner_state', 'summary.miner.miner_status.');
      if (state !== undefined && state.trim() !== '')
        sample.minerState = printable(state.trim().slice(0, MAX_STATE));
      const seconds = own(status, 'miner_state_time');
      if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) {
        sample.minerStateSeconds = seconds;
      }
    }
  }
  if (bodies.errors !== undefined && bodies.errors.length > 0) sample.errors = [...bodies.errors];
  return sample;
}
