/**
 * `minerdeck scan <targets…> [--port 80,443] [--timeout ms] [--concurrency n] [--csv file] [--yes]
 * [--save [--site NAME]] [--json]`
 *: finds the devices on the site LAN, streaming each host as it answers. Only
 * anonymous GETs go out: scanning never unlocks, never posts, never risks a lockout.
 */
import { readFile } from 'node:fs/promises';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { parseTargets, parseTargetsWithCsv } from '../../../shared/domain/targets/parse-targets';
import { CONFIRMATION_THRESHOLD } from '../../../shared/domain/targets/target-set';
import type { TargetSet } from '../../../shared/domain/targets/target-set';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import {
  DEFAULT_SCAN_CONCURRENCY,
  DEFAULT_SCAN_CONNECT_TIMEOUT_MS,
  DEFAULT_SCAN_PORTS,
  MAX_SCAN_CONCURRENCY,
  startScan,
} from '../../core/discovery/scanner';
import { suggestSubnets } from '../../core/discovery/subnet-suggestions';
import { intOption, parse } from '../args';
import { EXIT, reportError } from '../output';
import { tlsPinKey } from '../../core/device/tls-pinning';
import { cliPins } from '../inventory-pins';
import type { CertificateTrust } from '../scan-display';
import {
  certificateTrust,
  ProgressBar,
  resultJson,
  resultLine,
  summaryJson,
  summaryLine,
} from '../scan-display';
import type { CliContext } from './context';
import { SCAN_USAGE } from './command-usage';

interface ScanArgs {
  targets: TargetSet;
  ports: number[];
  connectTimeoutMs: number;
  concurrency: number;
  confirmed: boolean;
  json: boolean;
  /** Add the devices found to the current site of the inventory. */
  save: boolean;
  /** With `save`: the site they join instead of the current one. */
  site: string | undefined;
}

export function parsePorts(text: string | undefined): Result<number[]> {
  if (text === undefined) return ok([...DEFAULT_SCAN_PORTS]);
  const parts = text.split(',').map((p) => p.trim());
  const bad = parts.find((p) => !/^\d{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65535);
  if (bad !== undefined) {
    return err('INVALID_INPUT', `--port takes ports from 1 to 65535 separated by commas, not "${bad}".`);
  }
  return ok([...new Set(parts.map(Number))]);
}

async function readTargets(positionals: string[], csvPath: string | undefined): Promise<Result<TargetSet>> {
  if (csvPath === undefined) {
    if (positionals.length === 0) {
      const subnets = suggestSubnets().map((s) => `${s.cidr} (${s.interfaceName})`);
      const hint = subnets.length > 0 ? ` This computer is on ${subnets.join(', ')}.` : '';
      return err('INVALID_INPUT', `no targets given.${hint} Usage: ${SCAN_USAGE}`);
    }
    return parseTargets(positionals);
  }
  let text: string;
  try {
    text = await readFile(csvPath, 'utf8');
  } catch (error) {
    return err('INVALID_INPUT', `cannot read the CSV file ${csvPath}: ${(error as Error).message}`);
  }
  return parseTargetsWithCsv(positionals, text);
}

async function parseScanArgs(argv: readonly string[]): Promise<Result<ScanArgs>> {
  const parsed = parse(argv, {
    json: { type: 'boolean', default: false },
    yes: { type: 'boolean', short: 'y', default: false },
    port: { type: 'string' },
    timeout: { type: 'string' },
    concurrency: { type: 'string' },
    csv: { type: 'string' },
    save: { type: 'boolean', default: false },
    site: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  const site = values.site as string | undefined;
  if (site !== undefined && values.save !== true) {
    return err('INVALID_INPUT', '--site names where --save adds the devices found: add --save.');
  }
  const ports = parsePorts(values.port as string | undefined);
  if (!ports.ok) return ports;
  const timeout = intOption(values.timeout, 'timeout', 50, 60_000);
  if (!timeout.ok) return timeout;
  const concurrency = intOption(values.concurrency, 'concurrency', 1, MAX_SCAN_CONCURRENCY);
  if (!concurrency.ok) return concurrency;
  const targets = await readTargets(positionals, values.csv as string | undefined);
  if (!targets.ok) return targets;
  const confirmed = values.yes === true;
  if (targets.value.needsConfirmation && !confirmed) {
    return err(
      'INVALID_INPUT',
      `${targets.value.count.toLocaleString('en-US')} addresses is more than ${CONFIRMATION_THRESHOLD.toLocaleString('en-US')}: check the targets, or add --yes to scan them all.`,
    );
  }
  return ok({
    targets: targets.value,
    ports: ports.value,
    connectTimeoutMs: timeout.value ?? DEFAULT_SCAN_CONNECT_TIMEOUT_MS,
    concurrency: concurrency.value ?? DEFAULT_SCAN_CONCURRENCY,
    confirmed,
    json: values.json === true,
    save: values.save === true,
    site,
  });
}

export async function scanCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = await parseScanArgs(argv);
  if (!args.ok) return reportError(ctx.output, args.error);
  const { targets, ports, connectTimeoutMs, concurrency, json } = args.value;
  const output = { ...ctx.output, json };
  const bar = new ProgressBar(ctx.progress);
  let devices = 0;
  // Loaded only with --save: the inventory's schemas cost a plain scan half a second of start-up.
  const saver = args.value.save
    ? await (await import('./scan-save')).openScanSaver(ctx, args.value.site)
    : undefined;
  if (saver !== undefined && !saver.ok) return reportError(output, saver.error);

  if (!json) {
    output.err(
      `Scanning ${targets.count.toLocaleString('en-US')} addresses on port ${ports.join(', ')} ` +
        `(connect timeout ${connectTimeoutMs} ms, ${concurrency} at a time)…`,
    );
  }
  // An https device's certificate is said to be new, trusted or changed against the inventory's pins.
  const pins = cliPins(ctx);
  const trustOf = (host: DiscoveredHost): CertificateTrust | undefined =>
    host.tlsFingerprint256 === undefined
      ? undefined
      : certificateTrust(
          host.tlsFingerprint256,
          pins.get(tlsPinKey({ scheme: host.scheme, host: host.address, port: host.port })),
        );
  const onResult = (host: DiscoveredHost): void => {
    if (host.kind === 'device') devices += 1;
    if (saver?.ok === true) saver.value.add(host);
    bar.around(() => output.out(json ? resultJson(host) : resultLine(host, trustOf(host))));
  };
  // Another address answers with this host's MAC: its line again, now with the other address, so both
  // lines of the pair say it (a later line for an address replaces the earlier one).
  const onUpdate = (host: DiscoveredHost): void => {
    if (saver?.ok === true) saver.value.add(host);
    bar.around(() => output.out(json ? resultJson(host) : resultLine(host, trustOf(host))));
  };
  const scan = startScan(targets, {
    ports,
    connectTimeoutMs,
    concurrency,
    confirmed: args.value.confirmed,
    ...(saver?.ok === true ? { knownDevices: saver.value.known } : {}),
    signal: ctx.signal,
    onResult,
    onUpdate,
    onProgress: (progress) => bar.draw(progress),
  });
  if (!scan.ok) return reportError(output, scan.error);
  const summary = await scan.value.done;
  bar.clear();

  output.out(json ? summaryJson(summary) : summaryLine(summary, devices));
  const saved = saver?.ok === true ? await saver.value.finish(output) : undefined;
  if (saved !== undefined && !saved.ok) return reportError(output, saved.error);
  if (summary.unresolved.length > 0) {
    output.err(`minerdeck: these host names did not resolve: ${summary.unresolved.join(', ')}`);
  }
  if (summary.failed > 0) {
    output.err(
      `minerdeck: ${summary.failed} addresses could not be probed (this computer ran out of sockets); lower --concurrency and scan again.`,
    );
  }
  if (summary.cancelled) {
    if (!json) output.err('minerdeck: scan cancelled.');
    return EXIT.cancelled;
  }
  return EXIT.ok;
}
