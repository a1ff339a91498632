/**
 * Group commit of inventory updates (update-batching.ts): updates asked for while one is written share the
 * next write, each gets its own result, a refusing or throwing change costs nobody else theirs — with a
 * counting fake of the store's one-update step, and with the real store and its file.
 */
import { describe, expect, it } from 'vitest';
import { createSite } from '../../../../electron/core/inventory/sites';
import type { Inventory } from '../../../../electron/core/inventory/schema';
import { createInventoryStore } from '../../../../electron/core/inventory/store';
import { batchedUpdates } from '../../../../electron/core/inventory/update-batching';
import type { Result } from '../../../../shared/result';
import { err, ok } from '../../../../shared/result';
import { tempDataDir, testClock } from '../../../support/inventory-fixtures';

/** A store of a number list: each one-update step copies, changes and "writes" after a tick. */
function fakeStore() {
  let saved: number[] = [];
  let writes = 0;
  const update = batchedUpdates<number[]>(async (change) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const draft = [...saved];
    let result: Result<unknown>;
    try {
      result = change(draft);
    } catch (error) {
      return err('INTERNAL', String(error));
    }
    if (result.ok) {
      saved = draft;
      writes += 1;
    }
    return result;
  });
  return { update, saved: () => saved, writes: () => writes };
}

describe('inventory updates in groups', () => {
  it('updates asked while one is written share the next write, in order, each with its own result', async () => {
    const store = fakeStore();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.update((draft) => {
          draft.push(i);
          return ok(`added ${i}`);
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => ok(`added ${i}`)));
    expect(store.saved()).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(store.writes()).toBe(2); // the first alone, the 49 asked meanwhile together
  });

  it('a change that refuses or throws gets its own answer; nothing of it is kept, everyone else’s is', async () => {
    const store = fakeStore();
    const first = store.update((draft) => ok(draft.push(0)));
    const asked = [
      store.update((draft) => ok(draft.push(1))),
      store.update((draft) => {
        draft.push(666);
        return err('INVALID_INPUT', 'no such rack');
      }),
      store.update((draft) => {
        draft.push(777);
        throw new Error('a bug');
      }),
      store.update((draft) => ok(draft.push(2))),
    ];
    await first;
    const [one, refused, threw, two] = await Promise.all(asked);
    expect(one?.ok && two?.ok).toBe(true);
    expect(refused).toMatchObject({ ok: false, error: { message: 'no such rack' } });
    expect(threw).toMatchObject({ ok: false, error: { message: /a bug/ } });
    expect(store.saved()).toEqual([0, 1, 2]);
  });

  it('the real store: 100 sites asked at once are all in the file, each caller told its own', async () => {
    const dataDir = tempDataDir();
    const clock = testClock();
    const store = createInventoryStore({ dataDir, now: clock.now });
    const site = (name: string) => (inventory: Inventory) =>
      createSite(inventory, { name, subnets: ['10.0.0.0/24'] }, clock.now());
    const names = Array.from({ length: 100 }, (_, i) => `Hall ${i}`);
    const results = await Promise.all([
      ...names.map((name) => store.update(site(name))),
      store.update(site('Hall 7')),
    ]);
    expect(results.slice(0, 100).map((r) => r.ok && r.value.name)).toEqual(names);
    // The 101st repeats a name: refused alone, the 100 kept.
    expect(results[100]?.ok).toBe(false);
    const loaded = await createInventoryStore({ dataDir }).load();
    expect(loaded.ok && loaded.value.sites.map((s) => s.name)).toEqual(names);
  });
});
