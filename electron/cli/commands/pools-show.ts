/**
 * `minerdeck pools show <address…>`: each device's three configured pool slots as `GET /settings` reports
 * them (read with its stored credential; the pool password masked), and `minerdeck pools presets`: the
 * current (or `--site`) site's saved pool presets, passwords masked.
 */
import { parse } from '../args';
import { intOption } from '../args';
import { EXIT, reportError } from '../output';
import { printDevicePools, printPresets } from '../pools-output';
import { toAppError } from '../../core/errors/to-app-error';
import { watchReachability, resolvePasswordTargets } from '../../core/commission/password-targets';
import { readPools } from '../../core/commission/pool-read';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { commonOptions } from './device-command';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';
import { POOLS_PRESETS_USAGE, POOLS_SHOW_USAGE } from './pools-usage';
import { concurrencyOption, parseTargets } from './targets';

export async function poolsShowCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, { ...commonOptions, concurrency: { type: 'string' } });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const targets = parseTargets(positionals, POOLS_SHOW_USAGE);
  if (!targets.ok) return reportError(output, targets.error);
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);

  const reach = watchReachability();
  const credentials = await openCliCredentials(
    { ...ctx, createClient: (options) => reach.wrap(ctx.createClient(options)) },
    { timeoutMs: timeout.value, keychain: 'open' },
  );
  try {
    const bulk = {
      signal: ctx.signal,
      ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}),
    };
    const found = await resolvePasswordTargets(
      { identity: credentials.services.identity, reach },
      targets.value,
      bulk,
    );
    const results = await readPools(
      { client: credentials.client, sessions: credentials.services.sessions },
      found.map((f) => f.target),
      { ...bulk, onResult: (pools) => printDevicePools(output, pools) },
    );
    if (results.some((r) => r.error?.code === 'CANCELLED')) return EXIT.cancelled;
    return results.every((r) => r.slots !== undefined) ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
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
