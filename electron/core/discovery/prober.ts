/**
 * Probes one host: TCP connect on each port, then, on the ports that accepted,
 * `GET /api/v1/info` → `GET /api/v1/status` (no credentials) → `GET /` for the firmware marker. Each step
 * runs only when the earlier ones did not settle the question, so a real device costs one request and a
 * strict-spec device two. A host that accepts but never answers HTTP is not reported.
 *
 * One result per host: a device on any of its ports wins over another web server on another port.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { ScanTarget } from '../../../shared/domain/targets/target-set';
import { portsFor } from '../../../shared/domain/targets/target-set';
import type { HttpAnswer } from './anonymous-get';
import { anonymousGet } from './anonymous-get';
import { firmwareMarker, identityFromInfo, markerIdentity, statusShowsApi } from './classify';
import type { ProbeWatch } from './probe-pool';
import type { ConnectContext, ConnectOutcome } from './tcp-connect';
import { connectTcp } from './tcp-connect';

/** A found host before the scanner compares it with the known devices. */
export type Finding = Omit<DiscoveredHost, 'seen' | 'previousAddress'>;

export type ProbeOutcome =
  /** `endpoint`: the socket address it answered on (`ip:port`), the same for a host name and its address. */
  | { kind: 'found'; finding: Finding; endpoint: string }
  | { kind: 'silent' }
  | { kind: 'unresolved' }
  | { kind: 'failed' }
  | { kind: 'cancelled' };

export interface ProbeContext extends ConnectContext {
  /** The scan's default ports. */
  ports: readonly number[];
  /** Per HTTP exchange. */
  requestTimeoutMs: number;
  /** Name resolution gets its own time: a LAN without DNS can take seconds to say "not found". */
  lookupTimeoutMs: number;
  /** Settles when the scan is cancelled. */
  stopped: Promise<void>;
}

/** https where devices would serve it; plain http everywhere else (field-notes.md: port 80). */
export const schemeFor = (port: number): 'http' | 'https' =>
  port === 443 || port === 8443 ? 'https' : 'http';

async function resolveHost(host: string, ctx: ProbeContext): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    lookup(host).then(
      (found) => found.address,
      () => undefined,
    ),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ctx.lookupTimeoutMs);
    }),
    ctx.stopped.then(() => undefined),
  ]);
  clearTimeout(timer);
  return answer;
}

/** Reads the HTTP side of one open port; undefined when it never answered HTTP. */
async function identify(
  target: { host: string; connectHost: string; port: number },
  socket: Socket,
  ctx: ProbeContext,
): Promise<Finding | undefined> {
  const scheme = schemeFor(target.port);
  let first: Socket | undefined = socket;
  const get = (path: '/api/v1/info' | '/api/v1/status' | '/'): Promise<HttpAnswer | undefined> => {
    const used = first;
    first = undefined;
    return anonymousGet({
      ...target,
      scheme,
      path,
      ...(used !== undefined ? { socket: used } : {}),
      timeoutMs: ctx.requestTimeoutMs,
      tracker: ctx.tracker,
    });
  };
  const found = (kind: Finding['kind'], identity: Finding['identity'], answer: HttpAnswer): Finding => ({
    address: target.host,
    port: target.port,
    scheme,
    kind,
    identity,
    ...(answer.tlsFingerprint256 !== undefined ? { tlsFingerprint256: answer.tlsFingerprint256 } : {}),
  });

  const info = await get('/api/v1/info');
  if (info === undefined) return undefined;
  const identity = identityFromInfo(info);
  if (identity !== undefined) return found('device', identity, info);
  const status = await get('/api/v1/status');
  if (status !== undefined && statusShowsApi(status)) return found('device', null, status);
  const root = await get('/');
  const marker = root === undefined ? undefined : firmwareMarker(root);
  if (marker !== undefined) return found('device', markerIdentity(marker), info);
  return found('http-other', null, info);
}

/** `::ffff:10.0.0.5` (the parser writes `::ffff:a00:5`) is 10.0.0.5: one device, however it was written. */
function endpointOf(ip: string, port: number): string {
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  const words = mapped === null ? undefined : [mapped[1], mapped[2]].map((w) => Number.parseInt(w ?? '', 16));
  const v4 =
    words === undefined
      ? ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')
      : words.flatMap((w) => [w >> 8, w & 0xff]).join('.');
  return `${v4}:${port}`;
}

function worstOf(outcomes: readonly ConnectOutcome[]): ProbeOutcome {
  if (outcomes.some((o) => o.kind === 'cancelled')) return { kind: 'cancelled' };
  if (outcomes.some((o) => o.kind === 'failed')) return { kind: 'failed' };
  return { kind: 'silent' };
}

/** `watch.answering` is set once a port accepted and the host is being read (probe-pool.ts). */
export async function probeHost(
  target: ScanTarget,
  ctx: ProbeContext,
  watch?: ProbeWatch,
): Promise<ProbeOutcome> {
  // Addresses skip the resolver entirely: a sweep is mostly addresses and this is its hot path.
  const connectHost = net.isIP(target.host) !== 0 ? target.host : await resolveHost(target.host, ctx);
  if (ctx.tracker.isClosed) return { kind: 'cancelled' };
  if (connectHost === undefined) return { kind: 'unresolved' };
  const ports = portsFor(target, ctx.ports);
  const connects =
    ports.length === 1
      ? [await connectTcp(connectHost, ports[0] ?? 80, ctx)]
      : await Promise.all(ports.map((port) => connectTcp(connectHost, port, ctx)));
  if (watch !== undefined) watch.answering = connects.some((c) => c.kind === 'open');

  let best: Finding | undefined;
  let bestPort = 0;
  for (let i = 0; i < connects.length; i += 1) {
    const outcome = connects[i];
    if (outcome?.kind !== 'open') continue;
    if (best?.kind === 'device' || ctx.tracker.isClosed) {
      ctx.tracker.release(outcome.socket);
      continue;
    }
    const port = ports[i] ?? 0;
    const finding = await identify({ host: target.host, connectHost, port }, outcome.socket, ctx);
    if (finding !== undefined && (best === undefined || finding.kind === 'device')) {
      best = finding;
      bestPort = port;
    }
  }
  if (ctx.tracker.isClosed) return { kind: 'cancelled' };
  if (best !== undefined)
    return { kind: 'found', finding: best, endpoint: endpointOf(connectHost, bestPort) };
  return worstOf(connects);
}
