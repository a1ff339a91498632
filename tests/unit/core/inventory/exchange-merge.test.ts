/**
 * Two technicians, two laptops, one site: each exports the site, a third inventory merges both. Devices
 * meet by identity (MAC, else address), what one side lacks is filled in, and every disagreement is
 * reported with the value kept. Exports carry no secrets, and what an import does not know is dropped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { parseSiteExport } from '../../../../electron/core/inventory/exchange';
import { foundDevice, tempDataDir, testClock } from '../../../support/inventory-fixtures';

const A = 'AA:BB:CC:00:00:0A';
const B = 'AA:BB:CC:00:00:0B';
const C = 'AA:BB:CC:00:00:0C';
const D = 'AA:BB:CC:00:00:0D';
const STRANGER = 'AA:BB:CC:00:00:EE';

function laptop(name: string, clock = testClock()): InventoryServices {
  return createInventoryServices({
    dataDir: tempDataDir(name),
    laptop: name,
    app: { name: 'Minerdeck', version: '0.1.0' },
    now: clock.now,
  });
}

async function must<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
}

async function technicianA(): Promise<string> {
  const clock = testClock(Date.parse('2026-03-01T08:00:00.000Z'));
  const services = laptop('laptop-a', clock);
  await must(services.createSite({ name: 'Hall 1' }));
  await must(
    services.saveScan(undefined, [
      foundDevice('10.0.0.1', { mac: A }),
      foundDevice('10.0.0.2', { mac: B, hostname: 'miner-b' }),
      foundDevice('10.0.0.3', { mac: C }),
      foundDevice('10.0.0.50', null),
    ]),
  );
  await must(services.editDevice(undefined, `mac:${A}`, { notes: 'fan 2 replaced' }));
  await must(services.editDevice(undefined, `mac:${B}`, { label: 'R1-S2' }));
  return (await must(services.exportSite())).content;
}

async function technicianB(): Promise<string> {
  const clock = testClock(Date.parse('2026-03-01T12:00:00.000Z'));
  const services = laptop('laptop-b', clock);
  await must(services.createSite({ name: 'hall 1' }));
  await must(
    services.saveScan(undefined, [
      foundDevice('10.0.0.2', { mac: B, hostname: 'miner-b-renamed' }),
      foundDevice('10.0.0.33', { mac: C }),
      foundDevice('10.0.0.4', { mac: D }),
      foundDevice('10.0.0.1', { mac: STRANGER }),
      foundDevice('10.0.0.50', null),
    ]),
  );
  await must(services.editDevice(undefined, `mac:${B}`, { label: 'R1-S3' }));
  await must(services.editDevice(undefined, `mac:${C}`, { notes: 'PSU swapped' }));
  await must(services.editDevice(undefined, 'addr:10.0.0.50:80', { notes: 'no MAC shown' }));
  return (await must(services.exportSite())).content;
}

describe('export and merge', () => {
  it('round trip: a site exported and imported into an empty inventory is the same site', async () => {
    const exported = await technicianA();
    const fresh = laptop('laptop-c');
    const outcome = await must(fresh.importText(exported));
    expect(outcome).toMatchObject({
      kind: 'site-json',
      siteCreated: true,
      added: 4,
      merged: 0,
      conflicts: [],
    });
    const again = await must(fresh.exportSite());
    const [before, after] = [parseSiteExport(exported), parseSiteExport(again.content)];
    expect(before.ok && after.ok && after.value.devices).toEqual(before.ok && before.value.devices);
    expect(after.ok && after.value.site).toEqual({ id: 'hall-1', name: 'Hall 1', subnets: [] });
  });

  it('merges two technicians’ exports by identity and reports every conflict', async () => {
    const [fromA, fromB] = [await technicianA(), await technicianB()];
    const lead = laptop('laptop-lead');
    await must(lead.importText(fromA));
    const outcome = await must(lead.importText(fromB));
    expect(outcome).toMatchObject({
      kind: 'site-json',
      siteCreated: false,
      site: { id: 'hall-1' },
      added: 2,
      merged: 3,
      unchanged: 0,
    });
    if (outcome.kind !== 'site-json') return;
    expect(outcome.conflicts).toEqual(
      expect.arrayContaining([
        {
          deviceId: `mac:${B}`,
          address: 'http://10.0.0.2',
          field: 'hostname',
          local: 'miner-b',
          incoming: 'miner-b-renamed',
          kept: 'incoming',
        },
        {
          deviceId: `mac:${B}`,
          address: 'http://10.0.0.2',
          field: 'label',
          local: 'R1-S2',
          incoming: 'R1-S3',
          kept: 'local',
        },
        {
          deviceId: `mac:${STRANGER}`,
          address: 'http://10.0.0.1',
          field: 'address',
          local: `mac:${A}`,
          incoming: `mac:${STRANGER}`,
          kept: 'both',
        },
        // Seen elsewhere by the other technician: where its credentials go is not the file's to change.
        {
          deviceId: `mac:${C}`,
          address: 'http://10.0.0.3',
          field: 'address',
          local: 'http://10.0.0.3',
          incoming: 'http://10.0.0.33',
          kept: 'local',
          pending: true,
        },
      ]),
    );
    expect(outcome.conflicts).toHaveLength(4);

    const { devices } = await must(lead.devices('Hall 1'));
    const byId = new Map(devices.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(
      ['addr:10.0.0.50:80', `mac:${A}`, `mac:${B}`, `mac:${C}`, `mac:${D}`, `mac:${STRANGER}`].sort(),
    );
    expect(byId.get(`mac:${A}`)).toMatchObject({ notes: 'fan 2 replaced' });
    expect(byId.get(`mac:${B}`)).toMatchObject({ label: 'R1-S2', identity: { hostname: 'miner-b-renamed' } });
    // Moved between the two visits, by the file: ours kept until the technician accepts the move.
    expect(byId.get(`mac:${C}`)).toMatchObject({
      address: 'http://10.0.0.3',
      notes: 'PSU swapped',
      firstSeen: '2026-03-01T08:00:00.000Z',
      lastSeen: '2026-03-01T12:00:00.000Z',
    });
    expect(byId.get(`mac:${C}`)?.addressHistory.map((h) => h.address)).toEqual(['http://10.0.0.3']);
    // Known by address on both sides: one device.
    expect(byId.get('addr:10.0.0.50:80')).toMatchObject({ notes: 'no MAC shown' });

    // Importing the same file again changes nothing and reports the same standing conflicts.
    const again = await must(lead.importText(fromB));
    expect(again).toMatchObject({ added: 0, merged: 0, unchanged: 5 });
    // The move still waits: listed again, still not taken.
    expect(again.conflicts).toContainEqual(
      expect.objectContaining({ deviceId: `mac:${C}`, field: 'address', pending: true }),
    );

    // Accepted: both addresses kept, the file's one current, with the file's time of seeing it there.
    expect(await must(lead.acceptImported('Hall 1', [`mac:${C}`]))).toMatchObject({
      accepted: [
        { deviceId: `mac:${C}`, field: 'address', value: 'http://10.0.0.33', previous: 'http://10.0.0.3' },
      ],
    });
    const moved = (await must(lead.devices('Hall 1'))).devices.find((d) => d.id === `mac:${C}`);
    expect(moved?.address).toBe('http://10.0.0.33');
    expect(moved?.addressHistory.map((h) => h.address)).toEqual(['http://10.0.0.3', 'http://10.0.0.33']);
  });

  it('merges into the site named, and refuses a file that is not a site export', async () => {
    const exported = await technicianA();
    const other = laptop('laptop-d');
    await must(other.createSite({ name: 'Container 7' }));
    expect(await must(other.importText(exported, { into: 'Container 7' }))).toMatchObject({
      site: { id: 'container-7' },
      added: 4,
    });
    expect(await other.importText('{"format": "something-else"}')).toMatchObject({
      ok: false,
      error: { message: /not a Minerdeck site export/ },
    });
    expect(await other.importText('{"format": "minerdeck-site", "formatVersion": 7}')).toMatchObject({
      ok: false,
      error: { message: /format version 7/ },
    });
    expect(await other.importText('{ not json')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('drops fields an export should not have: a password smuggled into a file never reaches the inventory', async () => {
    const exported = JSON.parse(await technicianA()) as {
      site: Record<string, unknown>;
      devices: Record<string, unknown>[];
    };
    exported.site.password = 'Smuggled-Site-Pw-1';
    for (const device of exported.devices) device.apiKey = 'Smuggled-Api-Key-0123456789abcdef';
    const target = laptop('laptop-e');
    await must(target.importText(JSON.stringify(exported)));
    const file = readFileSync(target.store.path, 'utf8');
    expect(file).not.toContain('Smuggled');
    expect((await must(target.exportSite())).content).not.toContain('Smuggled');
  });
});

describe('the activity log travels with the site', () => {
  const write = (services: InventoryServices, siteId: string, at: string, address: string) =>
    must(
      services.recordActivity({
        siteId,
        at,
        action: 'reboot',
        what: 'reboot',
        devices: [
          { deviceId: `addr:${address}:80`, address: `http://${address}`, outcome: 'done', message: 'ok' },
        ],
      }),
    );

  it('merges two laptops’ logs by time, each entry once however often imported; pool presets stay home', async () => {
    const a = laptop('laptop-act-a');
    const siteA = await must(a.createSite({ name: 'Hall 9', use: true }));
    await write(a, siteA.id, '2026-03-01T08:00:00.000Z', '10.0.0.1');
    await write(a, siteA.id, '2026-03-01T10:00:00.000Z', '10.0.0.1');
    await must(
      a.savePoolPreset(undefined, {
        name: 'Main',
        pools: [{ url: 'stratum+tcp://pool.example:3333', worker: '{ip4}', password: 'Pool-Secret-x9' }],
      }),
    );
    const b = laptop('laptop-act-b');
    const siteB = await must(b.createSite({ name: 'Hall 9', use: true }));
    await write(b, siteB.id, '2026-03-01T09:00:00.000Z', '10.0.0.2');
    const fromA = (await must(a.exportSite())).content;
    const fromB = (await must(b.exportSite())).content;
    expect(fromA).not.toContain('Pool-Secret-x9');
    expect(JSON.parse(fromA).activity[0]).not.toHaveProperty('siteId');

    const c = laptop('laptop-act-c');
    const first = await must(c.importText(fromA));
    expect(first).toMatchObject({ kind: 'site-json', activityAdded: 2 });
    expect(await must(c.importText(fromB))).toMatchObject({ activityAdded: 1 });
    expect(await must(c.importText(fromA))).toMatchObject({ activityAdded: 0 });
    const log = await must(c.activity(first.site.id));
    expect(log.map((e) => [e.at.slice(11, 13), e.by, e.siteId])).toEqual([
      ['08', 'laptop-act-a', first.site.id],
      ['09', 'laptop-act-b', first.site.id],
      ['10', 'laptop-act-a', first.site.id],
    ]);
    expect(await must(c.poolPresets(first.site.id))).toEqual([]);
  });

  it('an export made before the activity log imports as before', async () => {
    const old = JSON.parse(await technicianA()) as Record<string, unknown>;
    delete old.activity;
    const outcome = await must(laptop('laptop-act-d').importText(JSON.stringify(old)));
    expect(outcome).toMatchObject({ kind: 'site-json', added: 4, activityAdded: 0 });
  });
});
