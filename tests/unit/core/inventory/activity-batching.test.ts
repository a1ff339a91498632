/**
 * Group commit of the activity log (electron/core/inventory/activity-batching.ts): a hundred entries asked
 * for at once are written in a few updates of the real inventory file, not a hundred; each caller gets its
 * own entry once it is on disk, in the order asked; a site that does not exist fails only its own entry;
 * a store that fails (or throws) answers every caller of its batch.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batchedActivityWriter } from '../../../../electron/core/inventory/activity-batching';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { INVENTORY_FILE } from '../../../../electron/core/inventory/store';
import type { InventoryStore } from '../../../../electron/core/inventory/store';
import { err, ok } from '../../../../shared/result';
import { tempDataDir } from '../../../support/inventory-fixtures';

const entryFor = (siteId: string, index: number) => ({
  siteId,
  at: new Date(Date.UTC(2026, 10, 29, 8, 0, index)).toISOString(),
  action: 'restart-mining' as const,
  what: `restart ${index}`,
  devices: [
    {
      deviceId: `mac:${index}`,
      address: `http://10.0.0.${index}`,
      outcome: 'done' as const,
      message: 'restarted',
    },
  ],
});

/** Real inventory services over a fresh data folder, with one site in use. */
async function hall(label: string) {
  const dataDir = tempDataDir(label);
  const inventory = createInventoryServices({
    dataDir,
    laptop: 'laptop-a',
    app: { name: 'Minerdeck', version: '0' },
  });
  const site = await inventory.createSite({ name: 'Hall 7', use: true });
  if (!site.ok) throw new Error(site.error.message);
  return { dataDir, inventory, site };
}

describe('activity entries are written together', () => {
  it('a hundred at once: each on disk, in the order asked, each caller with its own entry', async () => {
    const { dataDir, inventory, site } = await hall('activity-batching');
    const path = `${dataDir}/${INVENTORY_FILE}`;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => inventory.recordActivity(entryFor(site.value.id, i))),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { activity: { what: string; id: string }[] };
    expect(stored.activity.map((e) => e.what)).toEqual(Array.from({ length: 100 }, (_, i) => `restart ${i}`));
    expect(results.map((r) => (r.ok ? r.value.id : ''))).toEqual(stored.activity.map((e) => e.id));
    const read = await inventory.activity(site.value.id);
    expect(read.ok && read.value).toHaveLength(100);
  });

  it('an entry the file refuses fails alone: the others of its batch are written', async () => {
    const { inventory, site } = await hall('activity-batching-refused');
    const bad = { ...entryFor(site.value.id, 3), action: 'factory-reset' as never };
    const results = await Promise.all([
      ...[0, 1, 2].map((i) => inventory.recordActivity(entryFor(site.value.id, i))),
      inventory.recordActivity(bad),
      inventory.recordActivity(entryFor(site.value.id, 4)),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, true]);
    expect(results[3]).toMatchObject({ ok: false, error: { message: /activity\.\d+\.action/ } });
    const read = await inventory.activity(site.value.id);
    expect(read.ok && read.value.map((e) => e.what)).toEqual([
      'restart 0',
      'restart 1',
      'restart 2',
      'restart 4',
    ]);
  });

  it('counts the updates: the first entry alone, then everything that came meanwhile in one', async () => {
    let updates = 0;
    const draft = { sites: [{ id: 's' }], activity: [] as unknown[] };
    const store: Pick<InventoryStore, 'update'> = {
      update: async (change) => {
        updates += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return change(draft as never);
      },
    };
    const write = batchedActivityWriter(store, (inv, input) => {
      if (input.siteId !== 's') return err('NOT_FOUND', `There is no site "${input.siteId}".`);
      (inv as unknown as typeof draft).activity.push(input);
      return ok({ ...input, id: `id-${input.what}`, by: 'laptop' });
    });
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => write(entryFor('s', i))),
      write(entryFor('nowhere', 50)),
    ]);
    expect(updates).toBe(2);
    expect(results.slice(0, 50).every((r) => r.ok)).toBe(true);
    expect(results[50]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(draft.activity).toHaveLength(50);
    // A later call starts a new update of its own.
    await write(entryFor('s', 51));
    expect(updates).toBe(3);
  });

  it('a store that fails, or throws, answers every caller of the batch with the failure', async () => {
    let calls = 0;
    const store: Pick<InventoryStore, 'update'> = {
      update: async () => {
        calls += 1;
        if (calls === 1) return err('INTERNAL', 'Cannot write the inventory: disk full.');
        throw new Error('lock vanished');
      },
    };
    const write = batchedActivityWriter(store, () => ok({} as never));
    // The first call is written alone (nothing else was waiting), the second in the next update.
    const [first, second] = await Promise.all([write(entryFor('s', 1)), write(entryFor('s', 2))]);
    expect(first).toMatchObject({ ok: false, error: { message: 'Cannot write the inventory: disk full.' } });
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: 'Cannot record the activity: lock vanished.' },
    });
    expect(calls).toBe(2);
  });
});
