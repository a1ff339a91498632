/** Pool presets per site (inventory/pool-presets.ts), and their place in the inventory file. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import {
  deletePreset,
  findPreset,
  presetsOf,
  savePreset,
} from '../../../../electron/core/inventory/pool-presets';
import { emptyInventory, inventorySchema } from '../../../../electron/core/inventory/schema';
import { createSite, deleteSite } from '../../../../electron/core/inventory/sites';

const now = new Date('2026-03-01T08:00:00.000Z');
const MAIN = { url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}', password: 'pool-pw-1' };
const BACKUP = { url: 'backup.example:3333', worker: 'acct.{ip4}', password: '' };

function withSites() {
  const inventory = emptyInventory();
  createSite(inventory, { name: 'Hall 7' }, now);
  createSite(inventory, { name: 'Hall 8' }, now);
  return inventory;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('pool presets', () => {
  it('saves a preset per site, replaces one of the same name in any case, lists them by name', () => {
    const inventory = withSites();
    expect(savePreset(inventory, 'hall-7', { name: ' Main  pools ', pools: [MAIN] }, now)).toEqual({
      ok: true,
      value: { name: 'Main pools', pools: [MAIN], updatedAt: now.toISOString() },
    });
    savePreset(inventory, 'hall-7', { name: 'Backup', pools: [BACKUP] }, now);
    savePreset(inventory, 'hall-7', { name: 'main POOLS', pools: [MAIN, BACKUP] }, now);
    expect(presetsOf(inventory, 'hall-7').map((p) => [p.name, p.pools.length])).toEqual([
      ['Backup', 1],
      ['main POOLS', 2],
    ]);
    expect(presetsOf(inventory, 'hall-8')).toEqual([]);
    expect(inventorySchema.safeParse(inventory).success).toBe(true);
  });

  it('refuses pools no device could take and names that are not names', () => {
    const inventory = withSites();
    const bad = savePreset(inventory, 'hall-7', { name: 'x', pools: [{ ...MAIN, worker: '{rack}' }] }, now);
    expect(bad).toMatchObject({ ok: false, error: { message: /unknown placeholder \{rack\}/ } });
    const unnamed = savePreset(inventory, 'hall-7', { name: '  ', pools: [MAIN] }, now);
    expect(unnamed).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(inventory.poolPresets).toEqual([]);
  });

  it('finds and deletes by name in any case; an unknown name lists the site’s presets', () => {
    const inventory = withSites();
    savePreset(inventory, 'hall-7', { name: 'Main', pools: [MAIN] }, now);
    expect(findPreset(inventory, 'hall-7', 'MAIN')).toMatchObject({ ok: true, value: { name: 'Main' } });
    expect(findPreset(inventory, 'hall-7', 'other')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: /presets: "Main"/ },
    });
    expect(deletePreset(inventory, 'hall-7', 'main')).toMatchObject({ ok: true });
    expect(inventory.poolPresets).toEqual([]);
  });

  it('go with their site when it is deleted', () => {
    const inventory = withSites();
    savePreset(inventory, 'hall-7', { name: 'Main', pools: [MAIN] }, now);
    savePreset(inventory, 'hall-8', { name: 'Main', pools: [MAIN] }, now);
    deleteSite(inventory, 'hall-7', {});
    expect(inventory.poolPresets.map((p) => p.siteId)).toEqual(['hall-8']);
  });

  it('the file refuses a preset of no site and one name twice in a site; a file without presets has none', () => {
    const inventory = withSites();
    const preset = { name: 'Main', pools: [MAIN], updatedAt: now.toISOString() };
    const orphan = inventorySchema.safeParse({ ...inventory, poolPresets: [{ ...preset, siteId: 'gone' }] });
    expect(orphan.error?.issues[0]).toMatchObject({ path: ['poolPresets', 0, 'siteId'] });
    const twice = inventorySchema.safeParse({
      ...inventory,
      poolPresets: [
        { ...preset, siteId: 'hall-7' },
        { ...preset, name: 'MAIN', siteId: 'hall-7' },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['poolPresets', 1, 'name'] });
    const { poolPresets: _none, ...older } = inventory;
    expect(inventorySchema.parse(older).poolPresets).toEqual([]);
  });

  it('are kept in the inventory file through the services, per site', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-presets-'));
    dirs.push(dataDir);
    const services = () =>
      createInventoryServices({ dataDir, laptop: 'test', app: { name: 'Minerdeck', version: '0' } });
    await services().createSite({ name: 'Hall 7', use: true });
    expect(await services().savePoolPreset(undefined, { name: 'Main', pools: [MAIN] })).toMatchObject({
      ok: true,
    });
    expect(await services().poolPresets('hall 7')).toMatchObject({ ok: true, value: [{ name: 'Main' }] });
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      poolPresets: unknown[];
    };
    expect(onDisk.poolPresets).toEqual([
      { siteId: 'hall-7', name: 'Main', pools: [MAIN], updatedAt: expect.any(String) },
    ]);
    expect(await services().deletePoolPreset('hall-7', 'main')).toMatchObject({ ok: true });
    expect(await services().poolPresets()).toEqual({ ok: true, value: [] });
  });
});
