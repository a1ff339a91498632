/**
 * `minerdeck pools show <address…>`: each device's three configured pool slots as `GET /settings` reports
 * them (read with its stored credential; the pool password masked), and `minerdeck pools presets`: the
 * current (or `--site`) site's saved pool presets, passwords masked.
 */
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import { printDevicePools, printPresets } from '../pools-output';
import { readPools } from '../../core/commission/pool-read';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { deviceReadCommand } from './device-read-command';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';
import { POOLS_PRESETS_USAGE, POOLS_SHOW_USAGE } from './pools-usage';

export function poolsShowCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  return deviceReadCommand(ctx, argv, {
    usage: POOLS_SHOW_USAGE,
    read: readPools,
    print: printDevicePools,
    wasRead: (pools) => pools.slots !== undefined,
  });
}

export async function poolsPresetsCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, { ...commonOptions, site: { type: 'string' } });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  if (positionals.length > 0) {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `pools presets takes no addresses. Usage: ${POOLS_PRESETS_USAGE}`,
    });
  }
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(
    output,
    inventory,
    typeof values.site === 'string' ? values.site : undefined,
  );
  tellProblems(output, inventory);
  if (!site.ok) return reportError(output, site.error);
  const presets = await inventory.poolPresets(site.value.id);
  if (!presets.ok) return reportError(output, presets.error);
  printPresets(output, site.value.name, presets.value);
  return EXIT.ok;
}
