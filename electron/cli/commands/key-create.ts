/**
 * `minerdeck key create <address…> [--password-stdin] [--site NAME]`: an API key on each device, verified
 * and stored in the keychain, never printed. Without `--password-stdin` each device is unlocked with its
 * stored password (its own, then its site's). Refused up front when the keychain does not work: a key
 * nobody can keep would be a loose credential left on the device.
 */
import type { ProvisionOutcome } from '../../core/credentials/credential-services';
import type { ProvisionResult } from '../../core/credentials/provisioning';
import { intOption, parse } from '../args';
import { exitCodeFor, printOutcome, printTally } from '../bulk-output';
import type { OutcomePrinter } from '../bulk-output';
import type { Output } from '../output';
import { reportError } from '../output';
import type { CliContext } from './context';
import { KEY_CREATE_USAGE } from './command-usage';
import { keychainRequired, openCliCredentials } from './credentials-context';
import { commonOptions, readRequiredSecret } from './device-command';
import { commandTargets, concurrencyOption, TARGET_OPTIONS } from './targets';

const ANSWERS: Record<ProvisionResult['answer'], string> = {
  inserted: 'created',
  updated: 'created (the device updated an existing entry)',
  nochanges: 'created (the device already had it)',
  'device-generated': 'created by the device',
  'already-stored': 'already stored and still accepted; nothing created',
};

const printer: OutcomePrinter<ProvisionResult> = {
  line: (r) =>
    r.answer === 'already-stored'
      ? `API key ${ANSWERS[r.answer]}`
      : `API key ${ANSWERS[r.answer]}, verified and stored in the keychain ("${r.description}")`,
  json: (r) => ({ device: r.deviceId, answer: r.answer, description: r.description, stored: r.storedIn }),
};

export async function keyCreateCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    'password-stdin': { type: 'boolean', default: false },
    site: { type: 'string' },
    concurrency: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const chosen = await commandTargets(ctx, output, parsed.value, { usage: KEY_CREATE_USAGE });
  if (!chosen.ok) return reportError(output, chosen.error);
  const targets = chosen.value.addresses;
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);
  // `--all` found the site already (its password applies); else `--site` names it.
  let siteId: string | undefined = chosen.value.site?.id;
  if (siteId === undefined && typeof values.site === 'string') {
    // Loaded only with --site: the inventory's schemas cost every other command half a second of start-up.
    const site = await (await import('./inventory-context')).siteOption(ctx, output, values.site);
    if (!site.ok) return reportError(output, site.error);
    siteId = site.value.id;
  }
  let password: string | undefined;
  if (values['password-stdin'] === true) {
    const secret = await readRequiredSecret(ctx, 'Password');
    if (!secret.ok) return reportError(output, secret.error);
    password = secret.value;
  }

  const credentials = await openCliCredentials(ctx, { timeoutMs: timeout.value, keychain: 'open' });
  try {
    if (!credentials.persistent) {
      return reportError(
        output,
        keychainRequired(credentials.services.keychain, 'no API key was created: it could not be kept'),
      );
    }
    const startedAt = new Date().toISOString();
    const outcomes = await credentials.services.provisionMany(
      targets.map((address) => ({ address, ...(siteId !== undefined ? { siteId } : {}) })),
      {
        signal: ctx.signal,
        ...(password !== undefined ? { password } : {}),
        ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}),
        onOutcome: (outcome) => printOutcome(output, outcome, printer),
      },
    );
    printTally(output, outcomes, 'provisioned');
    await recordApiKeys(
      ctx,
      output,
      typeof values.site === 'string' ? values.site : undefined,
      startedAt,
      outcomes,
    );
    return exitCodeFor(outcomes);
  } finally {
    await credentials.close();
  }
}

/**
 * Keys created on devices go into the site's activity log (the `--site`, else the current site), loaded
 * only now: the inventory costs start-up time the keys did not need to wait for. A log that cannot be
 * written is said, never a reason to fail keys that exist.
 */
async function recordApiKeys(
  ctx: CliContext,
  output: Output,
  siteRef: string | undefined,
  at: string,
  outcomes: ProvisionOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const { openCliInventory, resolveCliSite } = await import('./inventory-context');
  const { apiKeyActivity } = await import('../../core/commission/api-key-activity');
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(output, inventory, siteRef);
  const recorded = site.ok
    ? await inventory.recordActivity(apiKeyActivity(site.value.id, at, outcomes))
    : site;
  if (!recorded.ok) {
    output.err(`minerdeck: the activity log could not be written: ${recorded.error.message}`);
  }
}
