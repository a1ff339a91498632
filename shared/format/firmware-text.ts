/**
 * Firmware rollouts in words, the same for the CLI, the window and the report: versions by model, and the
 * one-sentence outcome ("firmware 1.2.7 on 198 of 200 devices; 2 failed: 10.0.0.7, 10.0.0.9"). Types only
 * from the domain module, so the renderer's bundle carries no zod.
 */
import type { FirmwareDeviceOutcome, FirmwareOutcome, ModelVersions } from '../domain/firmware';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');
/** Addresses the sentence names per outcome at most; the rest are counted. */
const NAMED = 10;

/** "s21pro (Antminer S21 Pro): 1.2.6 on 150 devices, 1.2.7 on 2" — one line per model. */
export function modelVersionsLine(model: ModelVersions): string {
  const name =
    model.modelName !== undefined && model.modelName !== model.model ? ` (${model.modelName})` : '';
  const versions = model.versions
    .map((v, i) => `${v.version} on ${v.devices}${i === 0 ? ` device${v.devices === 1 ? '' : 's'}` : ''}`)
    .join(', ');
  return `${model.model}${name}: ${versions}`;
}

/**
 * "firmware 1.2.7 on 198 of 200 devices; 2 failed: 10.0.0.7, 10.0.0.9; 5 not started; 3 skipped": the
 * failed and unknown devices named (ten at most, then "and N more").
 */
export function firmwareSummary(outcome: Pick<FirmwareOutcome, 'counts' | 'devices' | 'version'>): string {
  const { counts } = outcome;
  const tried = outcome.devices.length - counts.skipped;
  const named = (kind: FirmwareDeviceOutcome['outcome']) => {
    const hosts = outcome.devices.filter((d) => d.outcome === kind).map((d) => hostOf(d.address));
    return `${hosts.slice(0, NAMED).join(', ')}${hosts.length > NAMED ? ` and ${hosts.length - NAMED} more` : ''}`;
  };
  const parts = [
    `firmware ${outcome.version ?? '(new version)'} on ${counts.verified} of ${plural(tried, 'device')}`,
  ];
  if (counts.failed > 0) parts.push(`${counts.failed} failed: ${named('failed')}`);
  if (counts.unknown > 0)
    parts.push(`${counts.unknown} unknown (the next run verifies them): ${named('unknown')}`);
  if (counts.notStarted > 0) parts.push(`${counts.notStarted} not started`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  return parts.join('; ');
}
