/** The scan's output formats: the exact JSON lines, readable lines, and a progress bar only on a terminal. */
import { describe, expect, it } from 'vitest';
import {
  ProgressBar,
  resultJson,
  resultLine,
  summaryJson,
  summaryLine,
} from '../../../electron/cli/scan-display';
import type { DiscoveredHost, ScanSummary } from '../../../shared/domain/discovery';

const device: DiscoveredHost = {
  address: '10.0.0.5',
  port: 80,
  scheme: 'http',
  kind: 'device',
  identity: {
    mac: '02:00:00:00:00:05',
    model: 'Antminer S21 Pro',
    firmware: 'Vnish 1.2.7',
    hostname: null,
    serial: null,
  },
  seen: 'moved',
  previousAddress: '10.0.0.9',
};
const summary: ScanSummary = {
  probed: 254,
  total: 254,
  found: 3,
  durationMs: 1042,
  cancelled: false,
  unresolved: [],
  failed: 0,
};

describe('scan output', () => {
  it('JSON lines carry exactly the specified keys, unknown identity fields as null', () => {
    expect(JSON.parse(resultJson(device))).toEqual({
      address: '10.0.0.5',
      port: 80,
      kind: 'device',
      identity: {
        mac: '02:00:00:00:00:05',
        model: 'Antminer S21 Pro',
        firmware: 'Vnish 1.2.7',
        hostname: null,
        serial: null,
      },
    });
    expect(resultJson({ ...device, kind: 'http-other', identity: null })).toBe(
      '{"address":"10.0.0.5","port":80,"kind":"http-other","identity":null}',
    );
    expect(summaryJson(summary)).toBe('{"summary":{"probed":254,"found":3,"durationMs":1042}}');
  });

  it('readable lines show what is known, and a move', () => {
    expect(resultLine(device)).toBe(
      'device     10.0.0.5:80            Antminer S21 Pro  ·  Vnish 1.2.7  ·  02:00:00:00:00:05  ·  moved from 10.0.0.9',
    );
    expect(
      resultLine({ ...device, address: 'fe80::1', scheme: 'https', port: 443, identity: null, seen: 'new' }),
    ).toBe('device     https://[fe80::1]:443  identity not shared without credentials');
    expect(summaryLine(summary, 2)).toBe(
      'Found 2 devices and 1 other web server among 254 addresses in 1.04 s.',
    );
    expect(summaryLine({ ...summary, probed: 100, found: 1, cancelled: true }, 1)).toBe(
      'Found 1 device cancelled after 100 addresses of 254 in 1.04 s.',
    );
  });

  it('draws the bar in place on a terminal and nowhere else', () => {
    const writes: string[] = [];
    const progress = { probed: 127, total: 254, found: 2, rate: 250, etaSeconds: 1, elapsedMs: 500 };
    new ProgressBar({ isTTY: false, write: (t) => writes.push(t) }).draw(progress);
    expect(writes).toEqual([]);
    const bar = new ProgressBar({ isTTY: true, columns: 100, write: (t) => writes.push(t) });
    bar.draw(progress);
    bar.around(() => writes.push('line\n'));
    bar.clear();
    expect(writes[0]).toBe(
      '\r[####################--------------------] 127/254 · 2 found · 250/s · 1 s left\x1b[K',
    );
    expect(writes.slice(1)).toEqual(['\r\x1b[K', 'line\n', writes[0], '\r\x1b[K']);
  });
});
