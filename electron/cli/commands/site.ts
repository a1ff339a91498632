/**
 * `minerdeck site list|create|use|rename|delete|show|activity|accept-import` (the activity log: site-activity.ts;
 * accepting what imports proposed for known devices: site-accept-import.ts): the
 * sites of the inventory in the data folder and the one scans add to. Names with spaces are written in
 * quotes, or as several words for the commands that take one name.
 */
import type { InventoryDevice, Site, SiteSummary } from '../../../shared/domain/inventory';
import type { AppError, Result } from '../../../shared/result';
import { appError } from '../../../shared/result';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import { parse } from '../args';
import type { Output } from '../output';
import { EXIT, reportError, reportUsage } from '../output';
import type { CliContext } from './context';
import { openCliInventory, resolveCliSite, tellProblems, withSiteHint } from './inventory-context';
import { SITE_USAGE } from './inventory-usage';
import { siteAccept } from './site-accept-import';
import { siteActivity } from './site-activity';

interface Args {
  words: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

type Sub = (inventory: InventoryServices, args: Args, output: Output) => Promise<Result<void>>;

const line = (site: Site | SiteSummary): string => `"${site.name}" (id ${site.id})`;

function siteJson(site: Site | SiteSummary, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    ok: true,
    id: site.id,
    name: site.name,
    subnets: site.subnets,
    ...('deviceCount' in site ? { devices: site.deviceCount, current: site.current } : {}),
    ...extra,
  });
}

const oneName = (args: Args, usage: string): Result<string> =>
  args.words.length === 0
    ? { ok: false, error: appError('INVALID_INPUT', `no site name given. Usage: ${usage}`) }
    : { ok: true, value: args.words.join(' ') };

const list: Sub = async (inventory, _args, output) => {
  const listing = await inventory.listSites();
  if (!listing.ok) return listing;
  for (const site of listing.value.sites) {
    if (output.json) output.out(siteJson(site));
    else {
      const count = `${site.deviceCount} device${site.deviceCount === 1 ? '' : 's'}`;
      const subnets = site.subnets.length > 0 ? `  ${site.subnets.join(', ')}` : '';
      output.out(`${site.current ? '*' : ' '} ${line(site)}  ${count}${subnets}`);
    }
  }
  if (!output.json && listing.value.sites.length === 0) {
    output.err('No sites yet: create one with "minerdeck site create NAME".');
  }
  return { ok: true, value: undefined };
};

const create: Sub = async (inventory, args, output) => {
  const name = oneName(args, 'minerdeck site create NAME');
  if (!name.ok) return name;
  const subnets = (args.values.subnet as string[] | undefined) ?? [];
  const created = await inventory.createSite({ name: name.value, subnets, use: args.values.use === true });
  if (!created.ok) return created;
  const listing = await inventory.listSites();
  const current = listing.ok && listing.value.currentSiteId === created.value.id;
  if (output.json) output.out(siteJson(created.value, { current }));
  else output.out(`Created site ${line(created.value)}${current ? '; scans now add to it' : ''}.`);
  return { ok: true, value: undefined };
};

const use: Sub = async (inventory, args, output) => {
  const name = oneName(args, 'minerdeck site use NAME');
  if (!name.ok) return name;
  const site = await inventory.useSite(name.value);
  if (!site.ok) return site;
  if (output.json) output.out(siteJson(site.value, { current: true }));
  else output.out(`Current site: ${line(site.value)}.`);
  return { ok: true, value: undefined };
};

const rename: Sub = async (inventory, args, output) => {
  const [from, to, ...more] = args.words;
  if (from === undefined || to === undefined || more.length > 0) {
    return {
      ok: false,
      error: appError(
        'INVALID_INPUT',
        'give the site and its new name, quoted when they have spaces: minerdeck site rename "Hall 1" "Hall 1 North"',
      ),
    };
  }
  const site = await inventory.renameSite(from, to);
  if (!site.ok) return site;
  if (output.json) output.out(siteJson(site.value));
  else output.out(`Renamed to ${line(site.value)}.`);
  return { ok: true, value: undefined };
};

const remove: Sub = async (inventory, args, output) => {
  const name = oneName(args, 'minerdeck site delete NAME [--yes]');
  if (!name.ok) return name;
  const deleted = await inventory.deleteSite(name.value, { confirm: args.values.yes === true });
  if (!deleted.ok) {
    const needsYes = deleted.error.detail?.confirmationRequired === true;
    return needsYes
      ? {
          ok: false,
          error: {
            ...deleted.error,
            message: `${deleted.error.message.replace(/Confirm to delete it\.$/, '')}Add --yes to delete it.`,
          },
        }
      : deleted;
  }
  const { site, devicesRemoved } = deleted.value;
  if (output.json) output.out(siteJson(site, { deleted: true, devicesRemoved }));
  else {
    output.out(
      `Deleted site ${line(site)} and its ${devicesRemoved} device${devicesRemoved === 1 ? '' : 's'}.`,
    );
    output.err(`The site password (if one was stored) stays in the keychain under ${site.passwordRef}.`);
  }
  return { ok: true, value: undefined };
};

function deviceLine(d: InventoryDevice): string {
  const facts = [
    d.identity.model,
    d.identity.firmware,
    d.identity.hostname,
    d.label === '' ? null : `"${d.label}"`,
  ];
  return [
    d.address.padEnd(28),
    d.id.padEnd(24),
    d.commissioning.status.padEnd(15),
    facts.filter((f): f is string => f !== null).join('  ·  '),
  ]
    .join(' ')
    .trimEnd();
}

const show: Sub = async (inventory, args, output) => {
  const shown = await resolveCliSite(
    output,
    inventory,
    args.words.length > 0 ? args.words.join(' ') : undefined,
  );
  const listed = shown.ok ? await inventory.devices(shown.value.id) : shown;
  if (!listed.ok) return listed;
  const { site, devices } = listed.value;
  for (const device of devices)
    output.out(output.json ? JSON.stringify({ ok: true, ...device }) : deviceLine(device));
  if (!output.json)
    output.err(`Site ${line(site)}: ${devices.length} device${devices.length === 1 ? '' : 's'}.`);
  return { ok: true, value: undefined };
};

const activity: Sub = (inventory, args, output) => {
  const site = typeof args.values.site === 'string' ? args.values.site : undefined;
  const words = args.words.length > 0 ? args.words.join(' ') : undefined;
  const device = typeof args.values.device === 'string' ? args.values.device : undefined;
  return siteActivity(
    inventory,
    { ...((site ?? words) !== undefined ? { site: site ?? words } : {}), ...(device ? { device } : {}) },
    output,
  );
};

const acceptImport: Sub = (inventory, args, output) =>
  siteAccept(
    inventory,
    {
      ...(typeof args.values.site === 'string' ? { site: args.values.site } : {}),
      devices: args.words,
      all: args.values.all === true,
    },
    output,
  );

const SUBCOMMANDS: Record<string, Sub> = {
  list,
  create,
  use,
  rename,
  delete: remove,
  show,
  activity,
  'accept-import': acceptImport,
};

export async function siteCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'layout') return (await import('./site-layout')).siteLayoutCommand(ctx, rest);
  const sub = name === undefined ? undefined : SUBCOMMANDS[name];
  if (sub === undefined) {
    const what = name === undefined ? 'no site subcommand given' : `unknown site subcommand "${name}"`;
    return reportUsage(ctx.output, what, SITE_USAGE);
  }
  const parsed = parse(rest, {
    json: { type: 'boolean', default: false },
    yes: { type: 'boolean', short: 'y', default: false },
    use: { type: 'boolean', default: false },
    subnet: { type: 'string', multiple: true },
    site: { type: 'string' },
    device: { type: 'string' },
    all: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const output = { ...ctx.output, json: parsed.value.values.json === true };
  const inventory = openCliInventory(ctx);
  const done = await sub(inventory, { words: parsed.value.positionals, values: parsed.value.values }, output);
  tellProblems(output, inventory);
  if (!done.ok) return reportError(output, withSiteHint(done.error as AppError));
  return EXIT.ok;
}
