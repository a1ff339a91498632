/**
 * Verdicts kept in the site: saved through the inventory (version 4), a new run replaces a device's
 * verdict and leaves the others alone, they go with their site when it is deleted, and a file written
 * before acceptance existed (version 3) opens with none.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AcceptanceVerdict } from '../../../../shared/domain/acceptance';
import { defaultCriteria } from '../../../../shared/domain/acceptance';
import { createVerdictStore } from '../../../../electron/core/acceptance/verdict-store';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { INVENTORY_SCHEMA_VERSION } from '../../../../electron/core/inventory/schema';

const tempDataDir = () => mkdtempSync(join(tmpdir(), 'minerdeck-verdicts-'));

function verdict(deviceId: string, pass: boolean, at = '2025-11-21T14:00:00.000Z'): AcceptanceVerdict {
  return {
    deviceId,
    address: `http://10.0.0.${deviceId.slice(-1)}`,
    verdict: pass ? 'pass' : 'fail',
    reasons: pass ? [] : ['2 of 3 hash boards present (board 3 missing)'],
    checks: [],
    evidence: {
      preset: '3200',
      readings: { taken: 31, failed: 0, failures: [] },
      boards: { expected: 3, seen: pass ? 3 : 2, missing: pass ? [] : [3], failing: [] },
      deadChips: [],
      chipsSeen: 195,
      hashRate: { averageThs: 200, nominalThs: 200, percent: 100, lowestThs: 199 },
      temperature: { hottestChipC: 70, board: 1, hottestBoardC: 55 },
      fans: { count: 4, slowestRpm: 5000, stopped: [] },
      shares: { accepted: 180, rejected: 0, rejectedPercent: 0, restarted: false },
    },
    criteria: defaultCriteria(),
    startedAt: at,
    endedAt: at,
  };
}

async function hall() {
  const dataDir = tempDataDir();
  const inventory = createInventoryServices({
    dataDir,
    laptop: 'laptop-7',
    app: { name: 'Minerdeck', version: 't' },
  });
  const site = await inventory.createSite({ name: 'Hall 7', use: true });
  const other = await inventory.createSite({ name: 'Hall 8' });
  if (!site.ok || !other.ok) throw new Error('sites');
  return { dataDir, inventory, store: createVerdictStore(inventory.store, 'laptop-7') };
}

describe('verdict store', () => {
  it('keeps each device’s latest verdict per site, with the laptop that ran it', async () => {
    const { store } = await hall();
    await store.save(undefined, [verdict('d1', true), verdict('d2', false)]);
    await store.save('Hall 8', [verdict('d1', false)]);
    // A second run of d2 only: d2's verdict is replaced, d1's stays.
    await store.save('hall-7', [verdict('d2', true, '2025-11-21T15:00:00.000Z')]);
    const listed = await store.list();
    expect(listed.ok && listed.value.siteId).toBe('hall-7');
    const byId = new Map((listed.ok ? listed.value.verdicts : []).map((v) => [v.deviceId, v]));
    expect([...byId.keys()].sort()).toEqual(['d1', 'd2']);
    expect(byId.get('d2')).toMatchObject({
      verdict: 'pass',
      startedAt: '2025-11-21T15:00:00.000Z',
      by: 'laptop-7',
    });
    expect(byId.get('d1')).toMatchObject({ verdict: 'pass', siteId: 'hall-7' });
    const hall8 = await store.list('Hall 8');
    expect(hall8.ok && hall8.value.verdicts.map((v) => [v.deviceId, v.verdict])).toEqual([['d1', 'fail']]);
  });

  it('drops a site’s verdicts with the site', async () => {
    const { inventory, store } = await hall();
    await store.save('Hall 8', [verdict('d1', false)]);
    await store.save('Hall 7', [verdict('d1', true)]);
    expect((await inventory.deleteSite('Hall 8', { confirm: true })).ok).toBe(true);
    const loaded = await inventory.store.load();
    expect(loaded.ok && loaded.value.acceptance.map((v) => v.siteId)).toEqual(['hall-7']);
  });

  it('says which site is unknown', async () => {
    const { store } = await hall();
    const saved = await store.save('Hall 9', [verdict('d1', true)]);
    expect(saved).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Hall 9') as unknown },
    });
  });

  it('opens a version 3 file (written before acceptance) with no verdicts, and writes the current version', async () => {
    const dataDir = tempDataDir();
    const v3 = {
      schemaVersion: 3,
      sites: [
        {
          id: 'hall-1',
          name: 'Hall 1',
          subnets: [],
          passwordRef: 'site/hall-1/password',
          createdAt: '2025-11-01T10:00:00.000Z',
          updatedAt: '2025-11-01T10:00:00.000Z',
        },
      ],
      devices: [],
      settings: { currentSiteId: 'hall-1' },
      activity: [],
      poolPresets: [],
    };
    writeFileSync(join(dataDir, 'inventory.json'), JSON.stringify(v3));
    const inventory = createInventoryServices({
      dataDir,
      laptop: 'l',
      app: { name: 'Minerdeck', version: 't' },
    });
    const store = createVerdictStore(inventory.store, 'l');
    expect(await store.list()).toEqual({ ok: true, value: { siteId: 'hall-1', verdicts: [] } });
    expect((await store.save(undefined, [verdict('d1', true)])).ok).toBe(true);
    const written = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      schemaVersion: number;
      acceptance: unknown[];
    };
    expect(written.schemaVersion).toBe(INVENTORY_SCHEMA_VERSION);
    expect(written.acceptance).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'inventory.v3.json'), 'utf8')).toBe(JSON.stringify(v3));
  });
});
