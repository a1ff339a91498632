/**
 * `minerdeck standard show [--site NAME] [--json]` and `minerdeck standard set …`: a site's standard, the
 * same one the app's Standard… dialog keeps (inventory; the site password in the keychain as the site
 * password unlock and `password change` use). `set` changes only the parts given (PATCH), checks every part
 * — pools and templates, the power rule, the firmware file, the acceptance numbers — before anything is
 * kept, the site password first of all (only on standard input, never an argument).
 */
import { resolve } from 'node:path';
import type { AcceptanceCriteria } from '../../../shared/domain/acceptance';
import { SETTLE_MINUTES_RANGE } from '../../../shared/domain/acceptance-words';
import {
  ACCEPTANCE_MINUTES_RANGE,
  acceptanceCriteriaSchema,
  defaultCriteria,
} from '../../../shared/domain/acceptance';
import type { PowerChoice } from '../../../shared/domain/power-plan';
import type { StandardFirmware, StandardView } from '../../../shared/domain/standard';
import type { StandardSetInput } from '../../../shared/ipc/channels/standard';
import { standardSetInputSchema } from '../../../shared/ipc/channels/standard';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { readFirmwareImage } from '../../core/firmware/image-file';
import type { RolloutPacing } from '../../../shared/domain/firmware';
import { PACING_FLAGS, PACING_OPTIONS, pacingFromOptions } from './pacing-options';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import { inventoryAccess } from '../../core/inventory/inventory-access';
import { toAppError } from '../../core/errors/to-app-error';
import type { StandardServices } from '../../core/standard/standard-services';
import { createStandardServices } from '../../core/standard/standard-services';
import { parse } from '../args';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import { standardLines } from '../standard-output';
import { decimalOption } from './accept-args';
import type { CliContext } from './context';
import type { CliCredentials } from './credentials-context';
import { openCliCredentials } from './credentials-context';
import { readRequiredSecret } from './device-command';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';
import { poolsFromArguments } from './pools-set';
import { choiceFromOptions } from './profile-choice';
import { STANDARD_SET_USAGE, STANDARD_SHOW_USAGE } from './standard-usage';
import { usageError } from './write-run-options';

const COMMON = {
  site: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function printView(output: Output, view: StandardView): void {
  if (output.json) output.out(JSON.stringify(view));
  else for (const line of standardLines(view)) output.out(line);
}

/** The inventory, the site, the keychain and the standard's services over them, closed by `run`'s end. */
async function withStandard(
  ctx: CliContext,
  output: Output,
  siteRef: string | undefined,
  run: (s: {
    standard: StandardServices;
    inventory: InventoryServices;
    credentials: CliCredentials;
    siteId: string;
  }) => Promise<number>,
): Promise<number> {
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(output, inventory, siteRef);
  tellProblems(output, inventory);
  if (!site.ok) return reportError(output, site.error);
  const credentials = await openCliCredentials(ctx, { timeoutMs: undefined, keychain: 'open' });
  try {
    const standard = createStandardServices({
      access: inventoryAccess(inventory.store, () => new Date()),
      vault: credentials.services.vault,
    });
    return await run({ standard, inventory, credentials, siteId: site.value.id });
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}

export async function standardShowCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, COMMON);
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  if (positionals.length > 0) {
    return usageError(output, `standard show takes no address. Usage: ${STANDARD_SHOW_USAGE}`);
  }
  const siteRef = typeof values.site === 'string' ? values.site : undefined;
  return withStandard(ctx, output, siteRef, async ({ standard, siteId }) => {
    const view = await standard.view(siteId);
    if (!view.ok) return reportError(output, view.error);
    printView(output, view.value);
    return EXIT.ok;
  });
}

const ACCEPTANCE_FLAGS = ['accept-minutes', 'min-hashrate', 'settle-minutes'] as const;

/** `--accept-minutes` / `--min-hashrate` / `--settle-minutes` over the standard's criteria (or the defaults). */
function acceptanceOf(
  values: Record<string, unknown>,
  before: AcceptanceCriteria | undefined,
): Result<AcceptanceCriteria | undefined> {
  if (ACCEPTANCE_FLAGS.every((flag) => values[flag] === undefined)) return ok(undefined);
  const minutes = decimalOption(
    values['accept-minutes'],
    'accept-minutes',
    ACCEPTANCE_MINUTES_RANGE,
    'minutes',
  );
  if (!minutes.ok) return minutes;
  const shape = acceptanceCriteriaSchema.shape;
  const share = decimalOption(
    values['min-hashrate'],
    'min-hashrate',
    { min: shape.minHashratePercent.minValue ?? 1, max: shape.minHashratePercent.maxValue ?? 200 },
    'a percentage of nominal',
  );
  if (!share.ok) return share;
  // Kept in the standard: Commission's acceptance step lets each device settle this long (0: not at all).
  const settle = decimalOption(values['settle-minutes'], 'settle-minutes', SETTLE_MINUTES_RANGE, 'minutes');
  if (!settle.ok) return settle;
  const base = before ?? defaultCriteria();
  return ok({
    ...base,
    ...(minutes.value !== undefined ? { minutes: minutes.value } : {}),
    ...(share.value !== undefined ? { minHashratePercent: share.value } : {}),
    ...(settle.value !== undefined ? { settleMinutes: settle.value } : {}),
  });
}

/**
 * The standard's firmware part after this change: a new image with the pacing kept (and the flags over
 * it), or the pacing flags over the firmware the site has. Pacing without any firmware is refused.
 */
function firmwareOf(
  given: { path: string; version: string } | undefined,
  pacing: RolloutPacing | undefined,
  before: StandardFirmware | undefined,
): Result<StandardFirmware | undefined> {
  const merged = { ...before?.pacing, ...pacing };
  const withPacing = Object.keys(merged).length > 0 ? { pacing: merged } : {};
  if (given !== undefined)
    return ok({ version: given.version, imagePath: resolve(given.path), ...withPacing });
  if (pacing === undefined) return ok(undefined);
  if (before === undefined) {
    return err(
      'INVALID_INPUT',
      `${PACING_FLAGS.join(', ')} pace the standard's firmware rollout: give --firmware PATH --firmware-version V too (the site's standard has no firmware yet).`,
    );
  }
  return ok({ ...before, ...withPacing });
}

/** The parts given on the command line, checked before stdin, the inventory or the keychain is touched. */
function partsFromOptions(values: Record<string, unknown>): Result<{
  pools?: string[];
  power?: PowerChoice;
  firmware?: { path: string; version: string };
  pacing?: RolloutPacing;
}> {
  const pools = values.pool as unknown as string[] | undefined;
  if (values['pool-password-stdin'] === true && pools === undefined) {
    return err('INVALID_INPUT', '--pool-password-stdin gives the password of the pools given with --pool.');
  }
  if (values['pool-password-stdin'] === true && values['new-password-stdin'] === true) {
    return err(
      'INVALID_INPUT',
      'standard input carries one secret: set the site password (--new-password-stdin) and the pools with their password (--pool-password-stdin) in two runs of minerdeck standard set.',
    );
  }
  const powerGiven = ['preset', 'max-watts', 'site-kw'].some((k) => values[k] !== undefined);
  const power = powerGiven ? choiceFromOptions(values) : undefined;
  if (power?.ok === false) return power;
  const path = typeof values.firmware === 'string' ? values.firmware : undefined;
  const version =
    typeof values['firmware-version'] === 'string' ? values['firmware-version'].trim() : undefined;
  if ((path === undefined) !== (version === undefined)) {
    return err(
      'INVALID_INPUT',
      '--firmware PATH and --firmware-version V go together: the image, and the version devices report after it.',
    );
  }
  const pacing = pacingFromOptions(values);
  if (!pacing.ok) return err('INVALID_INPUT', pacing.message);
  const pacingGiven = Object.keys(pacing.value).length > 0;
  return ok({
    ...(pools !== undefined ? { pools } : {}),
    ...(power?.ok === true ? { power: power.value } : {}),
    ...(pacingGiven ? { pacing: pacing.value } : {}),
    ...(path !== undefined && version !== undefined ? { firmware: { path, version } } : {}),
  });
}

export async function standardSetCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...COMMON,
    'new-password-stdin': { type: 'boolean', default: false },
    pool: { type: 'string', multiple: true },
    'pool-password-stdin': { type: 'boolean', default: false },
    preset: { type: 'string' },
    'max-watts': { type: 'string' },
    'site-kw': { type: 'string' },
    firmware: { type: 'string' },
    'firmware-version': { type: 'string' },
    'accept-minutes': { type: 'string' },
    'min-hashrate': { type: 'string' },
    'settle-minutes': { type: 'string' },
    ...PACING_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  if (positionals.length > 0) {
    return usageError(output, `standard set takes no address. Usage: ${STANDARD_SET_USAGE}`);
  }
  const parts = partsFromOptions(values);
  if (!parts.ok) return reportError(output, parts.error);
  const acceptanceGiven = ACCEPTANCE_FLAGS.some((flag) => values[flag] !== undefined);
  const typedPassword = values['new-password-stdin'] === true;
  if (
    !typedPassword &&
    parts.value.pools === undefined &&
    parts.value.power === undefined &&
    parts.value.firmware === undefined &&
    parts.value.pacing === undefined &&
    !acceptanceGiven
  ) {
    return usageError(output, `nothing to set: give at least one part. Usage: ${STANDARD_SET_USAGE}`);
  }
  const pools = parts.value.pools === undefined ? undefined : poolsFromArguments(parts.value.pools);
  if (pools?.ok === false) return reportError(output, pools.error);
  const firmware = parts.value.firmware;
  if (firmware !== undefined) {
    // The image is checked now (a file, readable, not empty): a wrong path is found here, not on site.
    const image = await readFirmwareImage(resolve(firmware.path), { signal: ctx.signal });
    if (!image.ok) return reportError(output, image.error);
  }
  // Secrets last: a bad option never costs the technician typing one.
  let secret: string | undefined;
  if (typedPassword || values['pool-password-stdin'] === true) {
    const read = await readRequiredSecret(ctx, typedPassword ? 'Site password' : 'Pool password');
    if (!read.ok) return reportError(output, read.error);
    secret = read.value;
  }
  const siteRef = typeof values.site === 'string' ? values.site : undefined;
  return withStandard(ctx, output, siteRef, async ({ standard, credentials, siteId }) => {
    if (typedPassword && !credentials.persistent) {
      return reportError(output, {
        code: 'KEYCHAIN_UNAVAILABLE',
        message:
          'the keychain is not available, so the site password could not be kept (nothing was changed). Run "minerdeck keychain" for what to do.',
      });
    }
    const before = await standard.standard(siteId);
    if (!before.ok) return reportError(output, before.error);
    const acceptance = acceptanceOf(values, before.value.standard?.acceptance);
    if (!acceptance.ok) return reportError(output, acceptance.error);
    const newFirmware = firmwareOf(firmware, parts.value.pacing, before.value.standard?.firmware);
    if (!newFirmware.ok) return reportError(output, newFirmware.error);
    const input: StandardSetInput = {
      site: siteId,
      ...(typedPassword && secret !== undefined ? { password: { kind: 'typed', password: secret } } : {}),
      ...(pools?.ok === true
        ? {
            pools: pools.value.map((p) => ({
              url: p.url,
              worker: p.worker,
              ...(values['pool-password-stdin'] === true && secret !== undefined ? { password: secret } : {}),
            })),
          }
        : {}),
      ...(parts.value.power !== undefined ? { power: parts.value.power } : {}),
      ...(newFirmware.value !== undefined ? { firmware: newFirmware.value } : {}),
      ...(acceptance.value !== undefined ? { acceptance: acceptance.value } : {}),
    };
    // The rules the app's dialog is held to (the site password's rules above all), in the same words.
    const checked = standardSetInputSchema.safeParse(input);
    if (!checked.success) {
      return usageError(output, checked.error.issues[0]?.message ?? 'the standard is not valid.');
    }
    const set = await standard.set(checked.data);
    if (!set.ok) return reportError(output, set.error);
    printView(output, set.value);
    output.err(
      `Standard of site "${set.value.siteName}" kept${typedPassword ? '; site password stored in the keychain' : ''}.`,
    );
    return EXIT.ok;
  });
}
