/**
 * The browser test harness's server half (test-only, never in the shipped app): the same handlers
 * Electron binds to ipcMain, carried over a WebSocket on 127.0.0.1. Every call passes the gates of
 * electron/main/ipc/bind-handlers.ts — the sender (here: the page's origin, and a random per-run token
 * checked on upgrade) and the channel's zod input schema — so the renderer meets exactly the checks it
 * meets in Electron. Core event batches go to every connected page as one message per hub flush.
 *
 * It also serves the built renderer, so the page and the socket share an origin (the CSP's
 * `connect-src 'self'` then allows the socket). With `injectScript` the page gets `window.api` from a
 * `<script src>` of ours (the demo's browser preview); without it the test injects the same script.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Handlers } from '../../../shared/ipc/contract';
import { contract, REQUEST_PREFIX } from '../../../shared/ipc/contract';
import { eventBatchSchema } from '../../../shared/ipc/events';
import type { EventHub } from '../../../electron/core/events/event-hub';
import type { RequestListener } from '../../../electron/main/ipc/bind-handlers';
import { bindHandlers } from '../../../electron/main/ipc/bind-handlers';
import { harnessScript } from './harness-script';

export interface HarnessServerOptions {
  handlers: Handlers;
  events: Pick<EventHub, 'subscribe'>;
  /** The built renderer folder (`out/renderer`). */
  staticDir: string;
  /** Serve index.html with the harness script tag (the demo); tests inject the script themselves. */
  injectScript?: boolean;
  /** Check every event batch against the schemas before sending (default true; the benchmark turns it off). */
  validateEvents?: boolean;
  onHandlerError?: (channel: string, error: unknown) => void;
}

export interface HarnessServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** The page URL including the token fragment (what the demo prints). */
  pageUrl: string;
  token: string;
  /** The script to inject into a page with Playwright's addInitScript (token included). */
  initScript(): Promise<string>;
  /** Pages connected right now. */
  readonly connections: number;
  /** Event batches that failed validation (tests assert none). */
  readonly invalidBatches: string[];
  close(): Promise<void>;
}

const SCRIPT_PATH = '/__harness/api.js';
const SOCKET_PATH = '/__harness/socket';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  // The bundled label reader (Scan to place's camera): served like the app's own files.
  '.wasm': 'application/wasm',
};

const requestSchema = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional(),
});

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startHarnessServer(options: HarnessServerOptions): Promise<HarnessServer> {
  const token = randomBytes(24).toString('base64url');
  const listeners = new Map<string, RequestListener>();
  const invalidBatches: string[] = [];
  const sockets = new Set<WebSocket>();
  let origin = '';

  const unbind = bindHandlers({
    ipcMain: {
      handle: (channel, listener) => listeners.set(channel, listener),
      removeHandler: (channel) => listeners.delete(channel),
    },
    contract,
    handlers: options.handlers,
    // The socket's Origin stands for Electron's sender frame: only pages this server served may call.
    isTrustedUrl: (url) => url === origin,
    ...(options.onHandlerError !== undefined ? { onHandlerError: options.onHandlerError } : {}),
  });

  const serveStatic = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname === SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(await harnessScript({ socketUrl: `${origin.replace(/^http/, 'ws')}${SOCKET_PATH}` }));
      return;
    }
    const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(options.staticDir, path === '/' ? 'index.html' : path);
    const body = await readFile(file).catch(() => undefined);
    if (body === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    let content: Buffer | string = body;
    if (options.injectScript === true && file.endsWith('index.html')) {
      // A classic script runs before the deferred module script, so window.api exists when the app starts.
      content = body
        .toString('utf8')
        .replace(
          '<script type="module"',
          `<script src="${SCRIPT_PATH}"></script>\n    <script type="module"`,
        );
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(content);
  };

  const server = createServer((req, res) => {
    void serveStatic(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const allowed =
      url.pathname === SOCKET_PATH &&
      sameToken(url.searchParams.get('token') ?? '', token) &&
      req.headers.origin === origin;
    if (!allowed) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data) => {
      void answer(ws, data.toString());
    });
  });

  async function answer(ws: WebSocket, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const request = requestSchema.safeParse(json);
    if (!request.success) return;
    const { id, channel } = request.data;
    const listener = listeners.get(REQUEST_PREFIX + channel);
    const args = 'input' in (json as object) ? [request.data.input] : [];
    const result =
      listener === undefined
        ? { ok: false, error: { code: 'INVALID_INPUT', message: `No channel ${channel}.` } }
        : await listener({ senderFrame: { url: origin, parent: null } }, ...args);
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
  }

  const validate = options.validateEvents !== false;
  const unsubscribe = options.events.subscribe((batch) => {
    if (validate) {
      const checked = eventBatchSchema.safeParse(batch);
      if (!checked.success) invalidBatches.push(checked.error.message);
    }
    const message = JSON.stringify({ events: batch });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(message);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/`,
    pageUrl: `${origin}/#harness-token=${token}`,
    token,
    initScript: () => harnessScript({ socketUrl: `ws://127.0.0.1:${port}${SOCKET_PATH}`, token }),
    get connections() {
      return sockets.size;
    },
    invalidBatches,
    async close() {
      unsubscribe();
      unbind();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
