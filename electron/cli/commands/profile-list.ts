/**
 * `minerdeck profile list <targets…> [--json]`: per device its autotune presets (watts, expected hash
 * rate, tuned or not, whether it needs a modified PSU), the one configured and its power supply, read with
 * the stored credential (`GET /autotune/presets`; `GET /settings`, API key first). Exit 0 when every device
 * was read, 1 when any could not be.
 */
import { intOption, parse } from '../args';
import { EXIT, reportError } from '../output';
import { listingLines } from '../profile-output';
import { toAppError } from '../../core/errors/to-app-error';
import { resolvePasswordTargets, watchReachability } from '../../core/commission/password-targets';
import { listPower } from '../../core/power/power-read';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { commonOptions } from './device-command';
import { parseMonitorTargets } from './monitor-targets';
import { PROFILE_LIST_USAGE } from './profile-usage';
import { concurrencyOption } from './targets';

export async function profileListCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, { ...commonOptions, concurrency: { type: 'string' } });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const addresses = parseMonitorTargets(positionals, PROFILE_LIST_USAGE);
  if (!addresses.ok) return reportError(output, addresses.error);
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
      addresses.value,
      bulk,
    );
    const listings = await listPower(
      { client: credentials.client, sessions: credentials.services.sessions },
      found.map((f) => f.target),
      {
        ...bulk,
        onResult: (listing) => {
          if (output.json) output.out(JSON.stringify(listing));
          else for (const line of listingLines(listing)) (listing.error ? output.err : output.out)(line);
        },
      },
    );
    if (listings.some((l) => l.error?.code === 'CANCELLED')) return EXIT.cancelled;
    return listings.every((l) => l.error === undefined) ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
