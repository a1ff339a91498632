/**
 * The fleet as the inventory's current site: a first site when there is none, the old fleet.json moved
 * in once and kept, planned devices left out until found, what changed after a switch, and the TLS pins
 * the device clients read.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLEET_FILE } from '../../../../electron/core/fleet/legacy-fleet';
import { FIRST_SITE_NAME, openSiteDeviceList } from '../../../../electron/core/fleet/site-devices';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { foundDevice, tempDataDir } from '../../../support/inventory-fixtures';

const open = (dataDir: string) => {
  const inventory = createInventoryServices({
    dataDir,
    laptop: 'laptop',
    app: { name: 'Minerdeck', version: '0' },
  });
  return { inventory, list: () => openSiteDeviceList({ inventory, dataDir }) };
};

const legacyFleet = {
  version: 1,
  devices: [
    {
      deviceId: 'mac:AA:BB:CC:00:00:01',
      address: 'http://127.0.1.1:8080',
      identity: { mac: 'AA:BB:CC:00:00:01', hostname: 'a', model: 'S21', firmware: null, serial: null },
    },
    {
      deviceId: 'addr:127.0.1.2:8080',
      address: 'http://127.0.1.2:8080',
      identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
    },
  ],
};

describe('the fleet as the current site', () => {
  it('gives a fresh install a first site, current, so scans have somewhere to go', async () => {
    const { inventory, list } = open(tempDataDir('fleet'));
    const devices = await list();
    expect(devices.site()?.name).toBe(FIRST_SITE_NAME);
    const listed = await inventory.listSites();
    expect(listed.ok && listed.value.currentSiteId).toBe(devices.site()?.id);
  });

  it('moves the old fleet.json into the current site once, keeping the file and every device', async () => {
    const dataDir = tempDataDir('fleet');
    writeFileSync(join(dataDir, FLEET_FILE), JSON.stringify(legacyFleet));
    const { inventory, list } = open(dataDir);
    const devices = await list();
    expect(
      devices
        .all()
        .map((e) => e.deviceId)
        .sort(),
    ).toEqual(['addr:127.0.1.2:8080', 'mac:AA:BB:CC:00:00:01']);
    expect(devices.get('mac:AA:BB:CC:00:00:01')?.identity.model).toBe('S21');
    expect(devices.problems()).toEqual([
      expect.objectContaining({
        kind: 'migrated',
        keptAt: expect.stringMatching(/fleet\.migrated-.*\.json$/),
      }),
    ]);
    expect(existsSync(join(dataDir, FLEET_FILE))).toBe(false);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('fleet.migrated-'))).toHaveLength(1);

    // A second start finds nothing to move and the same devices.
    const again = await openSiteDeviceList({ inventory, dataDir });
    expect(again.all()).toHaveLength(2);
    expect(again.problems()).toEqual([]);
  });

  it('leaves an unreadable fleet.json where it is and says so', async () => {
    const dataDir = tempDataDir('fleet');
    writeFileSync(join(dataDir, FLEET_FILE), '{"version": 1, "devi');
    const devices = await open(dataDir).list();
    expect(devices.problems()[0]?.message).toMatch(/could not be read; it was left as it is/);
    expect(existsSync(join(dataDir, FLEET_FILE))).toBe(true);
  });

  it('follows a site switch with what changed, and leaves planned devices out until a scan finds them', async () => {
    const { inventory, list } = open(tempDataDir('fleet'));
    const devices = await list();
    expect((await devices.save([foundDevice('127.0.1.1', { mac: 'AA:00:00:00:00:01' })])).ok).toBe(true);
    expect((await devices.reload()).added.map((e) => e.deviceId)).toEqual(['mac:AA:00:00:00:00:01']);

    await inventory.createSite({ name: 'Hall 2', use: true });
    await inventory.importText('address,label\n127.0.2.9,planned one\n');
    const switched = await devices.reload();
    expect(switched.removed).toEqual(['mac:AA:00:00:00:00:01']);
    expect(switched.added).toEqual([]);
    expect(devices.site()?.name).toBe('Hall 2');

    await devices.save([foundDevice('127.0.2.9', { mac: 'AA:00:00:00:00:09' })]);
    const found = await devices.reload();
    expect(found.added.map((e) => e.addressText)).toEqual(['http://127.0.2.9']);
  });

  it('reports a moved device and serves the inventory pins to the device clients', async () => {
    const { inventory, list } = open(tempDataDir('fleet'));
    const devices = await list();
    const mac = { mac: 'AA:00:00:00:00:05' };
    await devices.save([
      foundDevice('127.0.1.5', mac, { scheme: 'https', port: 8443, tlsFingerprint256: 'AB:CD' }),
    ]);
    await devices.reload();
    expect(devices.pins.get('127.0.1.5:8443')).toBeUndefined();
    await inventory.trustCertificate(undefined, 'mac:AA:00:00:00:00:05', 'abcd');
    await devices.reload();
    expect(devices.pins.get('127.0.1.5:8443')).toBe('AB:CD');

    await devices.save([
      foundDevice('127.0.1.6', mac, {
        scheme: 'https',
        port: 8443,
        seen: 'moved',
        previousAddress: '127.0.1.5',
      }),
    ]);
    const moved = await devices.reload();
    expect(moved.moved.map((e) => e.addressText)).toEqual(['https://127.0.1.6:8443']);
    expect(devices.knownDevices()).toEqual([
      { deviceId: 'mac:AA:00:00:00:00:05', address: 'https://127.0.1.6:8443', mac: 'AA:00:00:00:00:05' },
    ]);
  });

  it('keeps two devices with one MAC as two rows, each flagged with the other', async () => {
    const { list } = open(tempDataDir('fleet'));
    const devices = await list();
    const mac = { mac: 'AA:00:00:00:00:07' };
    await devices.save([foundDevice('127.0.1.7', mac)]);
    await devices.reload();
    await devices.save([foundDevice('127.0.1.8', mac, { sameMacAs: ['http://127.0.1.7'] })]);
    const change = await devices.reload();
    expect(change.added.map((e) => [e.deviceId, e.sameMacAs])).toEqual([
      ['addr:127.0.1.8:80', ['http://127.0.1.7']],
    ]);
    // The first row learns of the second: a change the window and the monitor are told of.
    expect(change.changed.map((e) => [e.deviceId, e.sameMacAs])).toEqual([
      ['mac:AA:00:00:00:00:07', ['http://127.0.1.8']],
    ]);
    expect(devices.all()).toHaveLength(2);
  });
});
