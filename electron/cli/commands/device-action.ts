/**
 * `minerdeck locate <targets…> [--off] [--minutes N]`, `minerdeck restart-mining <targets…>` and
 * `minerdeck reboot <targets…> --yes` (docs/design.md, Commissioning actions). Targets are addresses,
 * ranges or blocks as for `monitor`. Each device is identified (anonymous `/info`: silent ones are skipped
 * "offline"), credentials come from the keychain (or `--password-stdin` for this run), then a preview;
 * `--dry-run` stops there, and a reboot without `--yes` is refused naming the count (exit 2). Then one
 * write per device (never resent), one outcome line each, and one entry in the site's activity log.
 */
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { Site } from '../../../shared/domain/inventory';
import type { DeviceAction, DeviceActionServices } from '../../core/commission/device-action-services';
import {
  createDeviceActionServices,
  DEFAULT_LED_MINUTES,
  MAX_LED_MINUTES,
} from '../../core/commission/device-action-services';
import { toAppError } from '../../core/errors/to-app-error';
import type { SessionTarget } from '../../core/credentials/session-target';
import { intOption, parse } from '../args';
import {
  actionPreviewLines,
  confirmWords,
  disruptionWords,
  ledOffWords,
  resultFacts,
} from '../device-action-output';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import { previewJson, printResult } from '../password-output';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { LOCATE_USAGE, REBOOT_USAGE, RESTART_MINING_USAGE } from './device-action-usage';
import { bulkOf, openReachingCredentials } from './device-run';
import { parseMonitorTargets } from './monitor-targets';
import { commandTargets, concurrencyOption, TARGET_OPTIONS } from './targets';
import { openWriteSite, resolveWriteTargets } from './write-targets';
import { usageError, tellActivity, writeExitCode } from './write-run-options';

const USAGE: Record<DeviceAction, string> = {
  locate: LOCATE_USAGE,
  'restart-mining': RESTART_MINING_USAGE,
  reboot: REBOOT_USAGE,
};

interface Run {
  action: DeviceAction;
  on: boolean;
  minutes: number;
  targets: SessionTarget[];
  plan: WritePlanEntry[];
  site: Site;
  bulk: { signal: AbortSignal; concurrency?: number };
  output: Output;
}

async function send(commission: DeviceActionServices, run: Run) {
  const { action, targets, plan, site, bulk, output } = run;
  const request = {
    plan,
    siteId: site.id,
    ...bulk,
    onResult: (result: WriteResult) => printResult(output, result, resultFacts(result)),
  };
  if (action === 'locate') {
    return commission.locate(targets, { ...request, on: run.on, minutes: run.minutes });
  }
  return action === 'reboot'
    ? commission.reboot(targets, request)
    : commission.restartMining(targets, request);
}

export async function deviceActionCommand(
  action: DeviceAction,
  ctx: CliContext,
  argv: readonly string[],
): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    site: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    ...TARGET_OPTIONS,
    ...(action === 'locate'
      ? { off: { type: 'boolean', default: false }, minutes: { type: 'string' } }
      : action === 'reboot'
        ? { yes: { type: 'boolean', default: false } }
        : {}),
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const addresses = await commandTargets(ctx, output, parsed.value, {
    usage: USAGE[action],
    parse: parseMonitorTargets,
  });
  if (!addresses.ok) return reportError(output, addresses.error);
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);
  const minutes = intOption(values.minutes, 'minutes', 1, MAX_LED_MINUTES);
  if (!minutes.ok) return reportError(output, minutes.error);
  const on = values.off !== true;
  if (!on && minutes.value !== undefined) {
    return usageError(output, '--minutes is how long the LED stays on: give it without --off.');
  }
  const dryRun = values['dry-run'] === true;
  if (values.yes === true && dryRun) return usageError(output, 'give --yes or --dry-run, not both.');
  const opened = await openWriteSite(ctx, output, values);
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, siteGiven, password } = opened.value;

  const { reach, credentials } = await openReachingCredentials(ctx, timeout.value);
  try {
    const { services } = credentials;
    const commission = createDeviceActionServices({
      client: credentials.client,
      vault: services.vault,
      sessions: services.sessions,
      inventory,
      now: () => new Date(),
    });
    const bulk = bulkOf(ctx, concurrency.value);
    // With --password-stdin, tried once per device that answered; a refusal shows in the preview.
    const { targets, offline } = await resolveWriteTargets({ services, reach }, addresses.value.addresses, {
      site,
      siteGiven,
      ...(password !== undefined ? { password } : {}),
      bulk,
    });
    const ledMinutes = minutes.value ?? DEFAULT_LED_MINUTES;
    const plan = await commission.planDeviceAction(action, targets, {
      offlineReason: (target) => offline.get(target.deviceId),
      on,
      minutes: ledMinutes,
    });
    const sending = plan.filter((p) => p.send).length;
    const preview = actionPreviewLines(action, plan);
    if (dryRun || (action === 'reboot' && values.yes !== true)) {
      if (output.json) for (const p of plan) output.out(previewJson(p));
      else for (const line of preview) output.out(line);
      return dryRun ? EXIT.ok : usageError(output, confirmWords(action, sending));
    }
    // The preview goes to a person: on stderr with --json, so stdout keeps one line per device.
    if (action === 'reboot') for (const line of preview) (output.json ? output.err : output.out)(line);

    const outcome = await send(commission, {
      action,
      on,
      minutes: ledMinutes,
      targets,
      plan,
      site,
      bulk,
      output,
    });
    const { results } = outcome;
    // An LED turned on says until when: the summary tells on from off by it.
    const ledUntil = 'offAt' in outcome ? outcome.offAt : undefined;
    output.err(
      `${summarizeActivity({ action, devices: results, ...(ledUntil !== undefined ? { until: ledUntil } : {}) })}.`,
    );
    if (
      'offAt' in outcome &&
      outcome.offAt !== undefined &&
      results.some((r) => r.outcome !== 'failed' && r.outcome !== 'skipped')
    ) {
      output.err(ledOffWords(outcome.offAt, ledMinutes, sameTargets(values, positionals)));
    }
    if ('until' in outcome && outcome.until !== undefined) output.err(disruptionWords(action, outcome.until));
    tellActivity(output, site.name, outcome);
    return writeExitCode(results);
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}

/** The targets as given, for the command that undoes this one: the typed ones (with `--port`), or `--all`. */
function sameTargets(values: Record<string, unknown>, positionals: readonly string[]): string[] {
  if (values.all === true) {
    return ['--all', ...(typeof values.site === 'string' ? ['--site', JSON.stringify(values.site)] : [])];
  }
  return [...positionals, ...(typeof values.port === 'string' ? ['--port', values.port] : [])];
}
