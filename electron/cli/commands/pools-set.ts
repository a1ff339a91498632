/**
 * `minerdeck pools set <address…> --pool "<url>,<worker template>" … [--pool-password-stdin]
 * [--yes | --dry-run]`: the same pools on many devices, each with its own worker name (docs/design.md,
 * Commissioning actions). The pool password comes only on standard input. The pools — urls and templates —
 * are checked before any network call (`http://`, a port of 99999 or an unknown placeholder is bad
 * usage). Then a preview — each device's workers, or why it is skipped — and, as for `password change`,
 * nothing is sent without `--yes` (exit 2; `--dry-run` exits 0). With `--yes` each device gets one
 * `POST /settings`, read back with `GET /settings`; the request goes to the site's activity log, and
 * devices that mine on the new pools only after a restart are named.
 */
import { summarizeActivity } from '../../../shared/domain/commission';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { PoolSpec } from '../../../shared/domain/pools';
import { checkPools } from '../../../shared/domain/pools';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { createPoolServices } from '../../core/commission/pool-services';
import { resolvePoolTargets } from '../../core/commission/pool-targets';
import { toAppError } from '../../core/errors/to-app-error';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import { poolLines, previewJson, previewLines, printPoolResult } from '../pools-output';
import type { CliContext } from './context';
import { commonOptions, readRequiredSecret } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import { POOLS_SET_USAGE } from './pools-usage';
import { commandTargets, TARGET_OPTIONS } from './targets';
import {
  nothingSent,
  usageError,
  WRITE_OPTIONS,
  writeRunOptions,
  tellActivity,
  writeExitCode,
} from './write-run-options';
import { openWriteSite, splitOffline } from './write-targets';

/** Where a pool password goes instead of `--pool`: never the command line (`ps`, shell history). */
const POOL_PASSWORD_WAY =
  'pipe the pool password in with --pool-password-stdin (printf %s "$POOL_PW" | minerdeck pools set … --pool-password-stdin), or use a saved preset (--preset NAME)';

/**
 * `url,worker template`. A third field would be a pool password on the command line, visible in the
 * process list and the shell history: bad usage naming the ways to give it (the value is never echoed).
 */
export function parsePoolArgument(text: string, index: number): Result<PoolSpec> {
  const first = text.indexOf(',');
  if (first < 0) {
    return err(
      'INVALID_INPUT',
      `--pool ${index + 1} needs a url and a worker: --pool "<url>,<worker template>".`,
    );
  }
  if (text.includes(',', first + 1)) {
    return err(
      'INVALID_INPUT',
      `--pool ${index + 1} has a third field: --pool takes "<url>,<worker template>" only, because a pool password on the command line is visible in the process list and the shell history; ${POOL_PASSWORD_WAY}.`,
    );
  }
  return ok({ url: text.slice(0, first), worker: text.slice(first + 1), password: '' });
}

/** The `--pool` values, checked as a request's pools (1 to 3, a valid url and worker template each). */
export function poolsFromArguments(given: readonly string[]): Result<PoolSpec[]> {
  const pools: PoolSpec[] = [];
  for (const [i, text] of given.entries()) {
    const pool = parsePoolArgument(text, i);
    if (!pool.ok) return pool;
    pools.push(pool.value);
  }
  const checked = checkPools(pools);
  return checked.ok ? ok(checked.value.pools) : checked;
}

/** The pools of the site's preset `name` (any case), checked; a name the site does not have is bad usage. */
async function presetPools(
  inventory: InventoryServices,
  site: Site,
  name: string,
): Promise<Result<PoolSpec[]>> {
  const presets = await inventory.poolPresets(site.id);
  if (!presets.ok) return presets;
  const found = presets.value.find((p) => p.name.toLowerCase() === name.trim().toLowerCase());
  if (found !== undefined) {
    // Checked like typed pools before any device is asked: a preset may predate today's url check.
    const checked = checkPools(found.pools);
    return checked.ok
      ? ok(checked.value.pools)
      : err('INVALID_INPUT', `preset "${found.name}": ${checked.error.message}`);
  }
  const names = presets.value.map((p) => `"${p.name}"`).join(', ');
  return err(
    'INVALID_INPUT',
    `site "${site.name}" has no pool preset "${name}"${names === '' ? ' (it has none)' : ` (presets: ${names})`}.`,
  );
}

export async function poolsSetCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    pool: { type: 'string', multiple: true },
    'pool-password-stdin': { type: 'boolean', default: false },
    preset: { type: 'string' },
    'save-preset': { type: 'string' },
    ...WRITE_OPTIONS,
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const targets = await commandTargets(ctx, output, parsed.value, { usage: POOLS_SET_USAGE });
  if (!targets.ok) return reportError(output, targets.error);
  const run = writeRunOptions(values, 'set');
  if (!run.ok) return reportError(output, run.error);
  const { yes, dryRun } = run.value;
  // `multiple: true`: parseArgs gives the repeated --pool values as a list.
  const given = values.pool as unknown as string[] | undefined;
  const presetName = typeof values.preset === 'string' ? values.preset : undefined;
  const saveAs = typeof values['save-preset'] === 'string' ? values['save-preset'] : undefined;
  if (given !== undefined && presetName !== undefined) {
    return usageError(output, 'give the pools with --pool or with --preset, not both.');
  }
  if (given === undefined && presetName === undefined) {
    return usageError(output, `give the pools: --pool (up to 3) or --preset NAME. Usage: ${POOLS_SET_USAGE}`);
  }
  if (saveAs !== undefined && given === undefined) {
    return usageError(output, '--save-preset saves the pools given with --pool.');
  }
  const withPassword = values['pool-password-stdin'] === true;
  if (withPassword && given === undefined) {
    return usageError(
      output,
      '--pool-password-stdin gives the password of the pools given with --pool; a preset keeps its own.',
    );
  }
  // Checked before the inventory, the keychain or any device is touched (the password is read after).
  const fromArguments = given === undefined ? undefined : poolsFromArguments(given);
  if (fromArguments?.ok === false) return reportError(output, fromArguments.error);
  const poolPassword = withPassword ? await readRequiredSecret(ctx, 'Pool password') : ok('');
  if (!poolPassword.ok) return reportError(output, poolPassword.error);
  const typed =
    fromArguments === undefined
      ? undefined
      : ok(fromArguments.value.map((pool) => ({ ...pool, password: poolPassword.value })));

  // Only the site: a pool write takes no device password.
  const opened = await openWriteSite(ctx, output, { site: values.site, all: values.all });
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, siteGiven } = opened.value;
  const pools = typed ?? (await presetPools(inventory, site, presetName ?? ''));
  if (!pools.ok) return reportError(output, pools.error);
  if (saveAs !== undefined) {
    const saved = await inventory.savePoolPreset(site.id, { name: saveAs, pools: pools.value });
    if (!saved.ok) return reportError(output, saved.error);
    output.err(`Saved pool preset "${saved.value.name}" in site "${site.name}":`);
    for (const line of poolLines(saved.value.pools)) output.err(line);
  }
  const known = await inventory.devices(site.id);
  const devices: InventoryDevice[] = known.ok ? known.value.devices : [];

  const { reach, credentials } = await openReachingCredentials(ctx, run.value.timeoutMs);
  try {
    const { services } = credentials;
    const commission = createPoolServices({
      client: credentials.client,
      credentials: services,
      inventory,
      now: () => new Date(),
    });
    const bulk = bulkOf(ctx, run.value.concurrency);
    const found = await resolvePoolTargets(
      { identity: services.identity, reach },
      targets.value.addresses,
      { site, devices },
      { ...bulk, ...(siteGiven ? { siteId: site.id } : {}) },
    );
    const { targets: poolTargets, offline } = splitOffline(found);
    const planned = await commission.planPools(poolTargets, pools.value, {
      offlineReason: (target) => offline.get(target.deviceId),
    });
    if (!planned.ok) return reportError(output, planned.error);
    const plan = planned.value;
    const sending = plan.filter((p) => p.send).length;

    if (!yes) {
      if (output.json) for (const p of plan) output.out(previewJson(p));
      else for (const line of previewLines(pools.value, plan)) output.out(line);
      if (dryRun) return EXIT.ok;
      return nothingSent(output, sending, 'set the pools');
    }
    // With --json the preview still reaches a person, on stderr; stdout keeps one line per device.
    for (const line of previewLines(pools.value, plan)) (output.json ? output.err : output.out)(line);

    const set = await commission.setPools(poolTargets, pools.value, {
      plan,
      siteId: site.id,
      ...bulk,
      onResult: (result) => printPoolResult(output, result),
    });
    if (!set.ok) return reportError(output, set.error);
    const { results } = set.value;
    output.err(`${summarizeActivity({ action: 'pools', devices: results })}.`);
    tellActivity(output, site.name, set.value);
    const restart = results.filter((r) => r.restartRequired === true).map((r) => r.address);
    if (restart.length > 0) {
      output.err(
        `${restart.length} device${restart.length === 1 ? '' : 's'} mine${restart.length === 1 ? 's' : ''} on the new pools only after a mining restart: minerdeck restart-mining ${restart.join(' ')}`,
      );
    }
    return writeExitCode(results);
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
