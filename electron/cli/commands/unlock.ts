/**
 * `minerdeck unlock <address…> --password-stdin [--remember [--site NAME]]`: tries one password on each
 * device, once, and says for each whether it worked. Tokens never leave the process; a wrong password is
 * never retried. `--remember` stores the password in the keychain for the devices that accepted it — per
 * device, or once as the site's password with `--site` (docs/design.md, Credentials), and then those
 * devices join that site as `scan --save` would add them (unlock-site.ts).
 */
import type { Site } from '../../../shared/domain/inventory';
import { appError } from '../../../shared/result';
import type { UnlockValue } from '../../core/credentials/credential-services';
import { parse } from '../args';
import { exitCodeFor, printOutcome, printTally } from '../bulk-output';
import type { OutcomePrinter } from '../bulk-output';
import { reportError } from '../output';
import type { CliContext } from './context';
import { UNLOCK_USAGE } from './command-usage';
import { openCliCredentials } from './credentials-context';
import { commonOptions, readRequiredSecret } from './device-command';
import { intOption } from '../args';
import { commandTargets, concurrencyOption, TARGET_OPTIONS } from './targets';

const printer = (remember: boolean, site: Site | undefined): OutcomePrinter<UnlockValue> => ({
  line: (value) => {
    const where = site === undefined ? '' : ` as the password of site "${site.name}"`;
    if (!remember) return 'unlocked (password accepted)';
    return value.remembered === 'keychain'
      ? `unlocked (password accepted); stored in the keychain${where}`
      : 'unlocked (password accepted); kept for this session only (no keychain)';
  },
  json: (value) =>
    remember
      ? {
          unlocked: true,
          device: value.deviceId,
          remembered: value.remembered,
          ...(site !== undefined ? { site: site.id } : {}),
        }
      : { unlocked: true },
});

export async function unlockCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    'password-stdin': { type: 'boolean', default: false },
    remember: { type: 'boolean', default: false },
    site: { type: 'string' },
    concurrency: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const chosen = await commandTargets(ctx, output, parsed.value, { usage: UNLOCK_USAGE });
  if (!chosen.ok) return reportError(output, chosen.error);
  const targets = chosen.value.addresses;
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);
  const remember = values.remember === true;
  const siteRef = typeof values.site === 'string' ? values.site : undefined;
  const only = targets.length === 1 && positionals[0] !== undefined ? { address: positionals[0] } : {};
  if (values['password-stdin'] !== true) {
    return reportError(
      output,
      appError(
        'INVALID_INPUT',
        `the password comes from standard input: add --password-stdin. Usage: ${UNLOCK_USAGE}`,
      ),
      only,
    );
  }
  let site: Site | undefined;
  if (siteRef !== undefined && (remember || values.all !== true)) {
    if (!remember) {
      return reportError(
        output,
        appError(
          'INVALID_INPUT',
          '--site names where --remember stores the password (or the site --all takes the devices of): add --remember or --all.',
        ),
      );
    }
    // Loaded only with --site: the inventory's schemas cost every other unlock half a second of start-up.
    const resolved = await (await import('./inventory-context')).siteOption(ctx, output, siteRef);
    if (!resolved.ok) return reportError(output, resolved.error);
    site = resolved.value;
  }
  const secret = await readRequiredSecret(ctx, 'Password');
  if (!secret.ok) return reportError(output, secret.error, only);

  const credentials = await openCliCredentials(ctx, {
    timeoutMs: timeout.value,
    keychain: remember ? 'open' : 'none',
  });
  try {
    const print = printer(remember, site);
    const outcomes = await credentials.services.unlockMany(
      targets.map((address) => ({ address })),
      secret.value,
      {
        remember,
        signal: ctx.signal,
        ...(site !== undefined ? { siteId: site.id } : {}),
        ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}),
        onOutcome: (outcome) => printOutcome(output, outcome, print),
      },
    );
    printTally(output, outcomes, 'unlocked');
    if (site !== undefined) {
      // The devices that accepted the site's password belong to it: the site and its report list them.
      const joined = await (
        await import('./unlock-site')
      ).joinUnlockedToSite(ctx, output, {
        site,
        outcomes,
        client: credentials.client,
        ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}),
      });
      if (!joined.ok) return reportError(output, joined.error);
    }
    return exitCodeFor(outcomes);
  } finally {
    await credentials.close();
  }
}
