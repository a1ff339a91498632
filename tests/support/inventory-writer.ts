/**
 * A child process that rewrites the inventory as fast as it can, forever, for the crash test: every write
 * replaces all devices with ones whose notes name the write's number, so a half-written file could never
 * pass for a whole one. Prints each number after its write is done (`update` resolved).
 *
 * Usage: node --import tsx tests/support/inventory-writer.ts <dataDir> [devices] (the test bundles it first)
 */
import { createInventoryStore } from '../../electron/core/inventory/store';
import { newDevice } from '../../electron/core/inventory/devices';
import { createSite } from '../../electron/core/inventory/sites';
import { ok } from '../../shared/result';

const [dataDir, count = '300'] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: inventory-writer <dataDir> [devices]');
const store = createInventoryStore({ dataDir });

for (let n = 0; ; n += 1) {
  const written = await store.update((inventory) => {
    const at = new Date().toISOString();
    if (inventory.sites.length === 0) createSite(inventory, { name: 'Crash site' }, new Date());
    const siteId = inventory.sites[0]?.id ?? 'crash-site';
    inventory.devices = Array.from({ length: Number(count) }, (_, i) =>
      newDevice(
        {
          id: `addr:10.${Math.floor(i / 250)}.0.${(i % 250) + 1}:80`,
          siteId,
          address: `http://10.${Math.floor(i / 250)}.0.${(i % 250) + 1}`,
          notes: `write ${n} `.repeat(20),
          label: `rack ${i}`,
        },
        at,
      ),
    );
    return ok(n);
  });
  if (!written.ok) {
    process.stderr.write(`${written.error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${n}\n`);
}
