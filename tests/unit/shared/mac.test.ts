/**
 * A MAC field that is not a MAC is no identity: not in the reading, not in discovery's identity, not a
 * credential id, not kept in the inventory — so two devices that both say "N/A" are never one device.
 */
import { describe, expect, it } from 'vitest';
import { parseMac } from '../../../shared/domain/mac';
import { macDeviceId } from '../../../electron/core/credentials/device-identity';
import { identityFromInfo } from '../../../electron/core/discovery/classify';
import { recordScan } from '../../../electron/core/inventory/devices';
import {
  buildSiteExport,
  parseSiteExport,
  serializeSiteExport,
} from '../../../electron/core/inventory/exchange';
import { emptyInventory } from '../../../electron/core/inventory/schema';
import { createSite } from '../../../electron/core/inventory/sites';
import { foundDevice, testClock } from '../../support/inventory-fixtures';

const NOT_MACS = [
  'N/A',
  'unknown',
  '',
  '   ',
  '00:00:00:00:00:00',
  'FF:FF:FF:FF:FF:FF',
  '02:95:23:B3:E0',
  'serial-1234567',
];

const infoSaying = (mac: unknown) => ({
  status: 200,
  headers: {},
  body: JSON.stringify({ miner: 'Antminer S21 Pro', system: { network_status: { mac } } }),
});

describe('parseMac', () => {
  it.each([
    ['02:95:23:b3:e0:79', '02:95:23:B3:E0:79'],
    ['02-95-23-B3-E0-79', '02:95:23:B3:E0:79'],
    ['0295.23b3.e079', '02:95:23:B3:E0:79'],
    [' 029523b3e079 ', '02:95:23:B3:E0:79'],
  ])('%j → %j', (text, mac) => {
    expect(parseMac(text)).toBe(mac);
  });

  it.each(NOT_MACS)('%j is not a MAC', (text) => {
    expect(parseMac(text)).toBeUndefined();
  });
});

describe('a MAC field that is not a MAC', () => {
  it.each(NOT_MACS)('%j: discovery keeps the device, known by its address, not by that text', (text) => {
    expect(identityFromInfo(infoSaying(text))).toMatchObject({ mac: null, model: 'Antminer S21 Pro' });
    expect(macDeviceId(text)).toBeUndefined();
  });

  it('two devices saying "N/A" are saved as two devices, by address', () => {
    const clock = testClock();
    const inventory = emptyInventory();
    createSite(inventory, { name: 'Hall' }, clock.now());
    const hosts = ['10.0.0.5', '10.0.0.6'].map((a) => foundDevice(a, identityFromInfo(infoSaying('N/A'))));
    expect(recordScan(inventory, 'hall', hosts, clock.now()).added).toBe(2);
    expect(inventory.devices.map((d) => [d.id, d.identity.mac])).toEqual([
      ['addr:10.0.0.5:80', null],
      ['addr:10.0.0.6:80', null],
    ]);
  });

  it('is dropped from an inventory that kept one (older versions) at the next sighting', () => {
    const clock = testClock();
    const inventory = emptyInventory();
    createSite(inventory, { name: 'Hall' }, clock.now());
    recordScan(inventory, 'hall', [foundDevice('10.0.0.5', null)], clock.now());
    inventory.devices[0]!.identity.mac = 'N/A';
    recordScan(inventory, 'hall', [foundDevice('10.0.0.5', { mac: null })], clock.now());
    expect(inventory.devices[0]?.identity.mac).toBeNull();
  });

  it('is not taken in from a site export', () => {
    const clock = testClock();
    const inventory = emptyInventory();
    createSite(inventory, { name: 'Hall' }, clock.now());
    recordScan(inventory, 'hall', [foundDevice('10.0.0.5', null)], clock.now());
    inventory.devices[0]!.identity.mac = 'unknown';
    const exported = buildSiteExport(inventory, 'hall', {
      app: 'x',
      version: '1',
      laptop: 'l',
      now: clock.now(),
    });
    if (!exported.ok) throw new Error(exported.error.message);
    const parsed = parseSiteExport(serializeSiteExport(exported.value));
    expect(parsed.ok && parsed.value.devices[0]?.identity.mac).toBeNull();
  });
});
