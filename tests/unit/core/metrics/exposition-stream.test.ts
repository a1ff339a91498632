/**
 * The streamed scrape: byte for byte the scrape made at once, in chunks, giving the event loop a turn
 * between families; and the metrics server sending it chunked over real loopback HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderExpositionBytes, streamExposition } from '../../../../electron/core/metrics/exposition';
import type { MetricsServer } from '../../../../electron/core/metrics/metrics-server';
import { startMetricsServer } from '../../../../electron/core/metrics/metrics-server';
import { expositionInput, fleetView } from '../../../support/metrics-fixtures';

let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('streamExposition', () => {
  it.each(['text', 'openmetrics'] as const)(
    'writes exactly the %s scrape made at once, in several chunks',
    async (format) => {
      const input = expositionInput(fleetView(400));
      const chunks: Buffer[] = [];
      await streamExposition(input, format, (chunk) => chunks.push(chunk));
      expect(chunks.length).toBeGreaterThan(5);
      expect(Buffer.concat(chunks).equals(renderExpositionBytes(input, format))).toBe(true);
    },
  );

  it('lets other work run while a large scrape is made, not only after it', async () => {
    const input = expositionInput(fleetView(2_000));
    let chunksWhenTimerRan = -1;
    let chunks = 0;
    setImmediate(() => {
      chunksWhenTimerRan = chunks;
    });
    await streamExposition(input, 'text', () => {
      chunks += 1;
    });
    expect(chunksWhenTimerRan).toBeGreaterThan(0);
    expect(chunksWhenTimerRan).toBeLessThan(chunks);
  });
});

describe('startMetricsServer with a streamed scrape', () => {
  it('sends the whole scrape chunked for GET, headers only for HEAD, and keeps the scrape time', async () => {
    const input = expositionInput(fleetView(300));
    const started = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      now: () => 7_000,
      stream: (format, write) => streamExposition(input, format, write),
    });
    if (!started.ok) throw new Error(started.error.message);
    server = started.value;
    const answer = await fetch(server.url, { headers: { accept: 'application/openmetrics-text' } });
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.headers.get('content-type')).toMatch(/^application\/openmetrics-text/);
    expect(Buffer.from(await answer.arrayBuffer()).equals(renderExpositionBytes(input, 'openmetrics'))).toBe(
      true,
    );
    expect(server.lastScrapeAt()).toBe(7_000);
    const head = await fetch(server.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
