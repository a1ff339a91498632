/**
 * A firmware rollout's activity entries in the inventory file (schema version 4, which came with the
 * `firmware` action, its phase and image, and each device's `from` and `to`: every Minerdeck that reads
 * version 4 knows them, and an older one refuses the file as newer, touching nothing). Written, they are
 * read back whole, and a later unrelated change to the file keeps every field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { INVENTORY_SCHEMA_VERSION } from '../../../../electron/core/inventory/schema';
import { tempDataDir } from '../../../support/inventory-fixtures';

describe('firmware entries in the inventory', () => {
  it('are kept whole through later changes to the file', async () => {
    const dataDir = tempDataDir('firmware-activity');
    const inventory = createInventoryServices({
      dataDir,
      laptop: 'laptop-a',
      app: { name: 'Minerdeck', version: '0' },
    });
    const site = await inventory.createSite({ name: 'Hall 7', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const entry = {
      siteId: site.value.id,
      at: '2026-03-01T08:00:00.000Z',
      action: 'firmware' as const,
      what: 'firmware fw.bin (64.0 MB, sha256 cccccccccccc…): verdicts',
      firmware: {
        phase: 'verdict' as const,
        image: { name: 'fw.bin', bytes: 67_108_864, sha256: 'c'.repeat(64) },
        expectVersion: '1.2.7',
      },
      devices: [
        {
          deviceId: 'mac:01',
          address: 'http://10.0.0.1',
          outcome: 'done' as const,
          message: 'verified',
          from: '1.2.6',
          to: '1.2.7',
        },
      ],
    };
    const recorded = await inventory.recordActivity(entry);
    expect(recorded.ok).toBe(true);
    // An unrelated change rewrites the file.
    expect((await inventory.createSite({ name: 'Hall 8' })).ok).toBe(true);
    const file = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      schemaVersion: number;
      activity: unknown[];
    };
    expect(file.schemaVersion).toBe(INVENTORY_SCHEMA_VERSION);
    expect(file.activity).toEqual([expect.objectContaining({ ...entry, by: 'laptop-a' })]);
    const read = await inventory.activity(site.value.id);
    expect(read.ok && read.value).toEqual([expect.objectContaining({ ...entry, by: 'laptop-a' })]);
  });
});
