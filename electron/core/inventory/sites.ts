/**
 * Sites: create, rename, switch, delete. Pure functions over an inventory draft,
 * run inside `store.update`, so every rule is tested without files and every change is one atomic write.
 *
 * A site's id is made once from its first name and never changes: it names the site password's keychain
 * account (`site/<id>/password`), which a rename must not orphan. Sites are found by id or by name
 * (case-insensitive), so technicians type what they see. Deleting a site that has devices needs an
 * explicit confirmation: it forgets what was found and noted there.
 */
import { message } from '../../../shared/i18n/message';
import type { Site, SiteSummary } from '../../../shared/domain/inventory';
import { SITE_ID_PATTERN } from '../../../shared/domain/inventory';
import { controlCharacterError } from '../../../shared/domain/plain-text';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { accountName } from '../credentials/accounts';
import { dropProposals } from './import-proposals';
import type { Inventory } from './schema';
import { dropLayout } from './site-layouts';

const MAX_NAME = 100;

/** The site a fresh data folder starts with, in the app and the CLI alike; renamed like any other. */
export const FIRST_SITE_NAME = 'Site 1';

export function findSite(inventory: Inventory, ref: string): Site | undefined {
  const wanted = ref.trim();
  return (
    inventory.sites.find((site) => site.id === wanted) ??
    inventory.sites.find((site) => site.name.toLowerCase() === wanted.toLowerCase())
  );
}

function notFound(inventory: Inventory, ref: string): Result<never> {
  const names = inventory.sites.map((site) => `"${site.name}"`).join(', ');
  return errWithText(
    'NOT_FOUND',
    `No site is named "${ref}"${names === '' ? ' (there are no sites yet)' : ` (sites: ${names})`}.`,
    names === ''
      ? message('errors.site.unknownNoSites', { site: ref })
      : message('errors.site.unknown', { site: ref, sites: names }),
    { reason: 'unknown-site' },
  );
}

/** The site `ref` names, else the current one. */
export function resolveSite(inventory: Inventory, ref: string | undefined): Result<Site> {
  if (ref !== undefined) {
    const site = findSite(inventory, ref);
    return site === undefined ? notFound(inventory, ref) : ok(site);
  }
  const current = inventory.sites.find((site) => site.id === inventory.settings.currentSiteId);
  if (current !== undefined) return ok(current);
  const names = inventory.sites.map((s) => `"${s.name}"`).join(', ');
  return errWithText(
    'INVALID_INPUT',
    inventory.sites.length === 0
      ? 'There is no site yet: create one first.'
      : 'No site is selected: choose one of ' + names + '.',
    inventory.sites.length === 0
      ? message('errors.site.noneYet')
      : message('errors.site.noneSelected', { sites: names }),
    { reason: 'no-current-site' },
  );
}

function checkName(inventory: Inventory, name: string, except?: Site): Result<string> {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '' || trimmed.length > MAX_NAME) {
    return errWithText(
      'INVALID_INPUT',
      `A site name has 1 to ${MAX_NAME} characters (no control characters).`,
      message('errors.site.nameLength', { max: MAX_NAME }),
    );
  }
  const control = controlCharacterError('siteName', trimmed);
  if (control !== undefined) return { ok: false, error: control };
  const clash = inventory.sites.find(
    (site) => site !== except && (site.name.toLowerCase() === trimmed.toLowerCase() || site.id === trimmed),
  );
  if (clash !== undefined)
    return errWithText(
      'INVALID_INPUT',
      `A site named "${clash.name}" already exists.`,
      message('errors.site.nameTaken', { site: clash.name }),
    );
  return ok(trimmed);
}

function checkSubnets(subnets: readonly string[]): Result<string[]> {
  const cleaned = subnets.map((s) => s.trim()).filter((s) => s !== '');
  for (const subnet of cleaned) {
    const parsed = parseTargets(subnet);
    if (!parsed.ok)
      return errWithText(
        'INVALID_INPUT',
        `Subnet "${subnet}": ${parsed.error.message}`,
        message('errors.site.subnet', { subnet, problem: parsed.error.text ?? parsed.error.message }),
      );
  }
  return ok([...new Set(cleaned)]);
}

/** `Hall 1 (North)` → `hall-1-north`; a suffix keeps it unique. Always a valid keychain account segment. */
export function siteIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '')
      .slice(0, 56)
      .replace(/[-._]+$/, '') || 'site';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

export function createSite(
  inventory: Inventory,
  input: { name: string; subnets?: readonly string[]; id?: string },
  now: Date,
): Result<Site> {
  const name = checkName(inventory, input.name);
  if (!name.ok) return name;
  const subnets = checkSubnets(input.subnets ?? []);
  if (!subnets.ok) return subnets;
  const taken = new Set(inventory.sites.map((site) => site.id));
  // An id given (the site's id on another laptop, from its export) is kept when free: the same site then
  // has the same keychain account name on every laptop.
  const id =
    input.id !== undefined && SITE_ID_PATTERN.test(input.id) && !taken.has(input.id)
      ? input.id
      : siteIdFor(name.value, taken);
  const at = now.toISOString();
  const site: Site = {
    id,
    name: name.value,
    subnets: subnets.value,
    passwordRef: accountName({ kind: 'site-password', siteId: id }),
    createdAt: at,
    updatedAt: at,
  };
  inventory.sites.push(site);
  // The first site is where scans go without anyone having to choose it.
  inventory.settings.currentSiteId ??= id;
  return ok(site);
}

export function renameSite(inventory: Inventory, ref: string, newName: string, now: Date): Result<Site> {
  const site = findSite(inventory, ref);
  if (site === undefined) return notFound(inventory, ref);
  const name = checkName(inventory, newName, site);
  if (!name.ok) return name;
  if (site.name !== name.value) {
    site.name = name.value;
    site.updatedAt = now.toISOString();
  }
  return ok(site);
}

export function setSiteSubnets(
  inventory: Inventory,
  ref: string,
  subnets: readonly string[],
  now: Date,
): Result<Site> {
  const site = findSite(inventory, ref);
  if (site === undefined) return notFound(inventory, ref);
  const checked = checkSubnets(subnets);
  if (!checked.ok) return checked;
  site.subnets = checked.value;
  site.updatedAt = now.toISOString();
  return ok(site);
}

export function useSite(inventory: Inventory, ref: string): Result<Site> {
  const site = findSite(inventory, ref);
  if (site === undefined) return notFound(inventory, ref);
  inventory.settings.currentSiteId = site.id;
  return ok(site);
}

export interface DeletedSite {
  site: Site;
  devicesRemoved: number;
}

/** Refuses a site with devices unless `confirm`; the error's detail says how many would go. */
export function deleteSite(
  inventory: Inventory,
  ref: string,
  options: { confirm?: boolean },
): Result<DeletedSite> {
  const site = findSite(inventory, ref);
  if (site === undefined) return notFound(inventory, ref);
  const devices = inventory.devices.filter((device) => device.siteId === site.id).length;
  if (devices > 0 && options.confirm !== true) {
    return errWithText(
      'INVALID_INPUT',
      `Site "${site.name}" has ${devices} device${devices === 1 ? '' : 's'}; deleting it forgets them and their notes. Confirm to delete it.`,
      message('errors.site.deleteConfirm', { site: site.name, count: devices }),
      { confirmationRequired: true, devices },
    );
  }
  inventory.sites = inventory.sites.filter((s) => s !== site);
  inventory.devices = inventory.devices.filter((device) => device.siteId !== site.id);
  inventory.activity = inventory.activity.filter((entry) => entry.siteId !== site.id);
  inventory.poolPresets = inventory.poolPresets.filter((preset) => preset.siteId !== site.id);
  inventory.acceptance = inventory.acceptance.filter((verdict) => verdict.siteId !== site.id);
  inventory.standards = inventory.standards.filter((standard) => standard.siteId !== site.id);
  dropLayout(inventory, site.id);
  dropProposals(inventory, (proposal) => proposal.siteId !== site.id);
  if (inventory.settings.currentSiteId === site.id)
    inventory.settings.currentSiteId = inventory.sites[0]?.id ?? null;
  return ok({ site, devicesRemoved: devices });
}

export function siteSummaries(inventory: Inventory): SiteSummary[] {
  const counts = new Map<string, number>();
  for (const device of inventory.devices) counts.set(device.siteId, (counts.get(device.siteId) ?? 0) + 1);
  return inventory.sites.map((site) => ({
    ...site,
    deviceCount: counts.get(site.id) ?? 0,
    current: site.id === inventory.settings.currentSiteId,
  }));
}
