/**
 * `minerdeck accept <targets…> [--minutes N] [--min-hashrate P] [--max-chip-temp C] [--settle-minutes N]
 * [--site NAME] [--password-stdin] [--json]`: lets each device settle (mining, its hash rate up; at most
 * `--settle-minutes`, default 15, 0 = judge from the first reading), then watches it for the window
 * (default 30 minutes), reading `/chains` and `/summary` at its start, about once a minute and at the end,
 * and gives each a verdict — pass, fail, or pending (not settled by the limit) — every reason in words,
 * with its evidence (core/acceptance). A line per device as its verdict is made, its settling said on
 * stderr; the verdicts are kept in the site (a new run replaces a device's verdict) for the app and the
 * report. Reads only: nothing is written to a device.
 *
 * Exit codes: 0 every device passed, 1 any failed, 2 bad usage, 3 none failed and some pending, 130
 * cancelled (no verdict kept).
 */
import type { AcceptancePhase, AcceptanceVerdict } from '../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS } from '../../../shared/domain/acceptance';
import { runAcceptance } from '../../core/acceptance/acceptance-run';
import { createVerdictStore } from '../../core/acceptance/verdict-store';
import { phaseLine, startLine, tallyLine, verdictJson, verdictLine, verdictsExit } from '../accept-output';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { EXIT, reportError } from '../output';
import { cliClockPolicy } from '../run-clock';
import { parseAcceptArgs } from './accept-args';
import { ACCEPT_USAGE } from './accept-usage';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { readRequiredSecret } from './device-command';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';
import { parseMonitorTargets, prepareTargets } from './monitor-targets';
import { commandTargets } from './targets';

export async function acceptCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseAcceptArgs(argv);
  if (!args.ok) return reportError(ctx.output, args.error);
  const output = { ...ctx.output, json: args.value.json };
  const addresses = await commandTargets(
    ctx,
    output,
    { values: args.value.targetValues, positionals: args.value.positionals },
    { usage: ACCEPT_USAGE, parse: parseMonitorTargets },
  );
  if (!addresses.ok) return reportError(output, addresses.error);
  const inventory = openCliInventory(ctx);
  const site = await resolveCliSite(output, inventory, args.value.siteRef);
  tellProblems(output, inventory);
  if (!site.ok) return reportError(output, site.error);
  let password: string | undefined;
  if (args.value.password) {
    const secret = await readRequiredSecret(ctx, 'Password');
    if (!secret.ok) return reportError(output, secret.error);
    password = secret.value;
  }
  const { criteria } = args.value;
  const credentials = await openCliCredentials(ctx, { timeoutMs: undefined, keychain: 'open' });
  try {
    const targets = await prepareTargets(addresses.value.addresses, {
      services: credentials.services,
      signal: ctx.signal,
      siteId: site.value.id,
      ...(password !== undefined ? { password } : {}),
    });
    if (!output.json) {
      output.out(
        startLine(
          targets.length,
          criteria.minutes,
          criteria.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes,
        ),
      );
    }
    const addressOf = new Map(targets.map((t) => [t.deviceId, formatDeviceAddress(t.address)]));
    const settling = new Set<string>();
    const clock = cliClockPolicy(output)(targets.map((t) => t.address));
    const run = await runAcceptance(targets, {
      client: credentials.client,
      sessions: credentials.services.sessions,
      criteria,
      clock,
      signal: ctx.signal,
      // Progress for a person: a device settling is said, never shown as failed; its window opening is
      // said only after it was said settling (a fleet settled at once prints nothing more).
      ...(output.json
        ? {}
        : {
            onPhase: (phase: AcceptancePhase) => {
              if (phase.phase === 'settling') settling.add(phase.deviceId);
              else if (!settling.delete(phase.deviceId)) return;
              output.err(phaseLine(addressOf.get(phase.deviceId) ?? phase.deviceId, phase));
            },
          }),
      onVerdict: (verdict: AcceptanceVerdict) =>
        output.out(output.json ? verdictJson(verdict) : verdictLine(verdict)),
    });
    if (run.cancelled) {
      output.err('minerdeck: acceptance cancelled; no verdict was kept.');
      return EXIT.cancelled;
    }
    const saved = await createVerdictStore(inventory.store, ctx.hostname).save(site.value.id, run.verdicts);
    if (!saved.ok) return reportError(output, saved.error);
    if (!output.json) {
      output.out(tallyLine(run.verdicts));
      output.err(`Verdicts kept in site "${site.value.name}" (the report shows them).`);
    }
    return verdictsExit(run.verdicts);
  } finally {
    await credentials.close();
  }
}
