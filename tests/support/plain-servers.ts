/**
 * Servers on loopback that are not devices, for discovery tests: a plain web server (an intranet page),
 * a router that asks for Basic login everywhere, and a TCP service that accepts and never says a word.
 * Each records what it received and when its connections closed, so tests can prove what discovery sent
 * and how fast cancel let go.
 */
import http from 'node:http';
import net from 'node:net';

export interface PlainServer {
  host: string;
  port: number;
  /** Method, path and header names of every HTTP request received. */
  requests: { method: string; path: string; headers: string[] }[];
  /** Server-side connections still open. */
  readonly openConnections: number;
  /** performance.now() of each connection's close. */
  closedAt: number[];
  close(): Promise<void>;
}

export type PlainKind = 'web-page' | 'basic-login' | 'silent-tcp';

function track(server: net.Server, state: { open: Set<net.Socket>; closedAt: number[] }): void {
  server.on('connection', (socket: net.Socket) => {
    state.open.add(socket);
    socket.on('error', () => undefined);
    // Read (and drop) what arrives, so the client's close is seen at once.
    socket.resume();
    socket.on('close', () => {
      state.open.delete(socket);
      state.closedAt.push(performance.now());
    });
  });
}

export async function startPlainServer(kind: PlainKind, host: string, port: number): Promise<PlainServer> {
  const requests: PlainServer['requests'] = [];
  const state = { open: new Set<net.Socket>(), closedAt: [] as number[] };
  const server =
    kind === 'silent-tcp'
      ? net.createServer(() => undefined)
      : http.createServer((req, res) => {
          requests.push({
            method: req.method ?? '',
            path: req.url ?? '',
            headers: req.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()),
          });
          if (kind === 'basic-login') {
            res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="Router"', 'Content-Type': 'text/html' });
            res.end('<html><body>Login required</body></html>');
            return;
          }
          if (req.url === '/') {
            res.writeHead(200, { 'Content-Type': 'text/html' });
            res.end(
              '<!doctype html><html><head><title>Site intranet</title></head><body>It works</body></html>',
            );
            return;
          }
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('Not Found');
        });
  track(server, state);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => resolve());
  });
  return {
    host,
    port,
    requests,
    get openConnections() {
      return state.open.size;
    },
    closedAt: state.closedAt,
    close: async () => {
      for (const socket of state.open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
