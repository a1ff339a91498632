/**
 * A tiny real-HTTP client for the simulator's tests, on node's own http/https so every byte, header and
 * half-finished body is visible. One connection per request (no pooling): closing a fleet is then
 * deterministic and nothing leaks between tests.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: number;
  /** False when the connection ended before the whole body arrived. */
  complete: boolean;
  /** https only: the certificate the server showed. */
  peerFingerprint256?: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The request fails with code 'TIMEOUT' when no complete answer came in this time. Default 5 s. */
  timeoutMs?: number;
}

export class CallError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Resolves with whatever answer arrived (complete or not); rejects when no answer started (refused, timeout…). */
export function call(url: string, opts: CallOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, {
      method: opts.method ?? 'GET',
      headers: opts.headers,
      agent: false,
      // The devices' certificates are self-signed; tests look at the fingerprint instead.
      rejectUnauthorized: false,
    });
    const timer = setTimeout(
      () => req.destroy(new CallError('no answer in time', 'TIMEOUT')),
      opts.timeoutMs ?? 5000,
    );
    let responded = false;
    req.on('error', (e: NodeJS.ErrnoException) => {
      // Once an answer started, its end (complete or not) is reported by the response's 'close'.
      if (responded) return;
      clearTimeout(timer);
      reject(e instanceof CallError ? e : new CallError(e.message, e.code ?? 'ERROR'));
    });
    req.on('response', (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const socket = res.socket as TLSSocket;
      const fingerprint =
        typeof socket.getPeerCertificate === 'function'
          ? socket.getPeerCertificate().fingerprint256
          : undefined;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (bytes <= 8 * 1024 * 1024) chunks.push(c);
      });
      // An aborted body is an outcome to assert on, not a failure of the helper.
      res.on('error', () => undefined);
      res.on('close', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          bytes,
          complete: res.complete,
          ...(fingerprint ? { peerFingerprint256: fingerprint } : {}),
        });
      });
    });
    req.end(opts.body);
  });
}

export const postJson = (
  url: string,
  value: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });

export const getJson = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  call(url, { headers: { accept: 'application/json', ...headers } });

/** Unlocks with the password and returns the token; fails the test when the device refuses. */
export async function unlockToken(address: string, pw = 'admin'): Promise<string> {
  const a = await postJson(`${address}/api/v1/unlock`, { pw });
  if (a.status !== 200) throw new Error(`unlock answered ${a.status} ${a.body}`);
  return (JSON.parse(a.body) as { token: string }).token;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export const parse = (a: Answer): unknown => JSON.parse(a.body);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
