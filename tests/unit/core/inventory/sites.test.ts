/** Sites: create, rename, switch, delete; ids that never change and are valid keychain account names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSiteId } from '../../../../electron/core/credentials/accounts';
import { recordScan } from '../../../../electron/core/inventory/devices';
import { emptyInventory } from '../../../../electron/core/inventory/schema';
import type { Inventory } from '../../../../electron/core/inventory/schema';
import {
  createSite,
  deleteSite,
  renameSite,
  resolveSite,
  siteIdFor,
  siteSummaries,
  useSite,
} from '../../../../electron/core/inventory/sites';
import { foundDevice } from '../../../support/inventory-fixtures';

const now = new Date('2026-03-01T08:00:00.000Z');

function withSites(...names: string[]): Inventory {
  const inventory = emptyInventory();
  for (const name of names) createSite(inventory, { name }, now);
  return inventory;
}

describe('sites', () => {
  it('creates a site with an id from its name and a keychain reference; the first one becomes current', () => {
    const inventory = emptyInventory();
    const hall = createSite(
      inventory,
      { name: '  Hall 1 (North)  ', subnets: ['10.0.0.0/24', '10.0.0.0/24'] },
      now,
    );
    expect(hall).toEqual({
      ok: true,
      value: {
        id: 'hall-1-north',
        name: 'Hall 1 (North)',
        subnets: ['10.0.0.0/24'],
        passwordRef: 'site/hall-1-north/password',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      },
    });
    createSite(inventory, { name: 'Hall 2' }, now);
    expect(inventory.settings.currentSiteId).toBe('hall-1-north');
  });

  it('refuses a duplicate name (any case), an empty one and a bad subnet', () => {
    const inventory = withSites('Hall 1');
    expect(createSite(inventory, { name: 'HALL 1' }, now)).toMatchObject({
      ok: false,
      error: { message: /already exists/ },
    });
    expect(createSite(inventory, { name: '   ' }, now)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(createSite(inventory, { name: 'X', subnets: ['10.0.0.0/33'] }, now)).toMatchObject({
      ok: false,
      error: { message: /Subnet "10\.0\.0\.0\/33"/ },
    });
  });

  it('makes ids unique and always valid keychain account segments, whatever the name', () => {
    expect(siteIdFor('Hall', new Set(['hall', 'hall-2']))).toBe('hall-3');
    expect(siteIdFor('Çà et là', new Set())).toBe('ca-et-la');
    expect(siteIdFor('***', new Set())).toBe('site');
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const id = siteIdFor(name, new Set());
        expect(checkSiteId(id)).toBe(id);
      }),
    );
  });

  it('renames without changing the id (the keychain entry stays found)', () => {
    const inventory = withSites('Hall 1', 'Hall 2');
    const renamed = renameSite(inventory, 'hall-1', 'Hall One', new Date('2026-03-02T00:00:00.000Z'));
    expect(renamed).toMatchObject({
      ok: true,
      value: { id: 'hall-1', name: 'Hall One', updatedAt: '2026-03-02T00:00:00.000Z' },
    });
    expect(renameSite(inventory, 'Hall One', 'hall 2', now)).toMatchObject({
      ok: false,
      error: { message: /already exists/ },
    });
    expect(renameSite(inventory, 'nowhere', 'x', now)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: /sites: "Hall One", "Hall 2"/ },
    });
  });

  it('switches by id or by name, any case', () => {
    const inventory = withSites('Hall 1', 'Hall 2');
    expect(useSite(inventory, 'HALL 2')).toMatchObject({ ok: true, value: { id: 'hall-2' } });
    expect(resolveSite(inventory, undefined)).toMatchObject({ ok: true, value: { id: 'hall-2' } });
    expect(siteSummaries(inventory).map((s) => [s.id, s.current])).toEqual([
      ['hall-1', false],
      ['hall-2', true],
    ]);
  });

  it('says why there is no site to work on', () => {
    expect(resolveSite(emptyInventory(), undefined)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: /no site yet/, detail: { reason: 'no-current-site' } },
    });
  });

  it('deletes an empty site at once, and one with devices only when confirmed; the current one moves on', () => {
    const inventory = withSites('Hall 1', 'Hall 2');
    recordScan(inventory, 'hall-1', [foundDevice('10.0.0.5', { mac: 'AA:BB:CC:00:00:01' })], now);
    expect(deleteSite(inventory, 'Hall 2', {})).toMatchObject({ ok: true, value: { devicesRemoved: 0 } });
    const refused = deleteSite(inventory, 'Hall 1', {});
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', detail: { confirmationRequired: true, devices: 1 } },
    });
    expect(inventory.devices).toHaveLength(1);
    expect(deleteSite(inventory, 'Hall 1', { confirm: true })).toMatchObject({
      ok: true,
      value: { devicesRemoved: 1 },
    });
    expect(inventory).toMatchObject({ sites: [], devices: [], settings: { currentSiteId: null } });
  });
});
