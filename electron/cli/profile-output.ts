/**
 * What `minerdeck profile list|set` prints: each device's presets (list), the plan — per device the preset
 * with its watts and expected hash rate, or why it is skipped, then the totals against the budget — and
 * one outcome per device as it finishes (a JSON line each with `--json`). Device text (preset names and
 * words) reaches a terminal only through the printable output (output.ts), like every device text.
 */
import type { WriteResult } from '../../shared/domain/commission';
import type { DevicePowerListing, PowerPlan, PowerWriteResult } from '../../shared/domain/power-plan';
import { choiceText, presetNumbersText, spreadNote, totalsText } from '../../shared/format/power-text';
import type { Output } from './output';
import { printResult } from './password-output';

/** The plan as lines for a person: a title, one line per device, the totals. */
export function planLines(plan: PowerPlan): string[] {
  const width = Math.max(0, ...plan.entries.map((e) => e.address.length));
  const sending = plan.entries.filter((e) => e.send && e.unchanged !== true).length;
  const note = spreadNote(plan.totals);
  return [
    `Plan (${choiceText(plan.choice)}): ${sending} device${sending === 1 ? '' : 's'} to write.`,
    ...plan.entries.map((e) => {
      const head = `  ${e.address.padEnd(width)}  `;
      if (!e.send || e.preset === undefined) return `${head}skipped: ${e.detail}`;
      const from = e.current !== undefined && e.current !== e.preset.name ? `${e.current} → ` : '';
      const keep = e.unchanged === true ? ' (already configured: read back only)' : '';
      return `${head}${from}${e.preset.name}: ${presetNumbersText(e.preset)}, ${e.preset.status}${keep}`;
    }),
    `Total: ${totalsText(plan.totals)}.${note !== undefined ? ` ${note}` : ''}`,
  ];
}

/** One device of the plan as a JSON line (`--dry-run`, or no `--yes`): nothing was sent yet. */
export function planJson(entry: PowerPlan['entries'][number]): string {
  const { preset } = entry;
  return JSON.stringify({
    preview: true,
    address: entry.address,
    deviceId: entry.deviceId,
    send: entry.send,
    detail: entry.detail,
    ...(entry.skip !== undefined ? { skip: entry.skip } : {}),
    ...(entry.current !== undefined ? { current: entry.current } : {}),
    ...(preset !== undefined
      ? {
          preset: preset.name,
          status: preset.status,
          ...(preset.watts !== undefined ? { watts: preset.watts } : {}),
          ...(preset.hashRateThs !== undefined ? { hashRateThs: preset.hashRateThs } : {}),
        }
      : {}),
    ...(entry.unchanged === true ? { unchanged: true } : {}),
  });
}

/** One device's outcome: the human line, or the JSON line with the preset read back. */
export function printPowerResult(output: Output, result: PowerWriteResult | WriteResult): void {
  const facts: Record<string, unknown> = {};
  if ('preset' in result && result.preset !== undefined) facts['preset'] = result.preset;
  if ('readBack' in result && result.readBack !== undefined) facts['readBack'] = result.readBack;
  if ('restartRequired' in result && result.restartRequired !== undefined) {
    facts['restartRequired'] = result.restartRequired;
  }
  if ('tunes' in result && result.tunes === true) facts['tunes'] = true;
  printResult(output, result, facts);
}

/** `profile list` for a person: per device the configured preset and PSU, then each preset. */
export function listingLines(listing: DevicePowerListing): string[] {
  if (listing.error !== undefined) return [`${listing.address}: ${listing.error.message}`];
  const presets = listing.presets ?? [];
  const lines = [
    `${listing.address}: preset ${listing.current ?? '(not read)'}; power supply ${listing.moddedPsu === true ? 'modified' : 'stock'}; ${presets.length} preset${presets.length === 1 ? '' : 's'}`,
  ];
  const width = Math.max(0, ...presets.map((p) => p.name.length));
  for (const p of presets) {
    const marks = [
      p.status,
      ...(p.moddedPsuRequired ? ['needs a modified PSU'] : []),
      ...(p.name === listing.current ? ['← configured'] : []),
    ];
    lines.push(`    ${p.name.padEnd(width)}  ${presetNumbersText(p)}  ${marks.join(', ')}`);
  }
  for (const warning of listing.warnings ?? []) lines.push(`    note: ${warning}`);
  return lines;
}
