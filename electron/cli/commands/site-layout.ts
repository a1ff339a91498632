/**
 * `minerdeck site layout show|import FILE|export FILE [--site NAME] [--json]` (issue 34;
 * docs/placement.md): the site's racks as grids of the devices' addresses; a site-map CSV read, its
 * preview shown (racks added and resized, placements, every problem by line) and applied when asked —
 * on the terminal, or with --yes, which also makes the moves it asks for; the layout written as
 * Minerdeck's slot CSV.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { LayoutImportPreview } from '../../../shared/domain/layout';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import type { LayoutService } from '../../core/layout/layout-service';
import { parse } from '../args';
import { rackGrid } from '../layout-grid';
import type { Output } from '../output';
import { EXIT, printLines, reportError, reportUsage } from '../output';
import type { CliContext } from './context';
import { ASKED_OUTCOMES, openPlacingSite, previewLine, tellPlaced } from './layout-cli';
import { SITE_LAYOUT_USAGE } from './layout-usage';
import { confirmStart, usageError } from './write-run-options';

interface Run {
  ctx: CliContext;
  output: Output;
  layout: LayoutService;
  inventory: InventoryServices;
  siteId: string;
  file: string | undefined;
  yes: boolean;
  dryRun: boolean;
}

async function show(run: Run): Promise<number> {
  const view = await run.layout.get(run.siteId);
  const listed = await run.inventory.devices(run.siteId);
  if (!view.ok) return reportError(run.output, view.error);
  const addresses = new Map(
    (listed.ok ? listed.value.devices : []).map((d) => [d.id, d.address.replace(/^https?:\/\//, '')]),
  );
  const addressOf = (id: string): string => addresses.get(id) ?? id;
  const { layout, siteName, unplaced } = view.value;
  if (run.output.json) {
    const placements = layout.placements.map((p) => ({ ...p, address: addressOf(p.deviceId) }));
    run.output.out(JSON.stringify({ ok: true, siteName, ...layout, placements, unplaced }));
    return EXIT.ok;
  }
  if (layout.racks.length === 0)
    run.output.err(
      `Site "${siteName}" has no racks yet: import a site map with "minerdeck site layout import FILE".`,
    );
  for (const rack of layout.racks)
    printLines(run.output, [...rackGrid(rack, layout, addressOf), ''].join('\n'));
  run.output.err(
    `Site "${siteName}": ${layout.racks.length} racks, ${layout.placements.length} devices placed, ${unplaced.length} in no slot; slots named ${layout.slotPattern}.`,
  );
  return EXIT.ok;
}

function tellImportPreview(output: Output, preview: LayoutImportPreview): void {
  output.err(`Read as ${preview.formatName}.`);
  for (const rack of preview.racksAdded)
    output.out(`+ rack ${rack.area} / ${rack.name}: ${rack.shelves} × ${rack.positions}`);
  for (const { before, after } of preview.racksChanged) {
    output.out(
      `~ rack ${before.area} / ${before.name}: ${before.shelves} × ${before.positions} → ${after.shelves} × ${after.positions}`,
    );
  }
  for (const item of preview.placements) output.out(previewLine(item));
  for (const problem of preview.problems) output.err(`minerdeck: line ${problem.line}: ${problem.message}`);
}

async function importMap(run: Run): Promise<number> {
  const { output, layout, siteId, file } = run;
  if (file === undefined) return usageError(output, `give the site map's file. Usage: ${SITE_LAYOUT_USAGE}`);
  const csv = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => e);
  if (typeof csv !== 'string') return usageError(output, `cannot read ${file}: ${csv.code ?? csv.message}`);
  const preview = await layout.importPreview(siteId, csv);
  if (!preview.ok) return reportError(output, preview.error);
  const { problems, placements } = preview.value;
  if (output.json && (run.dryRun || problems.length > 0))
    output.out(JSON.stringify({ ok: problems.length === 0, dryRun: run.dryRun, ...preview.value }));
  else if (!output.json) tellImportPreview(output, preview.value);
  if (problems.length > 0)
    return usageError(
      output,
      `${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'} (above); nothing was applied.`,
    );
  if (run.dryRun) return EXIT.ok;
  if (!run.yes) {
    const asked = placements.filter((p) => ASKED_OUTCOMES.has(p.outcome)).length;
    if (asked > 0) output.err(`${asked} move(s) above are made only with --yes.`);
    const stop = await confirmStart(run.ctx, output, 'apply this site map', 'preview');
    if (stop !== undefined) return stop;
  }
  const applied = await layout.importApply(siteId, csv, run.yes, run.ctx.signal);
  if (!applied.ok) return reportError(output, applied.error);
  const { racks } = applied.value.view.layout;
  output.err(
    `Site "${applied.value.view.siteName}" now has ${racks.length} rack${racks.length === 1 ? '' : 's'}.`,
  );
  return tellPlaced(output, applied.value.placed);
}

async function exportMap(run: Run): Promise<number> {
  const { output, file } = run;
  if (file === undefined)
    return usageError(output, `give the file to write (- for standard output). Usage: ${SITE_LAYOUT_USAGE}`);
  const exported = await run.layout.exportCsv(run.siteId);
  if (!exported.ok) return reportError(output, exported.error);
  if (file === '-') {
    output.data(exported.value.csv.trimEnd());
    return EXIT.ok;
  }
  await writeFile(file, exported.value.csv, 'utf8');
  const rows = exported.value.csv.trimEnd().split('\r\n').length - 1;
  if (output.json) output.out(JSON.stringify({ ok: true, file, slots: rows }));
  else output.err(`Wrote ${rows} slot${rows === 1 ? '' : 's'} to ${file}.`);
  return EXIT.ok;
}

const SUBCOMMANDS: Record<string, (run: Run) => Promise<number>> = {
  show,
  import: importMap,
  export: exportMap,
};

export async function siteLayoutCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  const sub = name === undefined ? undefined : SUBCOMMANDS[name];
  if (sub === undefined) {
    const what =
      name === undefined ? 'no site layout subcommand given' : `unknown site layout subcommand "${name}"`;
    return reportUsage(ctx.output, what, SITE_LAYOUT_USAGE);
  }
  const parsed = parse(rest, {
    json: { type: 'boolean', default: false },
    yes: { type: 'boolean', short: 'y', default: false },
    'dry-run': { type: 'boolean', default: false },
    site: { type: 'string' },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  if (values.yes === true && values['dry-run'] === true)
    return usageError(output, 'give --dry-run or --yes, not both.');
  if (positionals.length > 1) return usageError(output, `one file at most. Usage: ${SITE_LAYOUT_USAGE}`);
  const opened = await openPlacingSite(ctx, output, values.site);
  if (!opened.ok) return reportError(output, opened.error);
  const { layout, close, siteId, inventory } = opened.value;
  try {
    return await sub({
      ctx,
      output,
      layout,
      inventory,
      siteId,
      file: positionals[0],
      yes: values.yes === true,
      dryRun: values['dry-run'] === true,
    });
  } finally {
    await close();
  }
}
