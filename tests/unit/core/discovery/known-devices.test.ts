/**
 * Identity across address changes as a scan streams its findings: MAC first, address when the device gave
 * no MAC; a known MAC elsewhere is `moved` only once its old address is found silent; two live addresses
 * with one MAC are two devices, each reported with the other (the first one again).
 */
import { describe, expect, it } from 'vitest';
import type { DiscoveredHost } from '../../../../shared/domain/discovery';
import type { KnownDevice } from '../../../../electron/core/discovery/known-devices';
import { KnownDevices } from '../../../../electron/core/discovery/known-devices';
import type { Finding } from '../../../../electron/core/discovery/prober';

const finding = (address: string, mac: string | null): Finding => ({
  address,
  port: 80,
  scheme: 'http',
  kind: 'device',
  identity: mac === null ? null : { mac, model: null, firmware: null, hostname: null, serial: null },
});

const KNOWN: KnownDevice[] = [
  { deviceId: 'mac:02:00:00:00:00:01', address: 'http://10.0.0.1', mac: '02:00:00:00:00:01' },
  { deviceId: 'mac:02:00:00:00:00:02', address: 'http://10.0.0.2', mac: '02:00:00:00:00:02' },
  { deviceId: 'addr:10.0.0.3:80', address: 'http://10.0.0.3', mac: null },
];

/** A judge whose old-address checks answer from `answers` (address → MAC, absent: silent). */
function judge(answers: Record<string, string> = {}) {
  const reports: { host: DiscoveredHost; again: boolean }[] = [];
  const asked: string[] = [];
  const known = new KnownDevices({
    known: KNOWN,
    check: (address) => {
      asked.push(address);
      return Promise.resolve(answers[address] ?? null);
    },
    report: (host, again) => reports.push({ host, again }),
  });
  return { known, reports, asked };
}

describe('KnownDevices', () => {
  it('tells new and known devices apart by MAC, whatever its spelling, and by address without one', async () => {
    const { known, reports, asked } = judge();
    known.judge(finding('10.0.0.1', '02-00-00-00-00-01'));
    known.judge(finding('10.0.0.8', '02:00:00:00:00:03'));
    known.judge(finding('10.0.0.3', null));
    known.judge(finding('10.0.0.99', null));
    await known.settled();
    expect(reports.map((r) => [r.host.address, r.host.seen, r.again])).toEqual([
      ['10.0.0.1', 'known', false],
      ['10.0.0.8', 'new', false],
      ['10.0.0.3', 'known', false],
      ['10.0.0.99', 'new', false],
    ]);
    expect(asked).toEqual([]);
  });

  it('reports a known MAC at a new address as moved once its old address is found silent', async () => {
    const { known, reports, asked } = judge();
    known.judge(finding('10.0.0.7', '02:00:00:00:00:02'));
    expect(reports).toEqual([]);
    await known.settled();
    expect(asked).toEqual(['http://10.0.0.2']);
    expect(reports).toEqual([
      {
        host: expect.objectContaining({ address: '10.0.0.7', seen: 'moved', previousAddress: '10.0.0.2' }),
        again: false,
      },
    ]);
    expect(reports[0]?.host.sameMacAs).toBeUndefined();
  });

  it('reports a known MAC at a new address as another device while its old address still answers with it', async () => {
    const { known, reports } = judge({ 'http://10.0.0.2': '02:00:00:00:00:02' });
    known.judge(finding('10.0.0.7', '02:00:00:00:00:02'));
    await known.settled();
    expect(reports).toEqual([
      {
        host: expect.objectContaining({ address: '10.0.0.7', seen: 'new', sameMacAs: ['http://10.0.0.2'] }),
        again: false,
      },
    ]);
  });

  it('reports two live addresses with one MAC as two devices, the first one again with the second', async () => {
    const { known, reports } = judge();
    known.judge(finding('10.0.0.12', '02:00:00:00:00:09'));
    known.judge(finding('10.0.0.13', '02:00:00:00:00:09'));
    known.judge(finding('10.0.0.14', '02:00:00:00:00:09'));
    await known.settled();
    const last = new Map(reports.map((r) => [r.host.address, r.host.sameMacAs]));
    expect(Object.fromEntries(last)).toEqual({
      '10.0.0.12': ['http://10.0.0.13', 'http://10.0.0.14'],
      '10.0.0.13': ['http://10.0.0.12', 'http://10.0.0.14'],
      '10.0.0.14': ['http://10.0.0.12', 'http://10.0.0.13'],
    });
    expect(reports.filter((r) => !r.again).map((r) => r.host.address)).toEqual([
      '10.0.0.12',
      '10.0.0.13',
      '10.0.0.14',
    ]);
  });

  it('reports a finding still waiting for its old address when the check cannot be made (cancelled)', async () => {
    const reports: DiscoveredHost[] = [];
    const known = new KnownDevices({
      known: KNOWN,
      check: () => Promise.resolve(undefined),
      report: (host) => reports.push(host),
    });
    known.judge(finding('10.0.0.7', '02:00:00:00:00:02'));
    await known.settled();
    expect(reports).toEqual([expect.objectContaining({ address: '10.0.0.7', seen: 'new' })]);
  });
});
