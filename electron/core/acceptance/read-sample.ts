/**
 * One acceptance reading from the bodies a device answered, through the device readers (tolerant: a
 * missing or odd field is left out, never invented): `/chains` → boards and chips, `/summary` → hash rate,
 * temperatures, fans and pool shares.
 */
import { readHashBoards } from '../device/hash-board-reader';
import { FieldReader } from '../device/json-fields';
import { readSummary, summaryMiner } from '../device/summary-reader';
import type { AcceptanceSample } from './device-window';

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
  if (bodies.chains !== undefined) sample.chains = readHashBoards(bodies.chains);
  if (bodies.summary !== undefined) {
    const fields = new FieldReader();
    sample.summary = readSummary(fields, summaryMiner(fields, bodies.summary), unit);
  }
  if (bodies.errors !== undefined && bodies.errors.length > 0) sample.errors = [...bodies.errors];
  return sample;
}
