/**
 * Opening the inventory for one CLI command: the data folder (`--data-dir`, else the app's own folder),
 * the services over it, and the loading problems (a corrupt file kept aside, an upgrade) told on stderr,
 * so a technician hears about them whatever the command and whatever the output mode.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Site } from '../../../shared/domain/inventory';
import type { AppError, Result } from '../../../shared/result';
import { appError } from '../../../shared/result';
import { defaultDataDir } from '../../core/inventory/data-dir';
import type { InventoryServices, InventoryServicesOptions } from '../../core/inventory/inventory-services';
import { createInventoryServices } from '../../core/inventory/inventory-services';
import { resolveSite } from '../../core/inventory/sites';
import type { Output } from '../output';
import type { CliContext } from './context';

export const dataDirOf = (ctx: CliContext): string =>
  ctx.dataDir ?? defaultDataDir({ env: process.env, platform: process.platform, home: homedir() });

let version: string | undefined;
/** The app's version from package.json, for exports and reports; read once. */
export function appVersion(): string {
  if (version !== undefined) return version;
  try {
    const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    version = (JSON.parse(text) as { version?: string }).version ?? 'unknown';
  } catch {
    version = 'unknown';
  }
  return version;
}

export function openCliInventory(
  ctx: CliContext,
  extra: Pick<InventoryServicesOptions, 'storedCredentials'> = {},
): InventoryServices {
  return createInventoryServices({
    dataDir: dataDirOf(ctx),
    laptop: ctx.hostname,
    app: { name: 'Minerdeck', version: appVersion() },
    ...extra,
  });
}

/** Says on stderr what loading the inventory found; stdout stays clean for --json. */
export function tellProblems(output: Output, inventory: InventoryServices): void {
  for (const problem of inventory.store.problems()) output.err(`minerdeck: ${problem.message}`);
}

/**
 * The CLI's words for "there is no site to work on", and for a site name nobody made: a typing mistake,
 * so bad usage (exit 2), with the sites there are (from the inventory's message) and the way to make one.
 */
export function withSiteHint(error: AppError): AppError {
  if (error.detail?.reason === 'unknown-site') {
    return appError(
      'INVALID_INPUT',
      `${error.message} A site is named by its name (any case) or its id; "minerdeck site create NAME" makes one.`,
      error.detail,
    );
  }
  if (error.detail?.reason !== 'no-current-site') return error;
  return appError(
    error.code,
    `${error.message} Create one with "minerdeck site create NAME", or choose one with "minerdeck site use NAME".`,
    error.detail,
  );
}

/**
 * The site a command works on — `--site` as the technician typed it (a name in any case, or an id; the
 * inventory's one rule, `resolveSite`), else the current site — for every command, so a name the app
 * shows is a name the CLI takes. Like the app at start, a data folder with no site first gets "Site 1",
 * said in one line on stderr (stdout stays clean for --json).
 */
export async function resolveCliSite(
  output: Output,
  inventory: InventoryServices,
  ref: string | undefined,
): Promise<Result<Site>> {
  const first = await inventory.ensureFirstSite();
  if (!first.ok) return first;
  if (first.value !== undefined) {
    output.err(`Created site "${first.value.name}" (no site yet in ${inventory.store.dataDir}).`);
  }
  const loaded = await inventory.store.load();
  if (!loaded.ok) return loaded;
  const site = resolveSite(loaded.value, ref);
  return site.ok ? site : { ok: false, error: withSiteHint(site.error) };
}

/**
 * `--site` of the device commands (unlock, key create, status, monitor), which otherwise never open the
 * inventory: the site's id names its keychain password (`site/<id>/password`), the same entry the app uses.
 */
export async function siteOption(ctx: CliContext, output: Output, ref: string): Promise<Result<Site>> {
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(output, inventory, ref);
  tellProblems(output, inventory);
  return site;
}
