/** The site-metrics HTTP server over real loopback: what it answers, and the last scrape time it keeps. */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetricsServer } from '../../../../electron/core/metrics/metrics-server';
import { startMetricsServer } from '../../../../electron/core/metrics/metrics-server';

let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(now: () => number, host = '127.0.0.1'): Promise<MetricsServer> {
  const started = await startMetricsServer({
    host,
    port: 0,
    now,
    render: (format) => (format === 'openmetrics' ? 'm 1\n# EOF\n' : 'm 1\n'),
  });
  if (!started.ok) throw new Error(started.error.message);
  server = started.value;
  return started.value;
}

describe('startMetricsServer', () => {
  it('serves GET and HEAD /metrics with the content type of the format asked for, and keeps the scrape time', async () => {
    let clock = 1_000;
    const metrics = await start(() => clock);
    expect(metrics.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metrics.lastScrapeAt()).toBeUndefined();
    const text = await fetch(metrics.url);
    expect(text.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await text.text()).toBe('m 1\n');
    expect(metrics.lastScrapeAt()).toBe(1_000);
    clock = 2_000;
    const open = await fetch(`${metrics.url}?x=1`, { headers: { accept: 'application/openmetrics-text' } });
    expect(open.headers.get('content-type')).toMatch(/^application\/openmetrics-text; version=1.0.0/);
    expect(await open.text()).toBe('m 1\n# EOF\n');
    const head = await fetch(metrics.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('4');
    expect(metrics.lastScrapeAt()).toBe(2_000);
  });

  it('answers 405 with Allow to other methods and 404 to other paths, without counting a scrape', async () => {
    const metrics = await start(() => 5);
    const post = await fetch(metrics.url, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
    expect(metrics.lastScrapeAt()).toBeUndefined();
  });

  it('says the port is taken instead of failing later', async () => {
    const first = await start(() => 0);
    const port = Number(new URL(first.url).port);
    const second = await startMetricsServer({ host: '127.0.0.1', port, render: () => '' });
    expect(second).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(second.ok ? '' : second.error.message).toContain(`127.0.0.1:${port} is already in use`);
  });
});

/**
 * One request as raw bytes (so the Host header is exactly what a browser or a forger would send, or
 * missing), to `connectHost`; answers the status and the body.
 */
function rawGet(
  url: string,
  hostHeader: string | undefined,
  connectHost = new URL(url).hostname.replace(/^\[|\]$/g, ''),
): Promise<{ status: number; body: string }> {
  const { port, pathname } = new URL(url);
  const head = hostHeader === undefined ? '' : `Host: ${hostHeader}\r\n`;
  const request = `GET ${pathname} HTTP/1.${hostHeader === undefined ? 0 : 1}\r\n${head}Connection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: connectHost, port: Number(port) }, () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? NaN);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('startMetricsServer: only requests naming the listener (DNS rebinding)', () => {
  it('bound to 127.0.0.1: answers the address with or without its port and localhost; 421 to any other Host', async () => {
    const metrics = await start(() => 7);
    const port = new URL(metrics.url).port;
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `localhost:${port}`,
      'localhost',
      `LOCALHOST:${port}`,
    ]) {
      const answer = await rawGet(metrics.url, host);
      expect({ host, status: answer.status, body: answer.body }).toEqual({
        host,
        status: 200,
        body: 'm 1\n',
      });
    }
    expect(metrics.lastScrapeAt()).toBe(7);
    const forged = [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1.nip.io:${port}`,
      `127.0.0.2:${port}`,
      `127.0.0.1:${Number(port) === 65535 ? 1 : Number(port) + 1}`,
      `localhost.attacker.example:${port}`,
      `[::1]:${port}`,
      `127.0.0.1:${port}@attacker.example`,
      '',
      undefined,
    ];
    for (const host of forged) {
      const answer = await rawGet(metrics.url, host);
      expect({ host, status: answer.status }).toEqual({ host, status: 421 });
      expect(answer.body).toBe(
        `Misdirected request: this metrics endpoint answers only requests for 127.0.0.1:${port} (a Host header naming it).\n`,
      );
      expect(answer.body).not.toContain('m 1');
    }
    // Refused before the path and the method are looked at: a forged Host learns nothing else either.
    expect((await rawGet(metrics.url.replace('/metrics', '/other'), 'attacker.example')).status).toBe(421);
    expect(metrics.lastScrapeAt()).toBe(7);
  });

  it('bound to [::1]: answers [::1] and localhost, refuses 127.0.0.1 and names', async () => {
    const started = await startMetricsServer({ host: '::1', port: 0, render: () => 'm 1\n' });
    if (!started.ok) throw new Error(started.error.message);
    server = started.value;
    const port = new URL(server.url).port;
    expect((await rawGet(server.url, `[::1]:${port}`)).status).toBe(200);
    expect((await rawGet(server.url, `[0:0:0:0:0:0:0:1]:${port}`)).status).toBe(200);
    expect((await rawGet(server.url, `localhost:${port}`)).status).toBe(200);
    expect((await rawGet(server.url, `127.0.0.1:${port}`)).status).toBe(421);
    expect((await rawGet(server.url, `rebind.example:${port}`)).status).toBe(421);
  });

  it('bound to 0.0.0.0: answers the address the connection arrived at (and localhost on loopback), nothing else', async () => {
    const metrics = await start(() => 1, '0.0.0.0');
    const port = new URL(metrics.url).port;
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await rawGet(url, `127.0.0.1:${port}`)).status).toBe(200);
    expect((await rawGet(url, `localhost:${port}`)).status).toBe(200);
    // Another of the machine's addresses named over a loopback connection, or a name: not this listener.
    expect((await rawGet(url, `192.0.2.1:${port}`)).status).toBe(421);
    expect((await rawGet(url, `0.0.0.0:${port}`)).status).toBe(421);
    expect((await rawGet(url, `site-metrics.example:${port}`)).status).toBe(421);
  });
});
