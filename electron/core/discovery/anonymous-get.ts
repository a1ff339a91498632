/**
 * The only HTTP discovery ever sends: an anonymous GET of one of three fixed paths. There is no parameter
 * for a method, a header or a body, so "no POST and no credential during discovery" (docs/design.md principle
 * 3) holds by construction, not by care: nothing here can carry a password, token or key.
 *
 * https devices use self-signed certificates nobody has trusted yet. Verification is skipped for this
 * connection only: nothing secret is sent, and the certificate's fingerprint is returned so the user can
 * trust it (tls-pinning.ts) before any credential goes to the device.
 */
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import type { SocketTracker } from './socket-tracker';

/** The paths discovery reads (field-notes.md): identity, API presence, web UI marker. */
export type DiscoveryPath = '/api/v1/info' | '/api/v1/status' | '/';

/** `/info` is a few kilobytes and the marker sits in the page's head: more is not worth reading. */
export const DISCOVERY_BODY_CAP = 256 * 1024;

export interface AnonymousGetRequest {
  /** Where to connect (an IP address). */
  connectHost: string;
  /** What the `Host` header names: the address or the name as typed. */
  host: string;
  port: number;
  scheme: 'http' | 'https';
  path: DiscoveryPath;
  /** An open TCP connection to use instead of a new one (the connect probe's). */
  socket?: Socket;
  /** For the whole exchange: connect, TLS, request, body. */
  timeoutMs: number;
  tracker: SocketTracker;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most DISCOVERY_BODY_CAP bytes of it, as UTF-8. */
  body: string;
  tlsFingerprint256?: string;
}

const noop = (): void => undefined;

/** Resolves with the answer, or `undefined` when no complete HTTP answer came (timeout, reset, not HTTP). */
export function anonymousGet(request: AnonymousGetRequest): Promise<HttpAnswer | undefined> {
  const { tracker } = request;
  return new Promise((resolve) => {
    const raw = request.socket ?? tracker.add(net.connect({ host: request.connectHost, port: request.port }));
    raw.on('error', noop);
    const secure =
      request.scheme === 'https'
        ? tracker.add(
            tls.connect({
              socket: raw,
              rejectUnauthorized: false,
              ...(net.isIP(request.host) === 0 ? { servername: request.host } : {}),
            }),
          )
        : undefined;
    secure?.on('error', noop);
    const transport = secure ?? raw;

    let settled = false;
    const finish = (answer: HttpAnswer | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      if (secure !== undefined) tracker.release(secure);
      tracker.release(raw);
      resolve(answer);
    };
    const timer = setTimeout(() => finish(undefined), request.timeoutMs);

    const outgoing = http.request({
      host: request.host,
      port: request.port,
      method: 'GET',
      path: request.path,
      headers: { Accept: request.path === '/' ? 'text/html' : 'application/json' },
      createConnection: () => transport,
    });
    let responded = false;
    outgoing.on('error', () => finish(undefined));
    outgoing.on('close', () => {
      if (!responded) finish(undefined);
    });
    outgoing.on('response', (response) => {
      responded = true;
      const chunks: Buffer[] = [];
      let size = 0;
      // Read while the connection is up: a destroyed TLS socket no longer knows its peer.
      const fingerprint = secure?.getPeerCertificate()?.fingerprint256;
      const answer = (): HttpAnswer => ({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(fingerprint ? { tlsFingerprint256: fingerprint } : {}),
      });
      response.on('data', (chunk: Buffer) => {
        const room = DISCOVERY_BODY_CAP - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= DISCOVERY_BODY_CAP) finish(answer());
      });
      response.on('end', () => finish(answer()));
      response.on('error', () => finish(undefined));
      // Cut off mid-body: an incomplete answer is no answer.
      response.on('close', () => {
        if (!settled) finish(response.complete ? answer() : undefined);
      });
    });
    outgoing.end();
  });
}
