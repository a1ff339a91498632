/**
 * Discovery against simulated devices over real loopback HTTP: classification of both firmware profiles,
 * faults (a device that accepts and never answers, HTML everywhere) and web servers that are not devices;
 * results streamed as found, progress batched, the summary exact — and not one POST or credential sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanHandle, ScanOptions } from '../../electron/core/discovery/scanner';
import { startScan } from '../../electron/core/discovery/scanner';
import type { DiscoveredHost, ScanProgress, ScanSummary } from '../../shared/domain/discovery';
import { formatIpv4, parseIpv4 } from '../../shared/domain/targets/ipv4';
import { parseTargets } from '../../shared/domain/targets/parse-targets';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import type { PlainServer } from '../support/plain-servers';
import { startPlainServer } from '../support/plain-servers';
import { credentialHeadersOf } from '../support/recorded-requests';
import { credentialHeaderNames } from '../support/secret-scan';
import { devicesOf } from '../support/sim-targets';

let fleet: Fleet;
let field: SimDevice[];
let spec: SimDevice[];
let hanging: SimDevice;
let html: SimDevice;
let webPage: PlainServer;
let router: PlainServer;
let range: string;

const shift = (host: string, by: number): string => {
  const parsed = parseIpv4(host);
  if (!parsed.ok) throw new Error(host);
  return formatIpv4(parsed.value + by);
};

beforeAll(async () => {
  fleet = await startFleet({
    devices: [
      { profile: 'field', mac: '02:D1:5C:00:00:01', serial: 'SN-1' },
      { profile: 'field', mac: '02:D1:5C:00:00:02', model: 'Antminer S19 Hydro' },
      { profile: 'spec' },
      { profile: 'spec' },
      { profile: 'field' },
      { profile: 'field' },
    ],
  });
  const [f1, f2, s1, s2, h, x] = devicesOf(fleet, 6);
  [field, spec, hanging, html] = [[f1, f2], [s1, s2], h, x];
  hanging.addFault({ fault: { kind: 'hang' } });
  html.addFault({ fault: { kind: 'html' } });
  const last = fleet.devices.at(-1)!.host;
  webPage = await startPlainServer('web-page', shift(last, 1), f1.port);
  router = await startPlainServer('basic-login', shift(last, 2), f1.port);
  // Three more addresses where nothing listens: refused, never reported.
  range = `${f1.host}-${shift(last, 5)}`;
});

afterAll(async () => {
  await Promise.all([fleet.close(), webPage.close(), router.close()]);
});

interface Run {
  results: { host: DiscoveredHost; at: number }[];
  progress: { progress: ScanProgress; at: number }[];
  summary: ScanSummary;
  handle: ScanHandle;
  finishedAt: number;
}

async function scan(targets: string, options: ScanOptions = {}): Promise<Run> {
  const parsed = parseTargets(targets);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const results: Run['results'] = [];
  const progress: Run['progress'] = [];
  const handle = startScan(parsed.value, {
    ports: [fleet.devices[0]!.port],
    connectTimeoutMs: 500,
    requestTimeoutMs: 1500,
    onResult: (host) => results.push({ host, at: performance.now() }),
    onProgress: (p) => progress.push({ progress: p, at: performance.now() }),
    ...options,
  });
  if (!handle.ok) throw new Error(handle.error.message);
  const summary = await handle.value.done;
  return { results, progress, summary, handle: handle.value, finishedAt: performance.now() };
}

describe('scan: classification', () => {
  let run: Run;
  const byAddress = (address: string): DiscoveredHost | undefined =>
    run.results.find((r) => r.host.address === address)?.host;

  beforeAll(async () => {
    run = await scan(range);
  });

  it('reports field devices as devices with their identity from /info', () => {
    expect(byAddress(field[0]!.host)).toEqual({
      address: field[0]!.host,
      port: field[0]!.port,
      scheme: 'http',
      kind: 'device',
      identity: {
        mac: '02:D1:5C:00:00:01',
        model: 'Antminer S21 Pro',
        firmware: 'Vnish 1.2.7',
        hostname: 'Antminer',
        serial: 'SN-1',
      },
      seen: 'new',
    });
    expect(byAddress(field[1]!.host)?.identity).toMatchObject({
      mac: '02:D1:5C:00:00:02',
      model: 'Antminer S19 Hydro',
    });
  });

  it('reports strict spec devices as devices without an identity (401 on anonymous /status)', () => {
    for (const device of spec) {
      expect(byAddress(device.host)).toMatchObject({ kind: 'device', identity: null });
      expect(device.requests.map((r) => r.path)).toEqual(['/api/v1/info', '/api/v1/status']);
    }
  });

  it('reports web servers that are not devices as http-other: HTML everywhere, a web page, a Basic login', () => {
    for (const address of [html.host, webPage.host, router.host]) {
      expect(byAddress(address)).toMatchObject({ kind: 'http-other', identity: null });
    }
    expect(html.requests.map((r) => r.path)).toEqual(['/api/v1/info', '/api/v1/status', '/']);
  });

  it('does not report a device that accepts and never answers, and does not wait on it forever', () => {
    expect(byAddress(hanging.host)).toBeUndefined();
    expect(hanging.requests.map((r) => r.path)).toEqual(['/api/v1/info']);
    expect(run.summary.durationMs).toBeLessThan(1500 + 1000);
  });

  it('counts every address and reports only the hosts that answered', () => {
    expect(run.summary).toMatchObject({ probed: 11, total: 11, found: 7, cancelled: false, failed: 0 });
    expect(run.results).toHaveLength(7);
  });

  it('a real device costs one request; each result streams out as soon as it is known', () => {
    expect(field[0]!.requests.map((r) => r.path)).toEqual(['/api/v1/info']);
    const firstDevice = run.results.find((r) => r.host.address === field[0]!.host)!;
    // The hanging device holds the scan for its request timeout; the others did not wait for it.
    expect(run.finishedAt - firstDevice.at).toBeGreaterThan(1000);
  });

  it('batches progress (at most 10 per second) and ends with exact figures in the summary', () => {
    expect(run.progress.length).toBeGreaterThan(0);
    for (let i = 1; i < run.progress.length; i += 1) {
      expect(run.progress[i]!.at - run.progress[i - 1]!.at).toBeGreaterThanOrEqual(95);
    }
    const last = run.progress.at(-1)!.progress;
    expect(last.total).toBe(11);
    expect(last.probed).toBeLessThanOrEqual(11);
  });
});

describe('scan: identity across address changes', () => {
  it('reports a known device at a new address as moved, with its old address, and the others as known', async () => {
    const [stays, moves] = [field[0]!.host, field[1]!.host];
    const first = await scan(`${stays} ${moves}`);
    const known = first.results.map(({ host }) => ({
      deviceId: `mac:${host.identity!.mac!}`,
      address: `http://${host.address}:${host.port}`,
      mac: host.identity!.mac!.toLowerCase(),
    }));
    expect(known).toHaveLength(2);
    const newHost = shift(router.host, 2);
    await field[1]!.moveTo(newHost);
    const second = await scan(`${stays} ${moves} ${newHost}`, { knownDevices: known });
    const hosts = second.results.map((r) => r.host);
    expect(hosts.find((h) => h.address === stays)).toMatchObject({ seen: 'known' });
    expect(hosts.filter((h) => h.identity?.mac === '02:D1:5C:00:00:02')).toEqual([
      expect.objectContaining({ address: newHost, seen: 'moved', previousAddress: moves }),
    ]);
    expect(second.summary).toMatchObject({ probed: 3, found: 2 });
  });

  it('reports three live addresses with one MAC as three devices, each with the other two', async () => {
    const mac = '02:D1:5C:00:0C:01';
    const twins = await startFleet({ devices: [{ mac }, { mac }, { mac }] });
    const [a, b, c] = devicesOf(twins, 3);
    const latest = new Map<string, DiscoveredHost>();
    const run = await scan(`${a.host}-${c.host}`, {
      ports: [a.port],
      onResult: (host) => latest.set(host.address, host),
      onUpdate: (host) => latest.set(host.address, host),
    });
    await twins.close();
    expect(run.summary).toMatchObject({ probed: 3, found: 3 });
    expect([...latest.values()].map((h) => [h.address, h.seen, h.sameMacAs]).sort()).toEqual([
      [a.host, 'new', [b.address, c.address]],
      [b.host, 'new', [a.address, c.address]],
      [c.host, 'new', [a.address, b.address]],
    ]);
  });

  it('does not take a known device for moved while its old address still answers with its MAC', async () => {
    const mac = '02:D1:5C:00:0C:02';
    const twins = await startFleet({ devices: [{ mac }, { mac }] });
    const [holder, clone] = devicesOf(twins, 2);
    const latest = new Map<string, DiscoveredHost>();
    // Only the clone's address is scanned: the known device's old address is asked, and still answers.
    const run = await scan(clone.host, {
      ports: [clone.port],
      knownDevices: [{ deviceId: `mac:${mac}`, address: holder.address, mac }],
      onResult: (host) => latest.set(host.address, host),
      onUpdate: (host) => latest.set(host.address, host),
    });
    await twins.close();
    expect(run.summary).toMatchObject({ probed: 1, found: 1 });
    expect([...latest.values()]).toEqual([
      expect.objectContaining({ address: clone.host, seen: 'new', sameMacAs: [holder.address] }),
    ]);
    expect(latest.get(clone.host)?.previousAddress).toBeUndefined();
    // Asking the old address is discovery too: anonymous GETs only.
    expect(twins.requests.filter((r) => r.method !== 'GET' || credentialHeadersOf(r).length > 0)).toEqual([]);
    expect(twins.requests.some((r) => r.host === holder.host && r.path === '/api/v1/info')).toBe(true);
  });

  it('reports one device once even when it answers at two addresses (its IPv4 and IPv4-mapped IPv6)', async () => {
    const device = field[0]!;
    const run = await scan(`${device.host} ::ffff:${device.host}`);
    expect(run.summary).toMatchObject({ probed: 2, found: 1 });
    expect(run.results.map((r) => r.host.identity?.mac)).toEqual(['02:D1:5C:00:00:01']);
  });
});

describe('scan: other transports and odd answers', () => {
  it('stops reading a huge /info at the cap and still recognises the device by its /status', async () => {
    const odd = await startFleet({ devices: [{ profile: 'field' }] });
    const device = odd.devices[0]!;
    device.addFault({ fault: { kind: 'huge-body', bytes: 8 * 1024 * 1024 }, paths: ['/api/v1/info'] });
    const run = await scan(device.host, { ports: [device.port] });
    await odd.close();
    expect(odd.requests.filter((r) => r.method !== 'GET' || credentialHeadersOf(r).length > 0)).toEqual([]);
    expect(run.results.map((r) => r.host)).toEqual([
      expect.objectContaining({ address: device.host, kind: 'device', identity: null }),
    ]);
    expect(run.summary.durationMs).toBeLessThan(1500);
  });

  it('reads a self-signed https device on 8443 anonymously and reports its certificate to trust', async () => {
    const tls = await startFleet({ port: 8443, devices: [{ https: true, mac: '02:D1:5C:00:0E:01' }] });
    const device = tls.devices[0]!;
    const run = await scan(device.host, { ports: [8443] });
    await tls.close();
    expect(run.results.map((r) => r.host)).toEqual([
      expect.objectContaining({
        address: device.host,
        port: 8443,
        scheme: 'https',
        kind: 'device',
        identity: expect.objectContaining({ mac: '02:D1:5C:00:0E:01' }) as unknown,
        tlsFingerprint256: device.certificateFingerprint256,
      }),
    ]);
    expect(device.requests.map((r) => [r.method, r.path, credentialHeadersOf(r)])).toEqual([
      ['GET', '/api/v1/info', []],
    ]);
  });
});

describe('scan: never locks anyone out', () => {
  it('sent no POST and no credential to any device or server, in any scan of this file', () => {
    expect(fleet.requests.length).toBeGreaterThan(10);
    for (const request of fleet.requests) {
      expect(request.method).toBe('GET');
      expect(credentialHeadersOf(request)).toEqual([]);
      expect(request.body).toBe('');
    }
    for (const request of [...webPage.requests, ...router.requests]) {
      expect(request.method).toBe('GET');
      expect(credentialHeaderNames(request.headers)).toEqual([]);
    }
  });
});
