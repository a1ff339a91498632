/**
 * `minerdeck export [--site NAME] [--out FILE]`: a whole site as JSON, for another
 * technician to merge with `minerdeck import`. No secret is in it. Written atomically when --out is given,
 * else printed. `--prometheus <dir>` writes the site's Prometheus hand-over instead (export-prometheus.ts).
 */
import { writeFileAtomic } from '../../core/inventory/atomic-file';
import { toAppError } from '../../core/errors/to-app-error';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { openCliInventory, resolveCliSite, tellProblems, withSiteHint } from './inventory-context';
import { EXPORT_USAGE } from './inventory-usage';
import { writePrometheusExport } from './export-prometheus';

export async function exportCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    site: { type: 'string' },
    out: { type: 'string' },
    prometheus: { type: 'string' },
    metrics: { type: 'string', multiple: true },
    blackbox: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  if (positionals.length > 0) {
    return reportError(ctx.output, {
      code: 'INVALID_INPUT',
      message: `export takes no arguments. Usage: ${EXPORT_USAGE}`,
    });
  }
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(ctx.output, inventory, values.site as string | undefined);
  const exported = site.ok ? await inventory.exportSite(site.value.id) : site;
  tellProblems(ctx.output, inventory);
  if (!exported.ok) return reportError(ctx.output, withSiteHint(exported.error));
  const { content, export: value } = exported.value;
  if (typeof values.prometheus === 'string') {
    const written = await writePrometheusExport(value.site, value.devices, {
      dir: values.prometheus,
      metrics: (values.metrics as string[] | undefined) ?? [],
      blackbox: values.blackbox as string | undefined,
    });
    if (!written.ok) return reportError(ctx.output, written.error);
    ctx.output.err(
      `Prometheus configuration for site "${value.site.name}" (${value.devices.length} devices): ${written.value.join(', ')}.`,
    );
    return EXIT.ok;
  }
  const out = values.out as string | undefined;
  if (out === undefined) {
    ctx.output.data(content.trimEnd());
    return EXIT.ok;
  }
  try {
    await writeFileAtomic(out, content);
  } catch (error) {
    return reportError(ctx.output, {
      code: 'INVALID_INPUT',
      message: `cannot write ${out}: ${toAppError(error).message}`,
    });
  }
  ctx.output.err(`Exported site "${value.site.name}" (${value.devices.length} devices) to ${out}.`);
  return EXIT.ok;
}
