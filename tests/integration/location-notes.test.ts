/**
 * The `location` note over real HTTP to the simulator's notes API (issue 34): written (POST), read back,
 * updated with PUT, unchanged when equal, other keys untouched, removed only while it says what was
 * expected; firmware without the notes API → unsupported; a device that guards its reads; a device that
 * answers garbage or hangs → failed/unreadable with words. Real client, session manager and vault.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { createLocationNotes } from '../../electron/core/layout/notes/location-notes';
import type { SimDevice, SimDeviceOptions } from '../simulator';
import { fleetPerTest } from '../support/fleet-per-test';
import { requestsTo, targetOf } from '../support/sim-targets';

const NOTES = '/api/v1/notes';
const HERE = 'Hall 7 / C2-R07-S3-P2';
const THERE = 'Hall 3 / A1-R02-S1-P4';

const sims = fleetPerTest();

async function setup(devices: SimDeviceOptions[]) {
  const { fleet, client } = await sims.open(
    { devices, recordRequests: true },
    { totalTimeoutMs: 1500, connectTimeoutMs: 1000 },
  );
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  for (const d of fleet.devices) await vault.setDevicePassword(targetOf(d).deviceId, 'admin');
  const location = createLocationNotes({ client, sessions });
  const target = (d: SimDevice) => ({ deviceId: targetOf(d).deviceId, address: d.address });
  return { devices: fleet.devices, location, target };
}

const writes = (d: SimDevice) => d.requests.filter((r) => r.path.startsWith(NOTES) && r.method !== 'GET');

describe('the location note on simulated devices', () => {
  it('written with POST, read back, updated with PUT, unchanged when equal; other keys untouched', async () => {
    const { devices, location, target } = await setup([
      { notes: { owner: 'ACME ops', locationX: 'theirs' } },
    ]);
    const [d] = devices as [SimDevice];
    const first = await location.write(target(d), THERE);
    expect(first).toMatchObject({ outcome: 'written', note: { state: 'present', value: THERE } });
    expect(requestsTo(d, NOTES, 'POST')).toHaveLength(1);
    expect(await location.read(target(d))).toMatchObject({ state: 'present', value: THERE });

    expect((await location.write(target(d), HERE)).outcome).toBe('written');
    expect(requestsTo(d, `${NOTES}/location`, 'PUT')).toHaveLength(1);
    expect((await location.write(target(d), HERE)).outcome).toBe('unchanged');
    expect(writes(d)).toHaveLength(2);
    expect(d.notes).toEqual({ owner: 'ACME ops', locationX: 'theirs', location: HERE });
    // Reads went anonymously: no credential on any GET.
    const gets = d.requests.filter((r) => r.path === NOTES && r.method === 'GET');
    expect(
      gets.every((r) => r.headers.authorization === undefined && r.headers['x-api-key'] === undefined),
    ).toBe(true);

    expect((await location.remove(target(d), THERE)).outcome).toBe('unchanged');
    expect(d.notes.location).toBe(HERE);
    expect(await location.remove(target(d), HERE)).toEqual({ outcome: 'written' });
    expect(d.notes).toEqual({ owner: 'ACME ops', locationX: 'theirs' });
  });

  it('firmware without the notes API → unsupported in words, nothing but one read sent', async () => {
    const { devices, location, target } = await setup([{ notesApi: false }]);
    const [d] = devices as [SimDevice];
    expect(await location.write(target(d), HERE)).toMatchObject({
      outcome: 'unsupported',
      message: 'no notes API on this firmware: the place is kept in Minerdeck only',
      note: { state: 'unsupported' },
    });
    expect(d.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${NOTES}`]);
    expect((await location.read(target(d))).state).toBe('unsupported');
  });

  it('a device that guards its reads: read and written with the credential', async () => {
    const { devices, location, target } = await setup([{ guardedReads: true, notes: { location: THERE } }]);
    const [d] = devices as [SimDevice];
    expect(await location.read(target(d))).toMatchObject({ state: 'present', value: THERE });
    expect((await location.write(target(d), HERE)).outcome).toBe('written');
    expect(d.notes.location).toBe(HERE);
  });

  it('a device that answers garbage → failed with words, nothing written; one that hangs → unreadable', async () => {
    const { devices, location, target } = await setup([{}, {}]);
    const [garbage, hung] = devices as [SimDevice, SimDevice];
    garbage.addFault({ fault: { kind: 'malformed-json' }, paths: [NOTES], methods: ['GET'] });
    const result = await location.write(target(garbage), HERE);
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(/could not read its location note \(.+\); nothing was sent/);
    expect(writes(garbage)).toHaveLength(0);

    hung.addFault({ fault: { kind: 'hang' }, paths: [NOTES] });
    const started = Date.now();
    expect((await location.read(target(hung))).state).toBe('unreadable');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a write whose answer never comes is not resent: the read-back decides', async () => {
    const { devices, location, target } = await setup([{}]);
    const [d] = devices as [SimDevice];
    d.addFault({ fault: { kind: 'hang-after-apply' }, paths: [NOTES], methods: ['POST'], times: 1 });
    const result = await location.write(target(d), HERE);
    expect(result.outcome).toBe('written');
    expect(requestsTo(d, NOTES, 'POST')).toHaveLength(1);
    expect(d.notes.location).toBe(HERE);
  });
});
