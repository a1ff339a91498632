/**
 * Small loopback servers for the transport and client unit tests: a recording HTTP server, a raw TCP
 * server for answers HTTP servers will not send (hang, reset mid-body), an https server with a generated
 * certificate, and a port nobody listens on. Everything binds to 127.0.0.1 only.
 */
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { generate } from 'selfsigned';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>` (or https://). */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections: number;
  close(): Promise<void>;
}

export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function recordingHandler(requests: RecordedRequest[], respond: Responder) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  };
}

/** Tracks sockets so close() ends hanging ones too. */
function trackSockets(server: net.Server, state: { connections: number }): () => void {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () => sockets.forEach((socket) => socket.destroy());
}

function localServer(server: net.Server, scheme: string, port: number, requests: RecordedRequest[]) {
  const state = { connections: 0 };
  const destroyAll = trackSockets(server, state);
  const result: LocalServer = {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        destroyAll();
        server.close(() => resolve());
      }),
  };
  return result;
}

export async function startHttpServer(respond: Responder): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer({ keepAliveTimeout: 10_000 }, recordingHandler(requests, respond));
  const port = await listen(server);
  return localServer(server, 'http', port, requests);
}

/** Answers a fixed status, headers and body. */
export const answer =
  (status: number, body: string | Buffer = '', headers: Record<string, string> = {}): Responder =>
  (_request, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

export const answerJson = (status: number, value: unknown): Responder =>
  answer(status, JSON.stringify(value), { 'Content-Type': 'application/json' });

/** A TCP server that hands each accepted socket (and the bytes it received so far) to `onData`. */
export async function startRawServer(
  onData: (socket: net.Socket, received: string) => void,
  /** Called as each connection is accepted, before any request. */
  onConnect?: (socket: net.Socket) => void,
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = net.createServer((socket) => {
    let received = '';
    socket.on('error', () => undefined);
    onConnect?.(socket);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) onData(socket, received);
    });
  });
  const port = await listen(server);
  return localServer(server, 'http', port, requests);
}

export interface TestCertificate {
  cert: string;
  key: string;
  fingerprint256: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, like a device's. */
export async function selfSignedCertificate(
  ca?: { cert: string; key: string },
  commonName = 'miner.local',
): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    ...(ca !== undefined ? { ca } : {}),
  });
  return {
    cert: pems.cert,
    key: pems.private,
    fingerprint256: new X509Certificate(pems.cert).fingerprint256,
  };
}

/** A certificate authority, for the "CA-signed, no pin needed" case (a site with its own CA). */
export async function certificateAuthority(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'Minerdeck Test Site CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

export interface TlsServer extends LocalServer {
  /** SNI names clients sent, one entry per handshake (`false` when none). */
  serverNames: (string | false | null)[];
}

export async function startHttpsServer(certificate: TestCertificate, respond: Responder): Promise<TlsServer> {
  const requests: RecordedRequest[] = [];
  const serverNames: (string | false | null)[] = [];
  const server = https.createServer(
    { cert: certificate.cert, key: certificate.key },
    recordingHandler(requests, respond),
  );
  server.on('secureConnection', (socket: tls.TLSSocket) => serverNames.push(socket.servername));
  const port = await listen(server);
  return Object.assign(localServer(server, 'https', port, requests), { serverNames });
}

/** A loopback port with nothing listening (connection refused). */
export async function refusedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RawTlsServer extends LocalServer {
  /** Decrypted bytes each client sent after the handshake, per completed handshake. */
  bytesReceived: number[];
}

/** A TLS server that completes the handshake, records what arrives, and never answers. */
export async function startRawTlsServer(certificate: TestCertificate): Promise<RawTlsServer> {
  const bytesReceived: number[] = [];
  const server = tls.createServer({ cert: certificate.cert, key: certificate.key }, (socket) => {
    const index = bytesReceived.push(0) - 1;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      bytesReceived[index] = (bytesReceived[index] ?? 0) + chunk.length;
    });
  });
  const port = await listen(server);
  return Object.assign(localServer(server, 'https', port, []), { bytesReceived });
}
