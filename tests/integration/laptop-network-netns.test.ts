/**
 * The laptop's cable pulled, for real: `minerdeck monitor` runs in the lab's scanner namespace (the
 * laptop) polling 20 simulated devices across a veth (tests/support/netns/lab.ts), serving its metrics
 * there; the test sets the laptop's end of the veth down — its route to the site goes with it, so polls
 * meet "no route" or time out on kept connections — and up again. Expected: one condition ("this laptop
 * is not on the site network"), no device offline and no alarm, metrics that say the monitor's network is
 * down (not every device's `up`), and polling again within about one interval of the link coming back.
 * Needs root and `ip netns`; elsewhere the suite is skipped and says why.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetnsLab } from '../support/netns/lab';
import { netnsUnavailable, startNetnsLab } from '../support/netns/lab';
import { CLI_BIN, REPO_ROOT } from '../support/run-cli';

const why = netnsUnavailable();
const suite = why === undefined ? describe : describe.skip;

const DEVICES = 20;
const INTERVAL_S = 0.5;
const METRICS = '127.0.0.1:9464';
/** The monitor's data folder (the activity log it reads): this run's own, removed after. */
const DATA_DIR = join(tmpdir(), `minerdeck-netns-monitor-${process.pid}`);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The monitor running in the scanner namespace, its JSON lines as they come. */
interface RunningMonitor {
  lines: Record<string, unknown>[];
  stderr: () => string;
  /** Ctrl-C, then its exit code once it has printed its last lines. */
  stop(): Promise<number | null>;
}

function startMonitor(lab: NetnsLab): RunningMonitor {
  const args = [
    'netns',
    'exec',
    lab.scannerNs,
    process.execPath,
    CLI_BIN,
    'monitor',
    ...lab.devices.map((d) => d.address),
    '--password-stdin',
    '--interval',
    String(INTERVAL_S),
    '--metrics',
    METRICS,
    '--duration',
    '120',
    '--json',
  ];
  const child: ChildProcessWithoutNullStreams = spawn('ip', args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      // No keychain in the namespace: the password given on stdin serves this run only.
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      MINERDECK_KEYCHAIN_TIMEOUT_MS: '1000',
      MINERDECK_DATA_DIR: DATA_DIR,
    },
  });
  child.stdin.end('admin');
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete)
      if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return {
    lines,
    stderr: () => stderr,
    async stop() {
      child.kill('SIGINT');
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}

/** One scrape of the monitor's metrics, from inside the namespace (its loopback is the laptop's). */
async function scrape(lab: NetnsLab): Promise<string> {
  const run = await lab.runInScanner('curl', ['-sS', '--max-time', '2', `http://${METRICS}/metrics`], {
    timeoutMs: 5000,
  });
  return run.code === 0 ? run.stdout : '';
}

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const count = (text: string, pattern: RegExp): number =>
  text.split('\n').filter((l) => pattern.test(l)).length;

/** Scrapes until `done` holds (bounded: at most `timeoutMs`); answers the last scrape and when it held. */
async function scrapeUntil(
  lab: NetnsLab,
  done: (text: string) => boolean,
  timeoutMs: number,
): Promise<{ text: string; at: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape(lab);
    if (done(text)) return { text, at: Date.now() };
    if (Date.now() > deadline) throw new Error(`metrics never matched within ${timeoutMs} ms:\n${text}`);
    await sleep(50);
  }
}

const onlineDevices = (text: string): number | undefined =>
  sample(text, 'minerdeck_fleet_devices{site="",state="online"}');

suite(`this laptop off the site network, in network namespaces${why ? ` (skipped: ${why})` : ''}`, () => {
  let lab: NetnsLab;
  let monitor: RunningMonitor | undefined;

  beforeAll(async () => {
    lab = await startNetnsLab(DEVICES, 80);
  });

  afterAll(async () => {
    await monitor?.stop();
    lab.setScannerLink(true);
    await lab.close();
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  it('cable out: one condition, devices kept in their last state with no alarm, the monitor says its network is down; cable in: polling resumes within about an interval', async () => {
    monitor = startMonitor(lab);
    const before = await scrapeUntil(lab, (t) => onlineDevices(t) === DEVICES, 30_000);
    expect(sample(before.text, 'minerdeck_monitor_network_up')).toBe(1);

    const cutAt = Date.now();
    lab.setScannerLink(false);
    const lost = await scrapeUntil(lab, (t) => sample(t, 'minerdeck_monitor_network_up') === 0, 10_000);
    // Decided before any device could miss three polls (1.5 s at this interval) and go offline.
    expect(lost.at - cutAt).toBeLessThan(3 * INTERVAL_S * 1000 + 500);
    // Six intervals off the network: every device would long be offline with an alarm without the detector.
    await sleep(6 * INTERVAL_S * 1000);
    const off = await scrape(lab);
    expect(sample(off, 'minerdeck_monitor_network_up')).toBe(0);
    const since = sample(off, 'minerdeck_monitor_network_down_since_timestamp_seconds') ?? NaN;
    expect(since * 1000).toBeGreaterThanOrEqual(cutAt - 1000);
    expect(since * 1000).toBeLessThanOrEqual(lost.at);
    expect(onlineDevices(off)).toBe(DEVICES);
    expect(sample(off, 'minerdeck_fleet_devices{site="",state="offline"}')).toBe(0);
    expect(count(off, /^minerdeck_device_up\{.*\} 1$/)).toBe(DEVICES);
    expect(count(off, /^minerdeck_device_alert\{/)).toBe(0);
    expect(count(off, /^minerdeck_fleet_alerts_active\{/)).toBe(0);
    // The polls failed on the laptop's side (counted per device, as every failed poll is).
    expect(count(off, /^minerdeck_device_poll_errors_total\{.*reason="UNREACHABLE"\} [1-9]/)).toBe(DEVICES);

    const backAt = Date.now();
    lab.setScannerLink(true);
    const back = await scrapeUntil(lab, (t) => sample(t, 'minerdeck_monitor_network_up') === 1, 5000);
    expect(back.at - backAt).toBeLessThan(INTERVAL_S * 1000 + 1000);
    const polls = sample(back.text, 'minerdeck_monitor_polls_total') ?? 0;
    // Every device answers again within about one interval: all of them polled, none left in a backoff.
    const resumed = await scrapeUntil(
      lab,
      (t) =>
        (sample(t, 'minerdeck_monitor_polls_total') ?? 0) >= polls + DEVICES && onlineDevices(t) === DEVICES,
      5000,
    );
    expect(resumed.at - backAt).toBeLessThan(2 * INTERVAL_S * 1000 + 1000);
    expect(count(resumed.text, /^minerdeck_device_alert\{/)).toBe(0);
    expect(sample(resumed.text, 'minerdeck_monitor_network_down_since_timestamp_seconds')).toBeUndefined();

    const { lines } = monitor;
    const code = await monitor.stop();
    monitor = undefined;
    expect(code).toBe(130);
    // `--json`: one line when the laptop left the network and one when it came back, none per device.
    const network = lines.filter((line) => 'laptopNetwork' in line);
    expect(network).toEqual([
      {
        laptopNetwork: 'off',
        since: new Date(since * 1000).toISOString(),
        message: expect.stringMatching(/^this laptop is not on the site network \(since \d\d:\d\d\)$/),
      },
      {
        laptopNetwork: 'on',
        since: new Date(since * 1000).toISOString(),
        at: expect.any(String),
        message: expect.stringMatching(
          /^this laptop is back on the site network \(it was off from \d\d:\d\d to \d\d:\d\d\)$/,
        ),
      },
    ]);
    const offAt = lines.indexOf(network[0] ?? {});
    const onAt = lines.indexOf(network[1] ?? {});
    expect(lines.slice(offAt + 1, onAt)).toEqual([]);
    const devices = lines.filter((line) => 'deviceId' in line);
    expect(devices.filter((line) => line.state === 'offline')).toEqual([]);
    expect(devices.filter((line) => (line.alerts as unknown[]).length > 0)).toEqual([]);
    const final = devices.filter((line) => line.final === true);
    expect(final).toHaveLength(DEVICES);
    expect(final.every((line) => line.state === 'online' && line.missedPolls === 0)).toBe(true);
  });
});
