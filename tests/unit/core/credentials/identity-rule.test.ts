/**
 * The identity rule: a device has moved only when its old address is silent; two live
 * addresses with one MAC are two devices — the MAC id stays with the device that had it, the other is
 * known by its address — and each is flagged with the other's address, in the same words everywhere.
 */
import { describe, expect, it } from 'vitest';
import type { KnownDevice } from '../../../../electron/core/credentials/identity-rule';
import {
  addressIdOf,
  judgeSightings,
  sameMacPeers,
} from '../../../../electron/core/credentials/identity-rule';
import { sameMacWords, shortAddress } from '../../../../shared/domain/same-mac';

const MAC = 'AA:BB:CC:00:00:01';
const at = (host: string): string => `http://${host}`;
const holderAt = (host: string): KnownDevice => ({ deviceId: `mac:${MAC}`, address: at(host), mac: MAC });

const verdicts = (
  hosts: readonly string[],
  known: readonly KnownDevice[] = [],
  silent: readonly string[] = [],
): Record<string, unknown> =>
  Object.fromEntries(
    judgeSightings(
      hosts.map((host) => ({ address: at(host), mac: MAC.toLowerCase().replace(/:/g, '-') })),
      known,
      new Set(silent.map(at)),
    ),
  );

describe('judgeSightings', () => {
  it('keeps one address with a MAC under the MAC id: new, known, or moved when the old address is silent', () => {
    expect(verdicts(['10.0.0.12'])).toEqual({
      [at('10.0.0.12')]: { deviceId: `mac:${MAC}`, seen: 'new', sameMacAs: [] },
    });
    expect(verdicts(['10.0.0.12'], [holderAt('10.0.0.12')])[at('10.0.0.12')]).toMatchObject({
      deviceId: `mac:${MAC}`,
      seen: 'known',
    });
    expect(verdicts(['10.0.0.20'], [holderAt('10.0.0.12')], ['10.0.0.12'])[at('10.0.0.20')]).toEqual({
      deviceId: `mac:${MAC}`,
      seen: 'moved',
      previousAddress: at('10.0.0.12'),
      sameMacAs: [],
    });
  });

  it('never moves a known device without evidence that its old address stopped answering', () => {
    expect(verdicts(['10.0.0.20'], [holderAt('10.0.0.12')])[at('10.0.0.20')]).toEqual({
      deviceId: 'addr:10.0.0.20:80',
      seen: 'new',
      sameMacAs: [],
    });
  });

  it('makes two live addresses with one MAC two devices: the holder keeps its id, each names the other', () => {
    expect(verdicts(['10.0.0.13', '10.0.0.12'], [holderAt('10.0.0.13')])).toEqual({
      [at('10.0.0.12')]: { deviceId: 'addr:10.0.0.12:80', seen: 'new', sameMacAs: [at('10.0.0.13')] },
      [at('10.0.0.13')]: { deviceId: `mac:${MAC}`, seen: 'known', sameMacAs: [at('10.0.0.12')] },
    });
  });

  it('gives the MAC id to the lowest address when nobody held it, so every tool agrees', () => {
    const three = verdicts(['10.0.0.14', '10.0.0.9', '10.0.0.12']);
    expect(
      Object.fromEntries(Object.entries(three).map(([a, v]) => [a, (v as { deviceId: string }).deviceId])),
    ).toEqual({
      [at('10.0.0.9')]: `mac:${MAC}`,
      [at('10.0.0.12')]: 'addr:10.0.0.12:80',
      [at('10.0.0.14')]: 'addr:10.0.0.14:80',
    });
    expect(three[at('10.0.0.12')]).toMatchObject({ sameMacAs: [at('10.0.0.9'), at('10.0.0.14')] });
  });

  it('keeps a live address that is a device of its own (a duplicate seen before) under its own id', () => {
    const twin: KnownDevice = { deviceId: 'addr:10.0.0.13:80', address: at('10.0.0.13'), mac: MAC };
    // The holder is silent; the known duplicate is not where it moved to, and keeps its id.
    expect(verdicts(['10.0.0.13'], [holderAt('10.0.0.12'), twin], ['10.0.0.12'])).toEqual({
      [at('10.0.0.13')]: { deviceId: 'addr:10.0.0.13:80', seen: 'known', sameMacAs: [] },
    });
    // A planned device (from a CSV) at an address is identified by what answers there.
    const planned: KnownDevice = {
      deviceId: 'addr:10.0.0.5:80',
      address: at('10.0.0.5'),
      mac: null,
      planned: true,
    };
    expect(verdicts(['10.0.0.5'], [planned])[at('10.0.0.5')]).toMatchObject({
      deviceId: `mac:${MAC}`,
      seen: 'new',
    });
  });

  it('judges devices without a MAC by address, and an address sighted twice once', () => {
    const result = judgeSightings(
      [
        { address: at('10.0.0.6'), mac: null },
        { address: at('10.0.0.6'), mac: 'not a mac' },
        { address: at('10.0.0.7'), mac: '00:00:00:00:00:00' },
      ],
      [{ deviceId: 'addr:10.0.0.6:80', address: at('10.0.0.6'), mac: null }],
    );
    expect(Object.fromEntries(result)).toEqual({
      [at('10.0.0.6')]: { deviceId: 'addr:10.0.0.6:80', seen: 'known', sameMacAs: [] },
      [at('10.0.0.7')]: { deviceId: 'addr:10.0.0.7:80', seen: 'new', sameMacAs: [] },
    });
    expect(addressIdOf('https://[fe80::1]:8443')).toBe('addr:[fe80::1]:8443');
  });
});

describe('sameMacPeers and the words', () => {
  it('lists, for each record sharing a MAC, the other records in address order; alone or MAC-less: nothing', () => {
    const rows = [
      { mac: MAC, address: at('10.0.0.10') },
      { mac: 'aa-bb-cc-00-00-01', address: at('10.0.0.9') },
      { mac: null, address: at('10.0.0.11') },
      { mac: 'AA:BB:CC:00:00:02', address: at('10.0.0.12') },
    ];
    const peers = sameMacPeers(
      rows,
      (r) => r.mac,
      (r) => r.address,
    );
    expect([...peers].map(([row, others]) => [row.address, others])).toEqual([
      [at('10.0.0.10'), [at('10.0.0.9')]],
      [at('10.0.0.9'), [at('10.0.0.10')]],
    ]);
  });

  it('says "same MAC as …" with plain http addresses short, and counts a long list', () => {
    expect(sameMacWords([at('10.0.0.12')])).toBe('same MAC as 10.0.0.12');
    expect(sameMacWords([at('10.0.0.12'), 'https://10.0.0.14:8443'])).toBe(
      'same MAC as 10.0.0.12 and https://10.0.0.14:8443',
    );
    expect(sameMacWords(['a', 'b', 'c'].map((x) => at(`${x}.lan`)))).toBe(
      'same MAC as a.lan, b.lan and c.lan',
    );
    expect(sameMacWords(Array.from({ length: 12 }, (_, i) => at(`10.0.1.${i + 1}`)))).toBe(
      'same MAC as 10.0.1.1, 10.0.1.2, 10.0.1.3 and 9 more',
    );
    expect(shortAddress('http://10.0.0.5:8080')).toBe('10.0.0.5:8080');
  });
});
