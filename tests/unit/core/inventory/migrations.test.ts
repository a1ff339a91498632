/** Migrating an older inventory: version 1 (no sites, no address history) becomes a valid version 2. */
import { describe, expect, it } from 'vitest';
import { checkSiteId } from '../../../../electron/core/credentials/accounts';
import { INVENTORY_SCHEMA_VERSION } from '../../../../electron/core/inventory/schema';
import { migrate, V1_SITE_ID } from '../../../../electron/core/inventory/migrations';
import { V1_INVENTORY } from '../../../support/inventory-fixtures';

describe('migrate', () => {
  it('turns version 1 into the current version: a site, ids the credentials use, one device per MAC with its history', () => {
    const result = migrate(structuredClone(V1_INVENTORY));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fromVersion).toBe(1);
    const { inventory } = result;
    expect(inventory.schemaVersion).toBe(6);
    expect(inventory.activity).toEqual([]);
    expect(inventory.acceptance).toEqual([]);
    expect(inventory.sites).toEqual([
      expect.objectContaining({
        id: V1_SITE_ID,
        name: 'Imported devices',
        passwordRef: `site/${V1_SITE_ID}/password`,
      }),
    ]);
    expect(checkSiteId(V1_SITE_ID)).toBe(V1_SITE_ID);
    expect(inventory.settings.currentSiteId).toBe(V1_SITE_ID);
    const [moved, https] = inventory.devices;
    expect(moved).toMatchObject({
      id: 'mac:AA:BB:CC:00:00:01',
      siteId: V1_SITE_ID,
      identity: {
        mac: 'AA:BB:CC:00:00:01',
        hostname: 'miner-a',
        model: 'Antminer S19',
        firmware: 'Vnish 1.2.1',
      },
      address: 'http://10.0.0.9',
      addressHistory: [
        {
          address: 'http://10.0.0.5',
          firstSeen: '2025-01-01T10:00:00.000Z',
          lastSeen: '2025-01-02T10:00:00.000Z',
        },
        {
          address: 'http://10.0.0.9',
          firstSeen: '2025-01-03T10:00:00.000Z',
          lastSeen: '2025-01-04T10:00:00.000Z',
        },
      ],
      notes: 'rack 1\nmoved by DHCP',
      firstSeen: '2025-01-01T10:00:00.000Z',
      lastSeen: '2025-01-04T10:00:00.000Z',
      commissioning: { status: 'found' },
    });
    expect(https).toMatchObject({
      id: 'addr:10.0.0.7:8443',
      address: 'https://10.0.0.7:8443',
      tlsPin: 'AB:CD:EF',
      identity: { mac: null, hostname: null },
    });
    expect(inventory.devices).toHaveLength(2);
  });

  it('keeps version 1 entries of one MAC seen over the same time as two devices, not one that moved', () => {
    const entry = (address: string, firstSeen: string, lastSeen: string) => ({
      mac: 'aa-bb-cc-00-00-0c',
      address,
      firstSeen: `2025-02-0${firstSeen}T10:00:00.000Z`,
      lastSeen: `2025-02-0${lastSeen}T10:00:00.000Z`,
    });
    const result = migrate({
      schemaVersion: 1,
      devices: [entry('10.0.0.12', '1', '5'), entry('10.0.0.13', '2', '6'), entry('10.0.0.20', '7', '8')],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.inventory.devices.map((d) => [d.id, d.address, d.identity.mac])).toEqual([
      // .12 until the 5th, then .20 from the 7th: one device that moved; .13 answered meanwhile.
      ['mac:AA:BB:CC:00:00:0C', 'http://10.0.0.20', 'AA:BB:CC:00:00:0C'],
      ['addr:10.0.0.13:80', 'http://10.0.0.13', 'AA:BB:CC:00:00:0C'],
    ]);
  });

  it('leaves the current version as it is', () => {
    const current = {
      schemaVersion: 6,
      sites: [],
      devices: [],
      settings: { currentSiteId: null },
      activity: [],
      poolPresets: [],
      acceptance: [],
      standards: [],
      layouts: [],
    };
    expect(migrate(current)).toEqual({ ok: true, inventory: current, fromVersion: 6 });
  });

  it('gives a version 2 file an empty activity log, no pool presets and no verdicts, and keeps everything else', () => {
    const v2 = { schemaVersion: 2, sites: [], devices: [], settings: { currentSiteId: null } };
    expect(migrate(v2)).toEqual({
      ok: true,
      inventory: {
        ...v2,
        schemaVersion: 6,
        activity: [],
        poolPresets: [],
        acceptance: [],
        standards: [],
        layouts: [],
      },
      fromVersion: 2,
    });
  });

  it('gives a version 3 file no acceptance verdicts, and keeps its activity and presets', () => {
    const site = {
      id: 'hall-1',
      name: 'Hall 1',
      subnets: [],
      passwordRef: 'site/hall-1/password',
      createdAt: '2025-11-01T10:00:00.000Z',
      updatedAt: '2025-11-01T10:00:00.000Z',
    };
    const activity = {
      id: '20251101100000000-0a0b0c0d',
      siteId: 'hall-1',
      at: '2025-11-01T10:00:00.000Z',
      by: 'laptop-1',
      action: 'reboot',
      what: 'reboot',
      devices: [],
    };
    const v3 = {
      schemaVersion: 3,
      sites: [site],
      devices: [],
      settings: { currentSiteId: 'hall-1' },
      activity: [activity],
      poolPresets: [],
    };
    const migrated = migrate(v3);
    expect(migrated).toMatchObject({ ok: true, fromVersion: 3 });
    expect(migrated.ok && migrated.inventory).toMatchObject({
      schemaVersion: 6,
      acceptance: [],
      standards: [],
      sites: [site],
    });
    expect(migrated.ok && migrated.inventory.activity).toHaveLength(1);
  });

  it.each([
    [
      'a version 1 device without an address',
      { schemaVersion: 1, devices: [{ firstSeen: 'x' }] },
      /version 1 file: devices\.0/,
    ],
    [
      'a version 1 address that is not one',
      { ...V1_INVENTORY, devices: [{ ...V1_INVENTORY.devices[2], address: 'ftp://x' }] },
      /devices\.0\.address: .*ftp/,
    ],
    ['an unknown older version', { schemaVersion: 0 }, /no schemaVersion/],
  ])('refuses %s as invalid (so the file is kept aside)', (_name, data, message) => {
    expect(migrate(data)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(message) as unknown,
    });
  });

  it('says "newer" for a file from a later Minerdeck', () => {
    expect(migrate({ schemaVersion: 7 })).toMatchObject({ ok: false, reason: 'newer' });
  });

  it('gives a version 4 file no standards, keeping its verdicts; an app of version 4 refuses a version 5 file', () => {
    const v4 = {
      schemaVersion: 4,
      sites: [],
      devices: [],
      settings: { currentSiteId: null },
      activity: [],
      poolPresets: [],
      acceptance: [],
    };
    expect(migrate(v4)).toMatchObject({
      ok: true,
      fromVersion: 4,
      inventory: { schemaVersion: 6, standards: [], layouts: [] },
    });
  });

  it('gives a version 5 file no layouts, keeping its standards; an app of version 5 refuses a version 6 file', () => {
    const v5 = {
      schemaVersion: 5,
      sites: [
        {
          id: 'hall-7',
          name: 'Hall 7',
          subnets: [],
          passwordRef: 'site/hall-7/password',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      devices: [],
      settings: { currentSiteId: 'hall-7' },
      activity: [],
      poolPresets: [],
      acceptance: [],
      standards: [],
    };
    const migrated = migrate(v5);
    expect(migrated).toMatchObject({
      ok: true,
      fromVersion: 5,
      inventory: { schemaVersion: 6, layouts: [] },
    });
    expect(migrated.ok && migrated.inventory.sites).toEqual(v5.sites);
    // The layouts came with version 6: a file with one is "newer" to the app before them.
    expect(INVENTORY_SCHEMA_VERSION).toBe(6);
  });

  it('refuses a layout of no site, or two layouts of one site, as invalid', () => {
    const layout = {
      siteId: 'hall-7',
      slotPattern: '{area}-{rack}-S{shelf}-P{position}',
      areas: [],
      racks: [],
      placements: [],
      notes: [],
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const file = {
      schemaVersion: 6,
      sites: [],
      devices: [],
      settings: { currentSiteId: null },
      activity: [],
      poolPresets: [],
      acceptance: [],
      standards: [],
      layouts: [layout],
    };
    expect(migrate(file)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringContaining('layouts.0.siteId: no such site') as unknown,
    });
  });
});
