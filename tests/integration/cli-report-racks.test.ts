/**
 * The report by rack through the real CLI (child processes, simulated devices over loopback, a data folder
 * of its own): three devices saved from a scan and accepted (one has a missing board and fails), two of
 * them placed in a rack of the site's layout (kept in the inventory as the layout service keeps it); the
 * third stays unplaced. `minerdeck report` then names the failed device by its slot on the terminal
 * (`C1-R01-S1-P2 (127.0.0.1:…): …`), the JSON carries `area`, `rack`, `slot` and the racks, the CSV the
 * same columns, the HTML a page for the rack with its map and one for the unplaced device.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryStore } from '../../electron/core/inventory/store';
import { ensureLayout } from '../../electron/core/inventory/site-layouts';
import { ok } from '../../shared/result';
import type { HandOverReport } from '../../shared/domain/report';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';

const env = { MINERDECK_ACCEPTANCE_SAMPLE_MS: '600' };
let fleet: Fleet;

/** The rack C1 · R01 (2 × 3) with the first device in S1-P1 and the failing one in S1-P2. */
async function placeTwo(dataDir: string, first: string, failing: string): Promise<void> {
  const store = createInventoryStore({ dataDir });
  const placed = await store.update((inventory) => {
    const siteId = inventory.sites[0]?.id ?? '';
    const layout = ensureLayout(inventory, siteId, new Date());
    const at = new Date().toISOString();
    const ids = (address: string) => inventory.devices.find((d) => d.address === address)?.id ?? '';
    layout.areas = ['C1'];
    layout.racks = [{ id: 'rack-c1-r01', area: 'C1', name: 'R01', shelves: 2, positions: 3 }];
    layout.placements = [
      { rackId: 'rack-c1-r01', shelf: 1, position: 1, deviceId: ids(first), placedAt: at },
      { rackId: 'rack-c1-r01', shelf: 1, position: 2, deviceId: ids(failing), placedAt: at },
    ];
    return ok(undefined);
  });
  if (!placed.ok) throw new Error(placed.error.message);
}

describe('minerdeck report by rack', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { shareSeconds: 0.1 },
      devices: [{}, { hardwareFaults: [{ kind: 'missing-board' }] }, {}],
    });
  }, 60_000);
  afterAll(() => fleet?.close());

  it('names the failed device by its slot and carries the location in JSON, CSV and HTML', async () => {
    const dir = tempDataDir('report-racks');
    const cli = (args: string[]) => runCli([...args, '--data-dir', dir], { env, timeoutMs: 60_000 });
    const [first, failing, unplaced] = fleet.devices.map((d) => d.address);
    expect((await cli(['site', 'create', 'Hall 7', '--use'])).code).toBe(0);
    const port = String(fleet.devices[0]!.port);
    const saved = await cli(['scan', ...fleet.devices.map((d) => d.host), '--port', port, '--save']);
    expect(saved.code, saved.stderr).toBe(0);
    const accepted = await cli(['accept', first!, failing!, unplaced!, '--minutes', '0.02']);
    expect(accepted.code, accepted.stderr).toBe(1);
    await placeTwo(dir, first!, failing!);

    const jsonFile = join(dir, 'report.json');
    const json = await cli(['report', '--no-check', '--out', jsonFile]);
    expect(json.code, json.stderr).toBe(0);
    const plain = failing!.replace('http://', '');
    expect(json.stderr).toMatch(
      new RegExp(`failed: C1-R01-S1-P2 \\(${plain.replace(/\./g, '\\.')}\\): .*board`),
    );
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as HandOverReport;
    const byAddress = new Map(report.devices.map((d) => [d.address, d]));
    expect(byAddress.get(failing!)).toMatchObject({ area: 'C1', rack: 'R01', slot: 'C1-R01-S1-P2' });
    expect(byAddress.get(unplaced!)).toMatchObject({ area: null, rack: null, slot: null });
    expect(report.racks).toEqual([{ area: 'C1', name: 'R01', shelves: 2, positions: 3 }]);

    const csv = await cli(['report', '--no-check', '--format', 'csv']);
    expect(csv.stdout).toContain(',area,rack,slot,');
    expect(csv.stdout).toContain(`${first},,C1,R01,C1-R01-S1-P1,`);

    const htmlFile = join(dir, 'report.html');
    expect((await cli(['report', '--no-check', '--format', 'html', '--out', htmlFile])).code).toBe(0);
    const html = readFileSync(htmlFile, 'utf8');
    expect(html).toContain('<h2>Rack C1 · R01</h2>');
    expect(html).toContain('<h2>Not placed in a rack</h2>');
    expect(html).toContain('✗ FAILED');
    expect(html).toContain(`<b>C1-R01-S1-P2 (${plain})</b>`);
  }, 120_000);
});
