/**
 * Serves the site metrics over plain HTTP (node:http): `GET /metrics` (and HEAD), 405 for other methods,
 * 404 for other paths; 421 first to a request whose `Host` does not name the listener (allowed-host.ts: a
 * web page using DNS rebinding must not read the metrics from the technician's browser). It binds only where it is told; callers default to loopback and take another
 * address only when the user names one (parseMetricsAddress). The time of the last scrape is kept for
 * whoever shows it (the CLI's stderr, the app's Settings).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { hostAllowed, misdirectedBody } from './allowed-host';
import type { ExpositionFormat } from './exposition';
import { CONTENT_TYPES, formatFor } from './exposition';

export interface MetricsAddress {
  host: string;
  port: number;
}

export const DEFAULT_METRICS_HOST = '127.0.0.1';

/**
 * `9464`, `127.0.0.1:9464`, `0.0.0.0:9464`, `[::1]:9464`: an IP literal and a port (1–65535). A bare
 * port means loopback. Host names are refused: what a name resolves to is not what the user can see.
 */
export function parseMetricsAddress(text: string): Result<MetricsAddress> {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(text) ?? /^()()(\d{1,5})$/.exec(text);
  const host = match === null ? undefined : match[1] || match[2] || DEFAULT_METRICS_HOST;
  const port = match === null ? NaN : Number(match[3]);
  if (host === undefined || isIP(host) === 0 || !(port >= 1 && port <= 65_535)) {
    return errWithText(
      'INVALID_INPUT',
      `--metrics takes an IP address and a port (127.0.0.1:9464, [::1]:9464, or a port alone for loopback), not "${text}".`,
      message('settings.siteMetrics.error.badAddress', { text }),
    );
  }
  return ok({ host, port });
}

export interface MetricsServer {
  /** `http://127.0.0.1:9464/metrics`. */
  url: string;
  /** When /metrics was last served (epoch ms), undefined before the first scrape. */
  lastScrapeAt(): number | undefined;
  close(): Promise<void>;
}

export interface MetricsServerOptions extends MetricsAddress {
  /** The whole scrape at once (small fixed answers, tests). */
  render?: (format: ExpositionFormat) => string | Buffer;
  /**
   * The scrape in chunks as it is made (`streamExposition`): preferred when given. Sent chunked, so a
   * scrape of thousands of devices never blocks the process for its whole length.
   */
  stream?: (format: ExpositionFormat, write: (chunk: Buffer) => void) => Promise<void>;
  now?: () => number;
}

const hostInUrl = (host: string): string => (isIP(host) === 6 ? `[${host}]` : host);

/** Why listening failed, in English (the CLI's) and as a message (the window's: Settings → Site metrics). */
function listenFailure(error: NodeJS.ErrnoException, host: string, where: string): [string, MessageRef] {
  switch (error.code) {
    case 'EADDRINUSE':
      return [
        `${where} is already in use (another program listens there): choose another port`,
        message('settings.siteMetrics.error.inUse', { where }),
      ];
    case 'EADDRNOTAVAIL':
      return [
        `${host} is not an address of this machine`,
        message('settings.siteMetrics.error.notHere', { host }),
      ];
    case 'EACCES':
      return [
        `not allowed to listen on ${where} (ports under 1024 need privileges)`,
        message('settings.siteMetrics.error.notAllowed', { where }),
      ];
    default:
      return [
        `cannot listen on ${where}: ${error.message}`,
        message('settings.siteMetrics.error.cannotListen', { where, detail: error.message }),
      ];
  }
}

/** Listens, or answers why not (the port is taken, the address is not this machine's). */
export function startMetricsServer(options: MetricsServerOptions): Promise<Result<MetricsServer>> {
  const now = options.now ?? Date.now;
  let lastScrape: number | undefined;
  const server: Server = createServer((req, res) => {
    const listener = { boundHost: options.host, port: (server.address() as AddressInfo).port };
    if (!hostAllowed(req.headers.host, req.socket.localAddress, listener)) {
      const body = misdirectedBody(listener);
      res.writeHead(421, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
      });
      res.end(body);
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: try /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    const format = formatFor(req.headers.accept);
    lastScrape = now();
    if (options.stream !== undefined) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES[format], 'cache-control': 'no-store' });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      // A scraper that hangs up midway gets nothing more; the scrape still runs to its end, harmlessly.
      options
        .stream(format, (chunk) => void (res.destroyed || res.write(chunk)))
        .then(
          () => res.end(),
          (error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      return;
    }
    const body = options.render?.(format) ?? '';
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[format],
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${hostInUrl(options.host)}:${options.port}`;
      const [why, text] = listenFailure(error, options.host, where);
      resolve(errWithText('INVALID_INPUT', `Site metrics: ${why}.`, text));
    });
    server.listen(options.port, options.host, () => {
      // Port 0 (tests, benchmarks) takes a free one: the URL names the one it got.
      const { port } = server.address() as AddressInfo;
      resolve(
        ok({
          url: `http://${hostInUrl(options.host)}:${port}/metrics`,
          lastScrapeAt: () => lastScrape,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        }),
      );
    });
  });
}
