/** The site-metrics HTTP server over real loopback: what it answers, and the last scrape time it keeps. */
import { afterEach, describe, expect, it } from 'vitest';
import type { MetricsServer } from '../../../../electron/core/metrics/metrics-server';
import { startMetricsServer } from '../../../../electron/core/metrics/metrics-server';

let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(now: () => number): Promise<MetricsServer> {
  const started = await startMetricsServer({
    host: '127.0.0.1',
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
