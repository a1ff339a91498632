/**
 * Opening the inventory for one CLI command: the data folder (`--data-dir`, else the app's own folder),
 * the services over it, and the loading problems (a corrupt file kept aside, an upgrade) told on stderr,
 * so a technician hears about them whatever the command and whatever the output mode.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { AppError } from '../../../shared/result';
import { appError } from '../../../shared/result';
import { defaultDataDir } from '../../core/inventory/data-dir';
import type { InventoryServices, InventoryServicesOptions } from '../../core/inventory/inventory-services';
import { createInventoryServices } from '../../core/inventory/inventory-services';
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
  extra: Pick<InventoryServicesOptions, 'credentialFacts' | 'liveCheck'> = {},
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

/** The CLI's words for "there is no site to work on". */
export function withSiteHint(error: AppError): AppError {
  if (error.detail?.reason !== 'no-current-site') return error;
  return appError(
    error.code,
    `${error.message} Create one with "minerdeck site create NAME", or choose one with "minerdeck site use NAME".`,
    error.detail,
  );
}
