/** What scans add to a site: new, known and moved devices, address history, planned devices identified. */
import { describe, expect, it } from 'vitest';
import {
  editDevice,
  knownDevicesOf,
  recordScan,
  trustCertificate,
} from '../../../../electron/core/inventory/devices';
import { emptyInventory } from '../../../../electron/core/inventory/schema';
import { createSite } from '../../../../electron/core/inventory/sites';
import { addPlannedDevices } from '../../../../electron/core/inventory/targets-csv';
import { tlsPinsOf } from '../../../../electron/core/inventory/tls-pins';
import { foundDevice, testClock } from '../../../support/inventory-fixtures';

function hall() {
  const clock = testClock();
  const inventory = emptyInventory();
  createSite(inventory, { name: 'Hall' }, clock.now());
  return { inventory, clock };
}

const MAC = 'AA:BB:CC:00:00:01';

describe('recordScan', () => {
  it('adds devices under the credentials’ id, leaves web servers out, and counts what it did', () => {
    const { inventory, clock } = hall();
    const outcome = recordScan(
      inventory,
      'hall',
      [
        foundDevice('10.0.0.5', { mac: MAC, serial: 'SN1' }),
        foundDevice('10.0.0.6', null),
        { ...foundDevice('10.0.0.7', null), kind: 'http-other' },
      ],
      clock.now(),
    );
    expect(outcome).toEqual({ added: 2, updated: 0, moved: [], identified: 0 });
    expect(inventory.devices.map((d) => [d.id, d.address, d.commissioning.status])).toEqual([
      [`mac:${MAC}`, 'http://10.0.0.5', 'found'],
      ['addr:10.0.0.6:80', 'http://10.0.0.6', 'found'],
    ]);
    expect(inventory.devices[0]?.identity).toEqual({
      mac: MAC,
      hostname: 'Antminer',
      model: 'Antminer S21 Pro',
      firmware: 'Vnish 1.2.7',
      serial: 'SN1',
    });
  });

  it('recognises a device at a new address by its MAC, keeps the address history, and feeds the scanner', () => {
    const { inventory, clock } = hall();
    recordScan(inventory, 'hall', [foundDevice('10.0.0.5', { mac: MAC })], clock.now());
    clock.advance(3_600_000);
    expect(knownDevicesOf(inventory, 'hall')).toEqual([
      { deviceId: `mac:${MAC}`, address: 'http://10.0.0.5', mac: MAC },
    ]);
    // The scan found its old address silent: it moved.
    const outcome = recordScan(
      inventory,
      'hall',
      [
        foundDevice(
          '10.0.0.9',
          { mac: MAC, firmware: 'Vnish 1.2.8', hostname: null },
          { seen: 'moved', previousAddress: '10.0.0.5' },
        ),
      ],
      clock.now(),
    );
    expect(outcome).toEqual({
      added: 0,
      updated: 1,
      moved: [{ deviceId: `mac:${MAC}`, from: 'http://10.0.0.5', to: 'http://10.0.0.9' }],
      identified: 0,
    });
    const [device] = inventory.devices;
    expect(device).toMatchObject({
      address: 'http://10.0.0.9',
      identity: { firmware: 'Vnish 1.2.8', hostname: 'Antminer' },
      firstSeen: '2026-03-01T08:00:00.000Z',
      lastSeen: '2026-03-01T09:00:00.000Z',
    });
    expect(device?.addressHistory.map((h) => h.address)).toEqual(['http://10.0.0.5', 'http://10.0.0.9']);
    expect(knownDevicesOf(inventory, 'hall')).toEqual([
      { deviceId: `mac:${MAC}`, address: 'http://10.0.0.9', mac: MAC },
    ]);
  });

  it('keeps two live addresses with one MAC as two devices, and never moves one without a silent old address', () => {
    const { inventory, clock } = hall();
    recordScan(inventory, 'hall', [foundDevice('10.0.0.13', { mac: MAC })], clock.now());
    clock.advance(60_000);
    // A clone answers at .12 while .13 still answers: the known device keeps its id, the clone is new.
    const outcome = recordScan(
      inventory,
      'hall',
      [
        foundDevice('10.0.0.12', { mac: MAC }, { sameMacAs: ['http://10.0.0.13'] }),
        foundDevice('10.0.0.13', { mac: MAC }, { seen: 'known', sameMacAs: ['http://10.0.0.12'] }),
      ],
      clock.now(),
    );
    expect(outcome).toEqual({ added: 1, updated: 1, moved: [], identified: 0 });
    expect(inventory.devices.map((d) => [d.id, d.address, d.identity.mac])).toEqual([
      [`mac:${MAC}`, 'http://10.0.0.13', MAC],
      ['addr:10.0.0.12:80', 'http://10.0.0.12', MAC],
    ]);
    // Found alone later, without word that .13 went silent: still the clone, not the known device moved.
    recordScan(inventory, 'hall', [foundDevice('10.0.0.12', { mac: MAC })], clock.now());
    expect(inventory.devices.map((d) => [d.id, d.address])).toEqual([
      [`mac:${MAC}`, 'http://10.0.0.13'],
      ['addr:10.0.0.12:80', 'http://10.0.0.12'],
    ]);
    // A third address with the MAC, found with no other: a device of its own too.
    recordScan(inventory, 'hall', [foundDevice('10.0.0.14', { mac: MAC })], clock.now());
    expect(inventory.devices.map((d) => d.id)).toEqual([
      `mac:${MAC}`,
      'addr:10.0.0.12:80',
      'addr:10.0.0.14:80',
    ]);
  });

  it('identifies a planned device (from a CSV) when a scan finds it: label and notes carry over', () => {
    const { inventory, clock } = hall();
    addPlannedDevices(
      inventory,
      'hall',
      [{ address: 'http://10.0.0.5', label: 'R1-S4', notes: 'left PSU', line: 2 }],
      clock.now(),
    );
    expect(inventory.devices[0]).toMatchObject({
      id: 'addr:10.0.0.5:80',
      commissioning: { status: 'planned' },
      lastSeen: null,
    });
    clock.advance(60_000);
    const outcome = recordScan(inventory, 'hall', [foundDevice('10.0.0.5', { mac: MAC })], clock.now());
    expect(outcome.identified).toBe(1);
    expect(inventory.devices).toEqual([
      expect.objectContaining({
        id: `mac:${MAC}`,
        label: 'R1-S4',
        notes: 'left PSU',
        firstSeen: '2026-03-01T08:00:00.000Z',
        commissioning: { status: 'found', updatedAt: '2026-03-01T08:01:00.000Z' },
      }),
    ]);
  });

  it('keeps the fingerprint a scan saw apart from the pin, and pins only that fingerprint', () => {
    const { inventory, clock } = hall();
    const https = foundDevice(
      '10.0.0.5',
      { mac: MAC },
      { port: 443, scheme: 'https', tlsFingerprint256: 'AB:CD:01' },
    );
    recordScan(inventory, 'hall', [https], clock.now());
    expect(inventory.devices[0]).toMatchObject({
      address: 'https://10.0.0.5',
      tlsSeen: 'AB:CD:01',
      tlsPin: null,
    });
    expect(trustCertificate(inventory, 'hall', `mac:${MAC}`, 'ab:cd:02')).toMatchObject({ ok: false });
    expect(trustCertificate(inventory, 'hall', `mac:${MAC}`, 'abcd01')).toMatchObject({
      ok: true,
      value: { tlsPin: 'AB:CD:01' },
    });
    // The device client asks for pins by host:port.
    expect(tlsPinsOf(inventory).get('10.0.0.5:443')).toBe('AB:CD:01');
    expect(tlsPinsOf(inventory).get('10.0.0.6:443')).toBeUndefined();
  });

  it('edits label and notes, and says when the device is not there', () => {
    const { inventory, clock } = hall();
    recordScan(inventory, 'hall', [foundDevice('10.0.0.5', { mac: MAC })], clock.now());
    expect(
      editDevice(inventory, 'hall', `mac:${MAC}`, { label: ' R2 ', notes: 'fan 3 noisy' }),
    ).toMatchObject({
      ok: true,
      value: { label: 'R2', notes: 'fan 3 noisy' },
    });
    expect(editDevice(inventory, 'hall', 'mac:00:00:00:00:00:01', { label: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
