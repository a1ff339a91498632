/**
 * `minerdeck commission <targets…> [--site NAME] [--password-stdin] [--yes | --dry-run] [--json]
 * [--timeout ms] [--concurrency n]`: brings devices to their site's standard (docs/commissioning.md,
 * "Commission") with the same core the app's Commission… uses. The devices are read first; the preview
 * lists per device the steps it needs (`--dry-run`: JSON Lines `address`, `steps` in words, nothing
 * written). Without --yes it asks on a terminal and refuses without one (exit 2). Then per device, in
 * order: password → firmware (staged) → pools and preset (one write) → restart if asked → acceptance.
 * Running it again does only what still differs; a device at the standard gets no write.
 * Exit: 0 every device at the standard (done or unchanged), 1 a device failed or was skipped, 2 bad usage
 * or not confirmed, 130 cancelled (Ctrl-C: no device starts another step).
 */
import type { AcceptanceCriteria } from '../../../shared/domain/acceptance';
import type { CommissionDevice, CommissionPlanEntry } from '../../../shared/domain/standard';
import { createCommissionProgress } from '../../core/progress/commission-progress';
import { createCommissionServices } from '../../core/commission/commission-services';
import { resolvePoolTargets } from '../../core/commission/pool-targets';
import { createVerdictStore } from '../../core/acceptance/verdict-store';
import { toAppError } from '../../core/errors/to-app-error';
import { createPinOverlay } from '../../core/firmware/certificates';
import { firmwareIdentityOf } from '../../core/firmware/device-facts';
import { createFirmwareService } from '../../core/firmware/firmware-service';
import { inventoryAccess } from '../../core/inventory/inventory-access';
import { initialDevice, runCommission } from '../../core/standard/commission-run';
import { unlockWithCurrent } from '../../core/standard/current-password';
import { planCommission } from '../../core/standard/standard-commission';
import { acceptancePending, runSummary } from '../../core/standard/standard-desk';
import { firmwareRunner, verdictAcceptanceRunner } from '../../core/standard/standard-runners';
import { createStandardServices } from '../../core/standard/standard-services';
import { parse } from '../args';
import { cliPins } from '../inventory-pins';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import { startProgressLines } from '../progress-lines';
import type { Clock } from '../../core/clock/clock';
import { deviceJson, deviceLine, planJson, planLine } from '../standard-output';
import { cliClockPolicy } from '../run-clock';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import { parseMonitorTargets } from './monitor-targets';
import { commandTargets, TARGET_OPTIONS } from './targets';
import { COMMISSION_USAGE } from './standard-usage';
import { confirmStart, usageError, WRITE_OPTIONS, writeRunOptions } from './write-run-options';
import { openWriteSite, splitOffline } from './write-targets';

/**
 * 0 when every device is at the standard, 130 when cancelled, 3 when the only ones not there are still
 * settling (acceptance pending: judge again later), else 1.
 */
export function commissionExitCode(devices: readonly CommissionDevice[], cancelled: boolean): number {
  if (cancelled) return EXIT.cancelled;
  const atStandard = (d: CommissionDevice): boolean => d.outcome === 'done' || d.outcome === 'unchanged';
  if (devices.every(atStandard)) return EXIT.ok;
  return devices.every((d) => atStandard(d) || acceptancePending(d)) ? EXIT.pending : EXIT.failed;
}

/** The run's progress lines on stderr (progress-lines.ts), from each device as the run tells it. */
function commissionProgressLines(
  output: Output,
  entries: readonly CommissionPlanEntry[],
  acceptance: AcceptanceCriteria | undefined,
  clock: Clock,
): { changed(device: CommissionDevice): void; stop(): void } {
  const devices = new Map(entries.map((e) => [e.deviceId, initialDevice(e)]));
  const progress = createCommissionProgress({ now: () => clock.now(), acceptance });
  const lines = startProgressLines({
    clock,
    write: (line) => output.err(line),
    estimate: () => progress.estimate([...devices.values()]),
    verbs: { acceptance: 'watching', firmware: 'updating' },
  });
  return {
    changed(device) {
      devices.set(device.deviceId, device);
      progress.see(device);
      lines.changed();
    },
    stop: () => lines.stop(),
  };
}

export async function commissionCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    ...WRITE_OPTIONS,
    ...TARGET_OPTIONS,
    'password-stdin': { type: 'boolean', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const targets = await commandTargets(ctx, output, parsed.value, {
    usage: COMMISSION_USAGE,
    parse: parseMonitorTargets,
  });
  if (!targets.ok) return reportError(output, targets.error);
  const { addresses } = targets.value;
  const run = writeRunOptions(values, 'commission');
  if (!run.ok) return reportError(output, run.error);
  const { yes, dryRun } = run.value;
  const opened = await openWriteSite(ctx, output, values);
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, password: currentPassword } = opened.value;

  // A certificate trusted during a firmware step is used at once by every connection of this command.
  const pins = createPinOverlay(cliPins(ctx));
  const { reach, credentials } = await openReachingCredentials(ctx, run.value.timeoutMs, pins);
  try {
    const { services, client } = credentials;
    const standardServices = createStandardServices({
      access: inventoryAccess(inventory.store, () => new Date()),
      vault: services.vault,
    });
    const found = await standardServices.standard(site.id);
    if (!found.ok) return reportError(output, found.error);
    const standard = found.value.standard;
    if (standard === undefined) {
      return usageError(
        output,
        `Site ${site.name} has no standard yet: set it first (minerdeck standard set --site "${site.name}" …).`,
      );
    }
    const bulk = bulkOf(ctx, run.value.concurrency);
    const known = await inventory.devices(site.id);
    const resolvedTargets = await resolvePoolTargets(
      { identity: services.identity, reach },
      addresses,
      { site, devices: known.ok ? known.value.devices : [] },
      // No siteId: the keychain's membership decides, so a new device is never sent the site password it
      // does not have yet (a refusal would be remembered against it).
      bulk,
    );
    const { targets, offline } = splitOffline(resolvedTargets);
    const answering = targets.filter((t) => !offline.has(t.deviceId));
    // Given only for this command (never stored): tried once on each device without a credential.
    const refused = await unlockWithCurrent({ credentials: services }, answering, currentPassword, {
      remember: false,
      ...bulk,
    });
    if (ctx.signal.aborted)
      return reportError(output, { code: 'CANCELLED', message: 'cancelled: nothing was sent.' });
    const commission = createCommissionServices({ client, credentials: services, inventory });
    const sitePassword = standard.password ? await standardServices.sitePassword(site.id) : undefined;
    const verdictStore = createVerdictStore(inventory.store, ctx.hostname);
    const kept = await verdictStore.list(site.id);
    const planned = await planCommission(
      { commission, sessions: services.sessions, client },
      site.id,
      standard,
      targets,
      {
        sitePassword,
        firmwareOf: (t) => firmwareIdentityOf(reach.info(t.address)).version,
        offlineReason: (t) => offline.get(t.deviceId),
        verdicts: new Map(kept.ok ? kept.value.verdicts.map((v) => [v.deviceId, v.verdict] as const) : []),
        ...bulk,
      },
    );
    const entries = planned.plan.entries.map((entry) => {
      const why = refused.get(entry.deviceId);
      return why !== undefined && entry.skip !== undefined
        ? { ...entry, skip: 'no-credential' as const, detail: why }
        : entry;
    });

    if (dryRun) {
      for (const entry of entries) output.out(output.json ? planJson(entry) : planLine(entry));
      return EXIT.ok;
    }
    // Past the dry run the preview is for a person: on stderr with --json (stdout: one line per device).
    for (const entry of entries) (output.json ? output.err : output.out)(planLine(entry));
    const working = entries.filter((e) => e.steps.length > 0).length;
    const atStandard = entries.filter((e) => e.steps.length === 0 && e.skip === undefined).length;
    if (working === 0) {
      output.err(`Nothing to do: ${atStandard} of ${entries.length} devices at the standard.`);
      const unchanged = entries.map((e): CommissionDevice => ({
        deviceId: e.deviceId,
        address: e.address,
        outcome: e.skip !== undefined ? 'skipped' : 'unchanged',
        steps: [],
        message: e.detail,
      }));
      if (output.json) for (const d of unchanged) output.out(deviceJson(d));
      return commissionExitCode(unchanged, false);
    }
    if (!yes) {
      const what = `bring ${working} device${working === 1 ? '' : 's'} to the standard of site "${site.name}"`;
      const refused = await confirmStart(ctx, output, what, 'steps');
      if (refused !== undefined) return refused;
    }

    // One policy for the run's firmware and acceptance: its notice on stderr once.
    const clockFor = cliClockPolicy(output);
    const firmwareService = createFirmwareService({
      client,
      credentials: services,
      inventory,
      pins,
      clockFor,
    });
    // The run's one clock: its step times, its progress lines, its firmware and acceptance waits.
    const clock = clockFor(targets.map((t) => t.address));
    const lines = commissionProgressLines(output, entries, standard.acceptance, clock);
    const printed = new Set<string>();
    const print = (device: CommissionDevice) => {
      if (printed.has(device.deviceId)) return;
      printed.add(device.deviceId);
      output.out(output.json ? deviceJson(device) : deviceLine(device));
    };
    const devices = await runCommission(
      {
        client,
        sessions: services.sessions,
        commission,
        inventory,
        now: () => new Date(),
        clock,
        firmware: firmwareRunner({
          service: firmwareService,
          siteId: site.id,
          concurrency: run.value.concurrency,
          onEvent: (event) => {
            if (event.kind === 'device' && (event.step === 'verified' || event.step === 'failed')) {
              output.err(`${event.address}: firmware ${event.words}`);
            }
          },
        }),
        acceptance: verdictAcceptanceRunner({
          client,
          sessions: services.sessions,
          verdicts: verdictStore,
          siteId: site.id,
          clockFor,
        }),
      },
      {
        siteId: site.id,
        standard,
        entries,
        targets,
        presets: planned.presets,
        sitePassword,
        ...bulk,
        onDevice: (device) => {
          lines.changed(device);
          if (device.outcome === 'failed' || device.outcome === 'unknown' || device.outcome === 'done')
            print(device);
        },
      },
    ).finally(() => lines.stop());
    for (const device of devices) print(device);
    const cancelled = ctx.signal.aborted;
    output.err(`${runSummary(devices, cancelled)}.`);
    output.err(`Recorded in the activity log of site "${site.name}".`);
    return commissionExitCode(devices, cancelled);
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
