/** Identity across address changes: MAC first, address when the device gave no MAC. */
import { describe, expect, it } from 'vitest';
import { KnownDevices } from '../../../../electron/core/discovery/known-devices';
import type { Finding } from '../../../../electron/core/discovery/prober';

const finding = (address: string, mac: string | null): Finding => ({
  address,
  port: 80,
  scheme: 'http',
  kind: 'device',
  identity: mac === null ? null : { mac, model: null, firmware: null, hostname: null, serial: null },
});

describe('KnownDevices', () => {
  const known = new KnownDevices(
    new Map([
      ['02-00-00-00-00-01', '10.0.0.1'],
      ['02:00:00:00:00:02', '10.0.0.2'],
    ]),
  );

  it('tells new, known and moved devices apart by MAC, whatever its spelling', () => {
    expect(known.judge(finding('10.0.0.1', '02:00:00:00:00:01'))).toMatchObject({ seen: 'known' });
    expect(known.judge(finding('10.0.0.7', '02:00:00:00:00:02'))).toMatchObject({
      seen: 'moved',
      previousAddress: '10.0.0.2',
    });
    expect(known.judge(finding('10.0.0.8', '02:00:00:00:00:03'))).toMatchObject({ seen: 'new' });
  });

  it('reports a MAC once per scan', () => {
    expect(known.judge(finding('10.0.0.9', '02:00:00:00:00:03'))).toBeUndefined();
  });

  it('falls back to the address for devices that gave no MAC', () => {
    expect(known.judge(finding('10.0.0.2', null))).toMatchObject({ seen: 'known' });
    expect(known.judge(finding('10.0.0.99', null))).toMatchObject({ seen: 'new' });
  });
});
