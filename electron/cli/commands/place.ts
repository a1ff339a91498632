/**
 * `minerdeck place <device> <slot> [--site NAME] [--yes] [--json]` and `minerdeck place --csv FILE
 * [--dry-run | --yes] [--json]` (issue 34; docs/placement.md): a device (address, MAC or serial) into a
 * slot (by its name), or many from a CSV of `device,slot`. The preview first; a move or a slot that holds
 * another device needs --yes; a CSV is asked about on the terminal unless --yes. Placing writes each
 * device's `location` note once (read back) and one activity entry.
 */
import { readFile } from 'node:fs/promises';
import type { PlacePreviewItem } from '../../../shared/domain/layout';
import type { Result } from '../../../shared/result';
import { readPlaceCsv } from '../../core/layout/place-csv';
import type { PlanItem } from '../../core/layout/place-planner';
import { problemsText } from '../../core/layout/layout-import';
import { intOption, parse } from '../args';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { PLACE_USAGE } from './layout-usage';
import { ASKED_OUTCOMES, openPlacingSite, previewLine, REFUSED_OUTCOMES, tellPlaced } from './layout-cli';
import { confirmStart, usageError } from './write-run-options';

const OPTIONS = {
  json: { type: 'boolean', default: false },
  yes: { type: 'boolean', short: 'y', default: false },
  'dry-run': { type: 'boolean', default: false },
  csv: { type: 'string' },
  site: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

async function itemsOf(csv: string | undefined, words: readonly string[]): Promise<Result<PlanItem[]>> {
  if (csv === undefined) {
    if (words.length !== 2) {
      return {
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: `give a device and a slot, or --csv FILE. Usage: ${PLACE_USAGE}`,
        },
      };
    }
    return { ok: true, value: [{ device: words[0] ?? '', slot: words[1] ?? '' }] };
  }
  if (words.length > 0)
    return {
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'give either --csv FILE or a device and a slot, not both' },
    };
  const text = await readFile(csv, 'utf8').catch((e: NodeJS.ErrnoException) => e);
  if (typeof text !== 'string')
    return {
      ok: false,
      error: { code: 'INVALID_INPUT', message: `cannot read ${csv}: ${text.code ?? text.message}` },
    };
  const read = readPlaceCsv(text);
  if (read.problems.length > 0) {
    return {
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: `${csv} has ${read.problems.length} problem(s); nothing was placed: ${problemsText(read.problems)}.`,
      },
    };
  }
  return { ok: true, value: read.items };
}

function tellPreview(output: Output, preview: readonly PlacePreviewItem[], dryRun: boolean): void {
  if (output.json && dryRun) output.out(JSON.stringify({ ok: true, dryRun: true, preview }));
  else if (!output.json) for (const item of preview) output.out(previewLine(item));
}

export async function placeCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, OPTIONS);
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const yes = values.yes === true;
  const dryRun = values['dry-run'] === true;
  if (yes && dryRun) return usageError(output, 'give --dry-run or --yes, not both.');
  const timeout = intOption(values.timeout, '--timeout', 1, 600);
  if (!timeout.ok) return reportError(output, timeout.error);
  const csv = typeof values.csv === 'string' ? values.csv : undefined;
  const items = await itemsOf(csv, positionals);
  if (!items.ok) return reportError(output, items.error);
  const opened = await openPlacingSite(
    ctx,
    output,
    values.site,
    timeout.value === undefined ? undefined : timeout.value * 1000,
  );
  if (!opened.ok) return reportError(output, opened.error);
  const { layout, close, siteId } = opened.value;
  try {
    const preview = await layout.placePreview(siteId, items.value);
    if (!preview.ok) return reportError(output, preview.error);
    tellPreview(output, preview.value, dryRun);
    const refused = preview.value.filter((p) => REFUSED_OUTCOMES.has(p.outcome)).length;
    const asked = preview.value.filter((p) => ASKED_OUTCOMES.has(p.outcome)).length;
    const placing = preview.value.filter((p) => p.outcome === 'place').length + (yes ? asked : 0);
    if (dryRun) return refused > 0 ? EXIT.failed : EXIT.ok;
    if (asked > 0 && !yes && csv === undefined) {
      return usageError(output, 'Nothing was placed: add --yes to move it (see above).');
    }
    if (placing === 0) {
      output.err(
        refused > 0
          ? 'Nothing to place: see why above.'
          : 'Nothing to place: every device is already in its slot.',
      );
      if (output.json) output.out(JSON.stringify({ ok: refused === 0, preview: preview.value }));
      return refused > 0 ? EXIT.failed : EXIT.ok;
    }
    if (csv !== undefined && !yes) {
      if (asked > 0) output.err(`${asked} move(s) above are not made without --yes.`);
      const stop = await confirmStart(
        ctx,
        output,
        `place ${placing} device${placing === 1 ? '' : 's'} and write their location`,
        'preview',
      );
      if (stop !== undefined) return stop;
    }
    const placed = await layout.place(siteId, items.value, yes, ctx.signal);
    return placed.ok ? tellPlaced(output, placed.value) : reportError(output, placed.error);
  } finally {
    await close();
  }
}
