/**
 * `minerdeck import FILE [--site NAME]`: a site export from another laptop
 * (JSON: merged by identity, conflicts listed) or a spreadsheet of planned devices (CSV: address, label,
 * notes). The kind is told by the content, not the file name. A known device's address or certificate pin
 * from the file waits for `minerdeck site accept-import` (site-accept-import.ts): the merge keeps ours.
 */
import { readFile, stat } from 'node:fs/promises';
import { importedVerdictsText } from '../../../shared/format/acceptance-text';
import type { Result } from '../../../shared/result';
import { closeKeychain } from '../../core/credentials/open-keychain';
import { listCredentials } from '../../core/credentials/vault-listing';
import { importKindOf, MAX_IMPORT_BYTES } from '../../core/inventory/exchange';
import { storedCredentialAddresses } from '../../core/inventory/import-proposals';
import type { ImportOutcome } from '../../core/inventory/exchange-services';
import type { MergeConflict } from '../../core/inventory/merge';
import { parse } from '../args';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { openCliInventory, resolveCliSite, tellProblems, withSiteHint } from './inventory-context';
import { IMPORT_USAGE } from './inventory-usage';

const quoted = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);

export function conflictLine(c: MergeConflict): string {
  if (c.pending === true) {
    const none = c.field === 'tlsPin' ? 'none' : 'credentials stored for another address';
    const ours = c.local === '' ? none : quoted(c.local);
    // Listed at the file's address: a device this laptop knows elsewhere, held back.
    const held = c.field === 'address' && c.local !== c.address ? 'not added' : 'kept ours';
    return `  ${c.deviceId} (${c.address}) ${c.field}: ours ${ours}, theirs ${quoted(c.incoming)}; ${held} until you accept it`;
  }
  if (c.field === 'location')
    return `  ${c.deviceId} (${c.address}) slot: ours ${c.local}, theirs ${c.incoming}; kept ours`;
  if (c.field === 'rack') {
    const kept = c.kept === 'both' ? 'kept the larger' : 'kept ours';
    return `  ${c.deviceId === 'slot pattern' ? 'slot pattern' : `rack ${c.address}`}: ours ${quoted(c.local)}, theirs ${quoted(c.incoming)}; ${kept}`;
  }
  if (c.field === 'address')
    return `  ${c.address}: two devices at this address (${c.local} here, ${c.incoming} in the file); both kept`;
  const kept = c.kept === 'incoming' ? 'took theirs' : 'kept ours';
  return `  ${c.deviceId} (${c.address}) ${c.field}: ours ${quoted(c.local)}, theirs ${quoted(c.incoming)}; ${kept}`;
}

/** The command that accepts what waits, for the site just merged into. */
const acceptHint = (site: { name: string }): string =>
  `A file never moves a known device or changes its certificate by itself: nothing is sent to the file's address until you accept it with "minerdeck site accept-import DEVICE --site ${JSON.stringify(site.name)}" (or --all).`;

/**
 * Where the keychain's credentials were stored, by device id, so the merge holds back a known device a
 * file puts elsewhere; undefined when the keychain does not work (then nothing is stored in it either).
 */
async function storedCredentials(ctx: CliContext): Promise<Map<string, string | undefined> | undefined> {
  const keychain = await ctx.openKeychain();
  try {
    if (keychain.status.state !== 'available') return undefined;
    return await storedCredentialAddresses({ list: () => listCredentials(keychain.store) });
  } finally {
    await closeKeychain(keychain);
  }
}

function tell(output: Output, outcome: ImportOutcome): void {
  if (output.json) {
    output.out(
      JSON.stringify({ ok: true, ...outcome, site: { id: outcome.site.id, name: outcome.site.name } }),
    );
    return;
  }
  const where = `site "${outcome.site.name}"`;
  if (outcome.kind === 'site-json') {
    output.out(
      `${outcome.siteCreated ? 'Created' : 'Merged into'} ${where}: ${outcome.added} added, ${outcome.merged} merged, ${outcome.unchanged} unchanged.`,
    );
    if (outcome.activityAdded > 0) {
      output.out(`Activity log: ${outcome.activityAdded} entries added (see "minerdeck site activity").`);
    }
    const verdicts = importedVerdictsText(outcome.verdicts);
    if (verdicts !== undefined) output.out(verdicts);
  } else {
    output.out(
      `Planned devices for ${where}: ${outcome.added} added, ${outcome.updated} updated, ${outcome.unchanged} already there.`,
    );
    for (const warning of outcome.warnings) output.err(`minerdeck: ${warning}`);
  }
  if (outcome.conflicts.length > 0) {
    output.out(
      `${outcome.conflicts.length} conflict${outcome.conflicts.length === 1 ? '' : 's'} to look at:`,
    );
    for (const conflict of outcome.conflicts) output.out(conflictLine(conflict));
    if (outcome.conflicts.some((conflict) => conflict.pending === true)) output.out(acceptHint(outcome.site));
  }
}

export async function importCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    site: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const output = { ...ctx.output, json: parsed.value.values.json === true };
  const [file, ...more] = parsed.value.positionals;
  if (file === undefined || more.length > 0) {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `give one file to import. Usage: ${IMPORT_USAGE}`,
    });
  }
  let text: string;
  try {
    if ((await stat(file)).size > MAX_IMPORT_BYTES) throw new Error('the file is too large to import');
    text = await readFile(file, 'utf8');
  } catch (error) {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `cannot read ${file}: ${(error as Error).message}`,
    });
  }
  const siteJson = importKindOf(text) === 'site-json';
  const inventory = openCliInventory(
    ctx,
    siteJson ? { storedCredentials: () => storedCredentials(ctx) } : {},
  );
  const site = parsed.value.values.site as string | undefined;
  // A site export finds or makes its own site; planned devices (CSV) and --site need one that exists.
  const ownSite = site === undefined && siteJson;
  const into = ownSite ? undefined : await resolveCliSite(output, inventory, site);
  let outcome: Result<ImportOutcome>;
  if (into === undefined) outcome = await inventory.importText(text);
  else outcome = into.ok ? await inventory.importText(text, { into: into.value.id }) : into;
  tellProblems(output, inventory);
  if (!outcome.ok) return reportError(output, withSiteHint(outcome.error));
  tell(output, outcome.value);
  return EXIT.ok;
}
