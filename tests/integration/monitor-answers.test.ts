/**
 * What the monitor makes of what devices answer, against the simulator: full readings from status and
 * summary, a device in failure, 500s, broken bodies (never a crash: the device shows an error with the
 * reason, its neighbours go on), a firmware without `/summary`, thresholds, totals, history and the
 * batched events the window receives.
 */
import { createTranslator } from '../../shared/i18n/translate-sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc/events';
import { eventBatchSchema } from '../../shared/ipc/events';
import { createEventHub } from '../../electron/core/events/event-hub';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness, TEST_SETTINGS } from '../support/monitor-harness';

const STATUS = '/api/v1/status';
const SUMMARY = '/api/v1/summary';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('monitor: readings', () => {
  it('reads state, hash rate with its unit, temperatures, fans, power, pools, boards and flags; keeps the raw bodies', async () => {
    h = await startMonitorHarness({ devices: [{}] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    // A few more polls (at a 100 ms interval; a loaded CI machine may take longer than 250 ms for three).
    const deadline = Date.now() + 5000;
    // Samples of polls that answered: on a loaded machine the first poll (unlock included) can outlast
    // the test's 80 ms poll timeout, which is a missed poll, not a reading.
    const answered = () => h!.detail(0).history.values.hashRate.filter((v) => v !== null);
    while (answered().length < 3 && Date.now() < deadline) await sleep(20);
    const { reading, raw, view, capabilities, history } = h.detail(0);
    expect(reading).toMatchObject({
      state: { name: 'mining', kind: 'mining' },
      unlocked: true,
      flags: { restartRequired: false, rebootRequired: false, locateLed: false },
      hashRate: { unit: 'GH/s', realtime: expect.any(Number), nominal: 196517.17 },
      chipTemp: { max: expect.any(Number) },
      boardTemp: { max: expect.any(Number) },
      powerW: expect.any(Number),
      efficiency: expect.any(Number),
      identity: { model: 'Antminer S21 Pro', mac: expect.any(String) },
    });
    expect(reading?.fans.length).toBeGreaterThan(0);
    expect(reading?.pools.length).toBeGreaterThan(0);
    expect(reading?.boards.length).toBe(3);
    expect(raw.status).toMatchObject({ miner_state: 'mining', unlocked: true });
    expect(raw.summary).toMatchObject({ miner: { hr_nominal: 196517.17 } });
    expect(raw.info).toMatchObject({ miner: 'Antminer S21 Pro' });
    expect(capabilities.summary).toBe('present');
    expect(view.reading).toMatchObject({ minerKind: 'mining', nominalHashRate: 196517.17e9 });
    expect(answered().length).toBeGreaterThanOrEqual(3);
    expect(answered().every((v) => v > 1e14)).toBe(true);
    expect(history.at.length).toBeGreaterThanOrEqual(3);
    // /info is read once, not at every poll (again only after a poll that got no answer).
    const missed = history.values.hashRate.filter((v) => v === null).length;
    const infoReads = h.devices[0]!.requests.filter((r) => r.path === '/api/v1/info').length;
    expect(infoReads).toBeGreaterThanOrEqual(1);
    expect(infoReads).toBeLessThanOrEqual(1 + missed);
  });

  it('shows a device in failure with its own description, and raises then clears the failure alert', async () => {
    h = await startMonitorHarness({ devices: [{}] });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    device!.setMinerState('failure', { description: 'Fan 3 stopped: replace it ', code: 12 });
    await waitFor(() => h!.detail(0).view.reason.startsWith('device reports failure'));
    const failing = h.detail(0);
    expect(failing.view).toMatchObject({
      state: 'online',
      reason: 'device reports failure: Fan 3 stopped: replace it (code 12)',
    });
    expect(failing.alerts.map((a) => [a.kind, a.message])).toEqual([['failure', failing.view.reason]]);
    device!.setMinerState('mining');
    await waitFor(() => h!.detail(0).view.reason === 'device reports mining');
    expect(h.detail(0).alerts).toEqual([]);
    expect(h.monitor.clearedAlerts().map((a) => a.kind)).toEqual(['failure']);
  });

  it('turns 500s and broken bodies into an error with the reason, never a crash, and recovers', async () => {
    h = await startMonitorHarness({ devices: [{}, {}, {}, {}, {}, {}] });
    const [five, malformed, html, huge, emptyish, healthy] = h.devices;
    five!.addFault({ fault: { kind: 'http-500', err: 'Failed to read chains ' }, paths: [STATUS] });
    malformed!.addFault({ fault: { kind: 'malformed-json' }, paths: [STATUS] });
    html!.addFault({ fault: { kind: 'html' }, paths: [STATUS] });
    huge!.addFault({ fault: { kind: 'huge-body', bytes: 2 * 1024 * 1024 }, paths: [STATUS] });
    emptyish!.addFault({ fault: { kind: 'status', code: 200, body: '' }, paths: [STATUS] });
    h.monitor.start(h.targets);
    const reasons = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => (await h!.waitForState(i, 'error')).view.reason),
    );
    expect(reasons[0]).toBe('answered 500: Failed to read chains');
    expect(reasons[1]).toBe('answered malformed JSON');
    expect(reasons[2]).toBe('answered HTML, not JSON');
    expect(reasons[3]).toMatch(/larger than 1 MiB/);
    expect(reasons[4]).toBe('answered an empty body, not JSON');
    expect(h.detail(0).alerts.map((a) => a.kind)).toEqual(['error']);
    await h.waitForState(5, 'online');
    expect(healthy!.isUp).toBe(true);

    for (const device of [five, malformed, html, huge, emptyish]) device!.clearFaults();
    for (const i of [0, 1, 2, 3, 4]) await h.waitForState(i, 'online');
    expect(h.monitor.snapshot().alerts).toEqual([]);
  });

  it('stays online with a warning when only the summary is broken', async () => {
    h = await startMonitorHarness({ devices: [{}] });
    h.devices[0]!.addFault({ fault: { kind: 'malformed-json' }, paths: [SUMMARY] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    const { reading, view } = h.detail(0);
    expect(reading?.warnings).toContain('summary: bad response');
    expect(reading?.hashRate).toBeUndefined();
    expect(view.reading).toEqual({ minerState: 'mining', minerKind: 'mining' });
  });

  it('detects a firmware without /summary once and asks again only rarely', async () => {
    h = await startMonitorHarness({ devices: [{ profile: 'spec' }] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(600);
    const paths = h.devices[0]!.requests.map((r) => r.path);
    expect(paths.filter((p) => p === SUMMARY)).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/v1/info')).toHaveLength(1);
    expect(paths.filter((p) => p === STATUS).length).toBeGreaterThanOrEqual(5);
    expect(h.detail(0).capabilities.summary).toBe('absent');
    expect(h.detail(0).view).toMatchObject({ state: 'online', reason: 'device reports mining' });
  });

  it('raises temperature and hash-rate alerts from the readings', async () => {
    h = await startMonitorHarness({ devices: [{}, {}] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    h.devices[0]!.setMetrics({ chipTempMax: 96 });
    h.devices[1]!.setMetrics({ hashRateFactor: 0.5 });
    await waitFor(() => h!.detail(0).alerts.length > 0 && h!.detail(1).alerts.length > 0);
    expect(h.detail(0).alerts.map((a) => [a.kind, a.message])).toEqual([
      ['temperature', 'chips at 96 °C (alert above 85 °C)'],
    ]);
    expect(h.detail(1).alerts.map((a) => a.kind)).toEqual(['hash-rate']);
    expect(h.detail(1).alerts[0]?.message).toMatch(/^hash rate at \d+ % of nominal \(alert under 80 %\)$/);
    // The window's language (issue 35): the same alert as a message, its numbers as numbers.
    expect(createTranslator('ru').t(h.detail(0).alerts[0]!.text!)).toBe(
      'чипы нагреты до 96 °C (тревога выше 85 °C)',
    );
  });
});

describe('monitor: fleet view and events', () => {
  it('sends the window batched diffs (valid events, ≤ 10 a second) and keeps totals and history', async () => {
    h = await startMonitorHarness({ devices: [{}, {}, {}, {}] });
    await h.devices[3]!.goDown(60);
    const hub = createEventHub();
    const batches: (readonly AppEvent[])[] = [];
    hub.subscribe((batch) => batches.push(batch));
    const monitor = createMonitor({
      client: h.client,
      sessions: h.sessions,
      events: hub,
      ...TEST_SETTINGS,
      diffIntervalMs: 100,
    });
    const started = Date.now();
    monitor.start(h.targets);
    await sleep(1500);
    await monitor.stop();
    hub.close();
    const seconds = (Date.now() - started) / 1000;
    const events = batches.flat();
    expect(events.length).toBeGreaterThan(5);
    expect(events.length).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 1);
    expect(batches.every((batch) => eventBatchSchema.safeParse(batch).success)).toBe(true);

    const { totals, devices } = monitor.snapshot();
    expect(totals).toMatchObject({ devices: 4, activeAlerts: 1 });
    expect(totals.byState).toMatchObject({ online: 3, offline: 1 });
    expect(totals.hashRate).toBeCloseTo(
      devices.reduce((sum, d) => sum + (d.state === 'online' ? (d.reading?.hashRate ?? 0) : 0), 0),
      -6,
    );
    expect(totals.hashRate).toBeGreaterThan(3 * 1.5e14);
    const fleet = monitor.fleetHistory();
    expect(fleet.at.length).toBeGreaterThanOrEqual(5);
    expect(fleet.values.online.at(-1)).toBe(3);
  });
});

describe('monitor: what it keeps of devices nobody has open', () => {
  it('keeps their numbers, pools and identity but not the whole /summary; opening one reads it at once', async () => {
    // A long interval: the summary the opened device shows can only come from the poll its opening asked for.
    h = await startMonitorHarness({ devices: [{}, {}], settings: { intervalMs: 4000, timeoutMs: 1500 } });
    h.monitor.start(h.targets);
    const [first, second] = h.targets.map((t) => t.deviceId) as [string, string];
    // Watched through the snapshot only: nobody opens a device here.
    await waitFor(
      () =>
        h!.monitor.snapshot().devices.every((d) => d.state === 'online' && d.reading?.hashRate !== undefined),
      8000,
    );
    const pools = h.monitor.pools(first) ?? [];
    expect(pools.length).toBeGreaterThan(0);
    expect(pools[0]).toMatchObject({ url: expect.any(String), user: expect.any(String) });
    expect(JSON.stringify(h.monitor.pools(first))).not.toMatch(/"(password|pass)"/);
    expect(h.monitor.identity(first)).toMatchObject({ model: 'Antminer S21 Pro', mac: expect.any(String) });

    const host = new URL(h.devices[0]!.address).hostname;
    const summaries = () => h!.fleet.requests.filter((r) => r.host === host && r.path === SUMMARY).length;
    const read = summaries();
    const started = Date.now();
    const opened = await h.monitor.open(first);
    // Well inside the 4 s interval: the poll came because the device was opened.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(summaries()).toBe(read + 1);
    expect(opened?.raw.summary).toMatchObject({ miner: { hr_nominal: 196517.17 } });
    expect(opened?.reading?.boards).toHaveLength(3);
    expect(opened?.reading?.pools.map((p) => p.url)).toEqual(h.monitor.pools(first)?.map((p) => p.url));
    // Open now: the next look has it at once, without another read.
    expect(h.monitor.device(first)?.raw.summary).toBeDefined();
    expect(summaries()).toBe(read + 1);

    // The other one, looked at without waiting: its whole summary is not kept (yet), its numbers are.
    const glance = h.monitor.device(second);
    expect(glance?.raw.summary).toBeUndefined();
    expect(glance?.raw.info).toMatchObject({ miner: 'Antminer S21 Pro' });
    expect(glance?.view.reading?.hashRate).toBeGreaterThan(1e14);
    // …and that look asked for it: it comes with the poll it brought forward.
    await waitFor(() => h!.monitor.device(second)?.raw.summary !== undefined, 2000);
  });

  it('an opened device that does not answer is not polled sooner: open() answers with what it has', async () => {
    h = await startMonitorHarness({ devices: [{}], settings: { intervalMs: 4000, timeoutMs: 1500 } });
    h.monitor.start(h.targets);
    const [id] = h.targets.map((t) => t.deviceId) as [string];
    await waitFor(() => h!.monitor.snapshot().devices[0]?.state === 'online', 8000);
    h.devices[0]!.addFault({ fault: { kind: 'hang' }, paths: [STATUS] });
    const started = Date.now();
    const opened = await h.monitor.open(id);
    // Online until a poll says otherwise: opening waits for that poll within its timeout, not again.
    expect(Date.now() - started).toBeLessThan(1500 + 500 + 500);
    expect(opened?.view.deviceId).toBe(id);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    expect(Date.now()).toBeLessThan(deadline);
    await sleep(10);
  }
}
