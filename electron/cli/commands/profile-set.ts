/**
 * `minerdeck profile set <targets…> (--preset NAME | --max-watts W | --site-kw K) [--site NAME]
 * [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]`: each device's autotune
 * preset (docs/commissioning.md, "Power profiles"). The choice is checked before anything is touched (bad
 * usage: exit 2). Then the plan — per device the preset, its watts and expected hash rate, or why it is
 * skipped, and the totals against the budget — and, as for every write, nothing is sent without `--yes`
 * (exit 2; `--dry-run` exits 0). With `--yes` each device gets one `POST /settings`, read back with
 * `GET /settings`; the request goes to the site's activity log, and devices that run the new preset only
 * after a mining restart are named with the command that restarts them.
 */
import { summarizeActivity } from '../../../shared/domain/commission';
import { totalsText } from '../../../shared/format/power-text';
import { createPowerServices } from '../../core/power/power-services';
import { toAppError } from '../../core/errors/to-app-error';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import { planJson, planLines, printPowerResult } from '../profile-output';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import { parseMonitorTargets } from './monitor-targets';
import { commandTargets, TARGET_OPTIONS } from './targets';
import { choiceFromOptions } from './profile-choice';
import { PROFILE_SET_USAGE } from './profile-usage';
import { openWriteSite, resolveWriteTargets } from './write-targets';
import {
  nothingSent,
  tellActivity,
  WRITE_OPTIONS,
  writeExitCode,
  writeRunOptions,
} from './write-run-options';

export async function profileSetCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    preset: { type: 'string' },
    'max-watts': { type: 'string' },
    'site-kw': { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    ...WRITE_OPTIONS,
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const chosen = await commandTargets(ctx, output, parsed.value, {
    usage: PROFILE_SET_USAGE,
    parse: parseMonitorTargets,
  });
  if (!chosen.ok) return reportError(output, chosen.error);
  const { addresses } = chosen.value;
  const choice = choiceFromOptions(values);
  if (!choice.ok) return reportError(output, choice.error);
  const run = writeRunOptions(values, 'set');
  if (!run.ok) return reportError(output, run.error);
  const { yes, dryRun } = run.value;
  const opened = await openWriteSite(ctx, output, values);
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, siteGiven, password } = opened.value;

  const { reach, credentials } = await openReachingCredentials(ctx, run.value.timeoutMs);
  try {
    const { services } = credentials;
    const commission = createPowerServices({
      client: credentials.client,
      credentials: services,
      inventory,
      now: () => new Date(),
    });
    const bulk = bulkOf(ctx, run.value.concurrency);
    const { targets, offline } = await resolveWriteTargets({ services, reach }, addresses, {
      site,
      siteGiven,
      ...(password !== undefined ? { password } : {}),
      bulk,
    });
    const planned = await commission.planPower(targets, choice.value, {
      ...bulk,
      offlineReason: (target) => offline.get(target.deviceId),
    });
    if (!planned.ok) return reportError(output, planned.error);
    const plan = planned.value;
    const writing = plan.entries.filter((e) => e.send).length;

    if (!yes) {
      if (output.json) {
        for (const entry of plan.entries) output.out(planJson(entry));
        output.err(`Total: ${totalsText(plan.totals)}.`);
      } else for (const line of planLines(plan)) output.out(line);
      if (dryRun) return EXIT.ok;
      return nothingSent(output, writing, 'set the presets');
    }
    // With --json the plan still reaches a person, on stderr; stdout keeps one line per device.
    for (const line of planLines(plan)) (output.json ? output.err : output.out)(line);

    const set = await commission.setPower(targets, {
      plan,
      siteId: site.id,
      ...bulk,
      onResult: (result) => printPowerResult(output, result),
    });
    if (!set.ok) return reportError(output, set.error);
    const { results } = set.value;
    output.err(`${summarizeActivity({ action: 'power-profile', devices: results })}.`);
    tellActivity(output, site.name, set.value);
    const restart = results.flatMap((r) =>
      'restartRequired' in r && r.restartRequired === true ? [r.address] : [],
    );
    if (restart.length > 0) {
      output.err(
        `${restart.length} device${restart.length === 1 ? '' : 's'} run${restart.length === 1 ? 's' : ''} the new preset only after a mining restart: minerdeck restart-mining ${restart.join(' ')}`,
      );
    }
    return writeExitCode(results);
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
