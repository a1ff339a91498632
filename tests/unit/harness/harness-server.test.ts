/**
 * The browser test harness's transport: the same gates as Electron's IPC binding (token and origin in
 * place of the sender frame, zod input validation), events delivered one message per hub flush.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEventHub } from '../../../electron/core/events/event-hub';
import { createHandlers } from '../../../electron/core/handlers';
import type { CoreServices } from '../../../electron/core/services';
import { openBareCore } from '../../support/app-core';
import type { HarnessServer } from '../../e2e/harness/harness-server';
import { startHarnessServer } from '../../e2e/harness/harness-server';

function connect(
  server: HarnessServer,
  token: string,
  origin = server.url.replace(/\/$/, ''),
): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}__harness/socket?token=${token}`, { origin });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function request(ws: WebSocket, message: object): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const parsed = JSON.parse(data.toString()) as { id?: number; result?: unknown };
      if (parsed.id === (message as { id: number }).id) {
        ws.off('message', onMessage);
        resolve(parsed.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(message));
  });
}

describe('harness server', () => {
  const hub = createEventHub({ intervalMs: 10 });
  let server: HarnessServer;
  let services: CoreServices;
  let staticDir: string;
  const failed: string[] = [];

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'minerdeck-harness-'));
    writeFileSync(join(staticDir, 'index.html'), '<script type="module" src="/x.js"></script>');
    services = await openBareCore({ name: 'm', version: '1', platform: 'linux', versions: {} });
    server = await startHarnessServer({
      handlers: {
        ...createHandlers(services),
        'monitor:snapshot': () => Promise.reject(new Error('a bug in a handler')),
      },
      onHandlerError: (channel) => failed.push(channel),
      events: hub,
      staticDir,
      injectScript: true,
    });
  });
  afterAll(async () => {
    await server.close();
    await services.dispose();
    hub.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only and refuses a socket without the token or from another origin', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(connect(server, 'wrong')).rejects.toThrow(/401/);
    await expect(connect(server, server.token, 'http://evil.example')).rejects.toThrow(/401/);
  });

  it('answers calls with Results, validating input with the channel schema', async () => {
    const ws = await connect(server, server.token);
    await expect(request(ws, { id: 1, channel: 'app:info' })).resolves.toMatchObject({
      ok: true,
      value: { version: '1' },
    });
    await expect(
      request(ws, { id: 2, channel: 'discovery:check', input: { targets: 42 } }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    await expect(request(ws, { id: 3, channel: 'nope' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    // A handler that fails answers a sentence, not a crash (the same gate as Electron's IPC binding).
    await expect(request(ws, { id: 4, channel: 'monitor:snapshot' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(failed).toEqual(['monitor:snapshot']);
    ws.close();
  });

  it('sends each hub flush as one message', async () => {
    const ws = await connect(server, server.token);
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    for (let i = 0; i < 50; i += 1) hub.emit({ type: 'app:ready', payload: { startedAt: String(i) } });
    await expect.poll(() => messages.length).toBe(1);
    expect((messages[0] as { events: unknown[] }).events).toHaveLength(50);
    expect(server.invalidBatches).toEqual([]);
    ws.close();
  });

  it('serves the page with the harness script before the app (the demo preview), and the script itself', async () => {
    const page = await (await fetch(server.url)).text();
    expect(page).toMatch(/<script src="\/__harness\/api\.js"><\/script>\s*<script type="module"/);
    const script = await (await fetch(`${server.url}__harness/api.js`)).text();
    expect(script).toContain('installHarnessApi');
    expect(script).toContain('"app:info"');
    expect(script).not.toContain(server.token);
  });
});
