/**
 * `minerdeck monitor <targets…> [--interval s] [--duration s] [--json]`: watches devices live.
 * Credentials come from the keychain as for every command (the stored API key, else the stored password,
 * the device's own then its site's), or from `--password-stdin` for this run only.
 *
 * On a terminal a table is redrawn in place (at most twice a second); with `--json` one line per change;
 * otherwise one human line per change. When `--duration` ends, or on Ctrl-C, the monitor stops (every
 * poll in flight is cancelled) and one last line per device gives its final state.
 */
import type { Clock } from '../../core/clock/clock';
import type { MonitorDeviceView } from '../../../shared/domain/monitor';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { Monitor } from '../../core/monitor/monitor';
import { createMonitor } from '../../core/monitor/monitor';
import type { MetricsServer } from '../../core/metrics/metrics-server';
import { parseMetricsAddress } from '../../core/metrics/metrics-server';
import { PollRecorder } from '../../core/metrics/poll-recorder';
import type { MonitorSettings } from '../../core/monitor/monitor-options';
import { MIN_INTERVAL_MS, monitorClientOptions } from '../../core/monitor/monitor-options';
import { intOption, parse } from '../args';
import type { LocationOf } from '../device-location';
import type { TwinsOf } from '../monitor-display';
import { ChangeFilter, changeJson, changeLine, LiveTable, totalsLine } from '../monitor-display';
import { LaptopNetworkLines, offNetworkLine } from '../laptop-network-lines';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import { cliClockPolicy } from '../run-clock';
import type { CliContext } from './context';
import { MONITOR_USAGE } from './command-usage';
import { openCliCredentials } from './credentials-context';
import { readRequiredSecret } from './device-command';
import { parseMonitorTargets, prepareTargets } from './monitor-targets';
import { commandTargets, TARGET_OPTIONS } from './targets';
import { monitorActivity } from './monitor-activity';
import { serveMonitorMetrics } from './monitor-metrics';

/** The live table redraws at most this often, however many devices change. */
const REDRAW_MS = 500;
const TABLE_ROWS = 40;

/** `--interval 0.5`, `--duration 90`: seconds, decimals allowed. */
function secondsOption(
  value: unknown,
  name: string,
  minMs: number,
  maxMs: number,
): Result<number | undefined> {
  if (value === undefined) return ok(undefined);
  const ms =
    typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 1000) : NaN;
  if (!(ms >= minMs && ms <= maxMs)) {
    return err(
      'INVALID_INPUT',
      `--${name} takes seconds from ${minMs / 1000} to ${maxMs / 1000}, not "${String(value)}".`,
    );
  }
  return ok(ms);
}

interface MonitorArgs {
  positionals: string[];
  /** `--port`, `--all` and `--site` as typed, read by targets.ts (`commandTargets`). */
  targetValues: Record<string, unknown>;
  settings: MonitorSettings;
  durationMs: number | undefined;
  json: boolean;
  password: boolean;
  /** `--site` as typed: a name or an id, found in the inventory by `monitorCommand`. */
  siteRef: string | undefined;
  /** `--metrics` as typed (checked): serve site metrics there. */
  metrics: string | undefined;
}

function parseMonitorArgs(argv: readonly string[]): Result<MonitorArgs> {
  const parsed = parse(argv, {
    json: { type: 'boolean', default: false },
    interval: { type: 'string' },
    duration: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    site: { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    metrics: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  const interval = secondsOption(values.interval, 'interval', MIN_INTERVAL_MS, 3_600_000);
  if (!interval.ok) return interval;
  const duration = secondsOption(values.duration, 'duration', 1, 7 * 86_400_000);
  if (!duration.ok) return duration;
  const concurrency = intOption(values.concurrency, 'concurrency', 1, 2048);
  if (!concurrency.ok) return concurrency;
  const timeout = intOption(values.timeout, 'timeout', 20, 120_000);
  if (!timeout.ok) return timeout;
  const metrics = typeof values.metrics === 'string' ? values.metrics : undefined;
  if (metrics !== undefined) {
    const address = parseMetricsAddress(metrics);
    if (!address.ok) return address;
  }
  return ok({
    positionals,
    targetValues: { port: values.port, all: values.all, site: values.site },
    settings: {
      ...(interval.value !== undefined ? { intervalMs: interval.value } : {}),
      ...(concurrency.value !== undefined ? { concurrency: concurrency.value } : {}),
      ...(timeout.value !== undefined ? { timeoutMs: timeout.value } : {}),
    },
    durationMs: duration.value,
    json: values.json === true,
    password: values['password-stdin'] === true,
    siteRef: typeof values.site === 'string' ? values.site : undefined,
    metrics,
  });
}

/** Prints changes as the monitor reports them, in the mode the run asked for. */
function startPrinting(
  ctx: CliContext,
  output: Output,
  monitor: Monitor,
  title: string,
  twinsOf: TwinsOf,
  locationOf: LocationOf,
): () => void {
  const changes = new ChangeFilter();
  const stream = ctx.progress;
  if (!output.json && stream?.isTTY === true) {
    const table = new LiveTable(stream, TABLE_ROWS);
    const views = new Map<string, MonitorDeviceView>();
    let lastDraw = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (): void => {
      timer = undefined;
      lastDraw = Date.now();
      table.draw([...views.values()], monitor.snapshot().totals, title, twinsOf, locationOf);
    };
    const unsubscribe = monitor.subscribe((diff) => {
      for (const view of diff.devices) views.set(view.deviceId, view);
      if (timer === undefined) timer = setTimeout(draw, Math.max(0, lastDraw + REDRAW_MS - Date.now()));
    });
    for (const view of monitor.snapshot().devices) views.set(view.deviceId, view);
    draw();
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      table.clear();
    };
  }
  // Off the site network: one line when it starts and one when it ends, no line per device.
  const network = new LaptopNetworkLines();
  return monitor.subscribe((diff) => {
    const networkLine = network.next(diff.totals, diff.at, output.json);
    if (networkLine !== undefined) output.out(networkLine);
    for (const view of diff.devices) {
      if (!changes.isChange(view)) continue;
      output.out(
        output.json
          ? changeJson(
              view,
              monitor.device(view.deviceId)?.reading,
              false,
              twinsOf(view.deviceId),
              locationOf(view.address),
            )
          : changeLine(view, diff.at, twinsOf(view.deviceId), locationOf(view.address)),
      );
    }
  });
}

/** `--duration` on the run's clock (field time on a scaled one), or until Ctrl-C. */
function untilDone(signal: AbortSignal, durationMs: number | undefined, clock: Clock): Promise<void> {
  if (durationMs !== undefined) return clock.sleep(durationMs, signal);
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export async function monitorCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseMonitorArgs(argv);
  if (!args.ok) return reportError(ctx.output, args.error);
  const output = { ...ctx.output, json: args.value.json };
  const chosen = await commandTargets(
    ctx,
    output,
    { values: args.value.targetValues, positionals: args.value.positionals },
    { usage: MONITOR_USAGE, parse: parseMonitorTargets },
  );
  if (!chosen.ok) return reportError(output, chosen.error);
  const { addresses } = chosen.value;
  // `--all` found the site already (its devices use its password); else `--site` names it.
  let siteId: string | undefined = chosen.value.site?.id;
  let siteName = chosen.value.site?.name ?? '';
  if (siteId === undefined && args.value.siteRef !== undefined) {
    // Loaded only with --site: the inventory's schemas cost every other monitor half a second of start-up.
    const site = await (await import('./inventory-context')).siteOption(ctx, output, args.value.siteRef);
    if (!site.ok) return reportError(output, site.error);
    siteId = site.value.id;
    siteName = site.value.name;
  }
  let password: string | undefined;
  if (args.value.password) {
    const secret = await readRequiredSecret(ctx, 'Password');
    if (!secret.ok) return reportError(output, secret.error);
    password = secret.value;
  }
  const { settings, durationMs } = args.value;
  const credentials = await openCliCredentials(ctx, { timeoutMs: settings.timeoutMs, keychain: 'open' });
  const clock = cliClockPolicy(output)(addresses);
  // The client's timeouts are real ms: the field ones on the run's clock.
  const clientOptions = monitorClientOptions(settings);
  const pollClient = ctx.createClient({
    ...clientOptions,
    idleSocketTimeoutMs: clock.realMs(clientOptions.idleSocketTimeoutMs),
    totalTimeoutMs: clock.realMs(clientOptions.totalTimeoutMs),
  });
  // Reboots by other commands (not an alarm) and locate LEDs they left on, from the activity log.
  const activity = monitorActivity(ctx, output, credentials);
  const recorder = new PollRecorder();
  let metrics: MetricsServer | undefined;
  try {
    const monitor = createMonitor({
      client: pollClient,
      sessions: credentials.services.sessions,
      ...settings,
      // Each change line of --json carries the device's full reading, summary included.
      keepSummaries: output.json,
      lookupDisruption: activity.lookupDisruption,
      clock,
      ...(args.value.metrics !== undefined ? { onPollDone: recorder.record } : {}),
    });
    if (args.value.metrics !== undefined) {
      const served = await serveMonitorMetrics(args.value.metrics, siteName, monitor, recorder, output);
      if (!served.ok) {
        await monitor.stop();
        return reportError(output, served.error);
      }
      metrics = served.value;
    }
    const seconds = (settings.intervalMs ?? 5000) / 1000;
    const count = addresses.length;
    // Other addresses answering with a device's MAC are separate devices: each line of such a device says so.
    const twins = new Map<string, readonly string[]>();
    const twinsOf: TwinsOf = (deviceId) => twins.get(deviceId);
    // Each device's slot in the site's layout, when it is placed (issue 34).
    const locationOf = await (
      await import('../device-location')
    ).cliLocations(ctx, siteId ?? args.value.siteRef);
    const stopPrinting = startPrinting(
      ctx,
      output,
      monitor,
      `Monitoring ${count} ${count === 1 ? 'device' : 'devices'} every ${seconds} s (Ctrl-C stops)`,
      twinsOf,
      locationOf,
    );
    const done = untilDone(ctx.signal, durationMs, clock);
    // Each device is watched as soon as it is identified: silent addresses do not hold the others back.
    const targets = await prepareTargets(addresses, {
      services: credentials.services,
      signal: ctx.signal,
      onTarget: (target) => {
        if (target.sameMacAs !== undefined) twins.set(target.deviceId, target.sameMacAs);
        monitor.add(target);
      },
      onFlag: (deviceId, sameMacAs) => {
        twins.set(deviceId, sameMacAs);
        monitor.flag(deviceId, sameMacAs);
      },
      ...(siteId !== undefined ? { siteId } : {}),
      ...(password !== undefined ? { password } : {}),
    });
    void activity.followLedLog(targets).catch(() => undefined);
    await done;
    await monitor.stop();
    stopPrinting();
    const printed = new Set<string>();
    for (const target of targets) {
      const detail = monitor.device(target.deviceId);
      if (detail === undefined || printed.has(target.deviceId)) continue;
      printed.add(target.deviceId);
      output.out(
        output.json
          ? changeJson(
              detail.view,
              detail.reading,
              true,
              twinsOf(target.deviceId),
              locationOf(detail.view.address),
            )
          : changeLine(detail.view, Date.now(), twinsOf(target.deviceId), locationOf(detail.view.address)),
      );
    }
    const finalTotals = monitor.snapshot().totals;
    if (!output.json) output.out(totalsLine(finalTotals));
    const offNetwork = offNetworkLine(finalTotals);
    if (!output.json && offNetwork !== undefined) output.out(offNetwork);
    return ctx.signal.aborted ? EXIT.cancelled : EXIT.ok;
  } finally {
    await metrics?.close();
    activity.close();
    pollClient.close();
    await credentials.close();
  }
}
