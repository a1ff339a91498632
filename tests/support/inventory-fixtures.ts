/**
 * The one place inventory tests get their material: a temp data folder per test (cleaned up), scan
 * results shaped as the scanner reports them, and a version 1 inventory file as the 0.1 previews wrote it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { DiscoveredHost } from '../../shared/domain/discovery';

const folders: string[] = [];

/** A fresh folder under the OS temp dir, removed after the test. Call inside a test or a hook. */
export function tempDataDir(label = 'inventory'): string {
  const dir = mkdtempSync(join(tmpdir(), `minerdeck-${label}-`));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A device as discovery reports it; `mac: null` for a device known by address only. */
export function foundDevice(
  address: string,
  identity: Partial<NonNullable<DiscoveredHost['identity']>> | null = {},
  extra: Partial<DiscoveredHost> = {},
): DiscoveredHost {
  return {
    address,
    port: 80,
    scheme: 'http',
    kind: 'device',
    identity:
      identity === null
        ? null
        : {
            mac: null,
            model: 'Antminer S21 Pro',
            firmware: 'Vnish 1.2.7',
            hostname: 'Antminer',
            serial: null,
            ...identity,
          },
    seen: 'new',
    ...extra,
  };
}

/** Fixed clock steps: `clock.now()` then `clock.advance(ms)`. */
export function testClock(start = Date.parse('2026-03-01T08:00:00.000Z')) {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** An inventory file of schema version 1: no sites, one address per device, a device listed twice. */
export const V1_INVENTORY = {
  schemaVersion: 1,
  devices: [
    {
      mac: 'aa-bb-cc-00-00-01',
      address: '10.0.0.5',
      hostname: 'miner-a',
      model: 'Antminer S19',
      firmware: 'Vnish 1.2.0',
      tlsFingerprint: null,
      notes: 'rack 1',
      firstSeen: '2025-01-01T10:00:00.000Z',
      lastSeen: '2025-01-02T10:00:00.000Z',
    },
    {
      mac: 'AA:BB:CC:00:00:01',
      address: 'http://10.0.0.9',
      hostname: 'miner-a',
      firmware: 'Vnish 1.2.1',
      notes: 'moved by DHCP',
      firstSeen: '2025-01-03T10:00:00.000Z',
      lastSeen: '2025-01-04T10:00:00.000Z',
    },
    {
      address: 'https://10.0.0.7:8443',
      tlsFingerprint: 'AB:CD:EF',
      firstSeen: '2025-01-01T11:00:00.000Z',
      lastSeen: '2025-01-01T12:00:00.000Z',
    },
  ],
  settings: {},
};
