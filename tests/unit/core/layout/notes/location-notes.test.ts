/**
 * The `location` note over the real client, session manager and vault with a scripted device (no
 * sockets): read first, POST when absent, PUT when present, nothing when equal, read back; only the
 * `location` key is touched; no notes API → unsupported; a refusal, a lost answer, a garbage body and a
 * read-back that disagrees each give their outcome in words; nothing is ever sent twice.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../../../../electron/core/credentials/session-manager';
import { createVault } from '../../../../../electron/core/credentials/vault';
import { DeviceError } from '../../../../../electron/core/device/device-error';
import type { TransportRequest, TransportResponse } from '../../../../../electron/core/device/http-exchange';
import { createLocationNotes } from '../../../../../electron/core/layout/notes/location-notes';
import { clientWithAnswer, KEY, reply } from '../../device/fakes/recording-transport';

const NOW = Date.parse('2026-11-29T04:00:00.000Z');
const TARGET = { deviceId: 'mac:02:98:af:00:00:41', address: 'http://127.0.0.1:8080' };
const HERE = 'Hall 7 / C2-R07-S3-P2';
const NOTES = '/api/v1/notes';

type Script = (req: TransportRequest, notes: Map<string, string>) => TransportResponse | undefined;

/** A device keeping notes in memory; `script` may answer a request its own way first. */
async function setup(
  initial: Record<string, string> = {},
  script: Script = () => undefined,
  keyStored = true,
) {
  const notes = new Map(Object.entries(initial));
  const { client, transport } = clientWithAnswer((req) => script(req, notes) ?? device(req, notes));
  const vault = createVault(createMemoryStore());
  if (keyStored) await vault.setApiKey(TARGET.deviceId, KEY, { description: 'test' });
  const sessions = createSessionManager({ client, vault });
  const location = createLocationNotes({ client, sessions, now: () => NOW });
  const sent = () => transport.calls.map((c) => `${c.request.method} ${c.request.path}`);
  return { location, notes, transport, sent };
}

function device(req: TransportRequest, notes: Map<string, string>): TransportResponse {
  const body = req.body === undefined ? {} : (JSON.parse(req.body) as { key?: string; value?: string });
  const key = decodeURIComponent(req.path.slice(NOTES.length + 1));
  if (req.method !== 'GET' && req.headers['x-api-key'] !== KEY) return reply(401, '');
  if (req.method === 'GET' && req.path === NOTES) return reply(200, Object.fromEntries(notes));
  if (req.method === 'POST' && req.path === NOTES) {
    if (notes.has(body.key!)) return reply(409, { err: 'exists' });
    notes.set(body.key!, body.value!);
    return reply(200, '');
  }
  if (req.method === 'PUT') return (notes.set(key, body.value!), reply(200, ''));
  if (req.method === 'DELETE')
    return notes.delete(key) ? reply(200, '') : reply(404, { err: 'Note not found' });
  return reply(404, 'Not Found');
}

describe('location notes: write', () => {
  it('absent → one POST {key: location}, read back: written; other notes untouched', async () => {
    const { location, notes, sent } = await setup({ owner: 'ACME ops', 'location-old': 'x' });
    const result = await location.write(TARGET, HERE);
    expect(result).toEqual({
      outcome: 'written',
      note: { deviceId: TARGET.deviceId, state: 'present', value: HERE, readAt: new Date(NOW).toISOString() },
    });
    expect(sent()).toEqual([`GET ${NOTES}`, `POST ${NOTES}`, `GET ${NOTES}`]);
    expect(Object.fromEntries(notes)).toEqual({ owner: 'ACME ops', 'location-old': 'x', location: HERE });
  });

  it('present and different → one PUT /notes/location; equal → unchanged, nothing sent', async () => {
    const { location, notes, sent } = await setup({ location: 'Hall 3 / A1-R02-S1-P4', other: 'kept' });
    expect((await location.write(TARGET, HERE)).outcome).toBe('written');
    expect(sent()).toEqual([`GET ${NOTES}`, `PUT ${NOTES}/location`, `GET ${NOTES}`]);
    expect(Object.fromEntries(notes)).toEqual({ location: HERE, other: 'kept' });
    const again = await location.write(TARGET, HERE);
    expect(again).toMatchObject({ outcome: 'unchanged', note: { state: 'present', value: HERE } });
    expect(sent()).toHaveLength(4);
  });

  it('firmware without the notes API → unsupported, in words, nothing written', async () => {
    const { location, sent } = await setup({}, (req) =>
      req.path.startsWith(NOTES) ? reply(404, 'Not Found') : undefined,
    );
    expect(await location.write(TARGET, HERE)).toEqual({
      outcome: 'unsupported',
      message: 'no notes API on this firmware: the place is kept in Minerdeck only',
      note: { deviceId: TARGET.deviceId, state: 'unsupported', readAt: new Date(NOW).toISOString() },
    });
    expect(sent()).toEqual([`GET ${NOTES}`]);
  });

  it('a refusal (507) → failed with the device words, sent once', async () => {
    const { location, sent } = await setup({}, (req) =>
      req.method === 'POST' ? reply(507, { err: 'Notes storage is full' }) : undefined,
    );
    const result = await location.write(TARGET, HERE);
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(/507: Notes storage is full; nothing was written/);
    expect(result.note.state).toBe('absent');
    expect(sent().filter((s) => s.startsWith('POST'))).toHaveLength(1);
  });

  it('a lost answer is never resent: the read-back decides (applied → written; not applied → failed)', async () => {
    const applied = await setup({}, (req, notes) => {
      if (req.method !== 'POST') return undefined;
      notes.set('location', HERE);
      throw new DeviceError('TIMEOUT', '127.0.0.1:8080 did not answer within 5000 ms.');
    });
    expect((await applied.location.write(TARGET, HERE)).outcome).toBe('written');
    expect(applied.sent().filter((s) => s.startsWith('POST'))).toHaveLength(1);
    const lost = await setup({}, (req) => {
      if (req.method === 'POST')
        throw new DeviceError('TIMEOUT', '127.0.0.1:8080 did not answer within 5000 ms.');
      return undefined;
    });
    const result = await lost.location.write(TARGET, HERE);
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(
      /read back, it has no location note \(its answer was lost: .*did not answer/,
    );
    expect(lost.sent().filter((s) => s.startsWith('POST'))).toHaveLength(1);
  });

  it('a read-back that says something else → failed, naming it (printable)', async () => {
    const { location } = await setup({}, (req, notes) => {
      if (req.method !== 'POST') return undefined;
      notes.set('location', 'Hall\u001b[2J 9');
      return reply(200, '');
    });
    const result = await location.write(TARGET, HERE);
    expect(result).toMatchObject({
      outcome: 'failed',
      message: 'read back, its note says Hall\\x1b[2J 9',
    });
    expect(result.note.value).toBe('Hall\\x1b[2J 9');
  });

  it('a garbage list → failed before anything is sent; an unreadable location value too', async () => {
    const garbage = await setup({}, (req) =>
      req.method === 'GET' ? reply(200, '<html>login</html>') : undefined,
    );
    const result = await garbage.location.write(TARGET, HERE);
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(
      /could not read its location note \(.*answered HTML, not JSON\); nothing was sent/,
    );
    expect(result.note.state).toBe('unreadable');
    expect(garbage.sent()).toEqual([`GET ${NOTES}`]);
    const odd = await setup({}, (req) => (req.method === 'GET' ? reply(200, { location: 7 }) : undefined));
    expect((await odd.location.write(TARGET, HERE)).message).toMatch(/its location note is not text/);
    expect(odd.sent()).toEqual([`GET ${NOTES}`]);
  });

  it('no credential stored for a write → failed "needs its password", nothing written', async () => {
    const { location, notes } = await setup({}, undefined, false);
    const result = await location.write(TARGET, HERE);
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(/password.*; nothing was written$/);
    expect(notes.size).toBe(0);
  });

  it('a value that is not a location note → not-sent, no request at all', async () => {
    const { location, sent } = await setup();
    for (const value of ['', 'x'.repeat(201), 'Hall\n7']) {
      expect((await location.write(TARGET, value)).outcome).toBe('not-sent');
    }
    expect((await location.write({ ...TARGET, address: 'ftp://x' }, HERE)).outcome).toBe('not-sent');
    expect(sent()).toEqual([]);
  });
});

describe('location notes: remove and read', () => {
  it('deletes the location note only while it says what was expected; other keys stay', async () => {
    const { location, notes, sent } = await setup({ location: HERE, owner: 'ops' });
    expect(await location.remove(TARGET, 'Hall 3 / A1')).toEqual({
      outcome: 'unchanged',
      message: `its note says ${HERE}: left as it is`,
    });
    expect(sent()).toEqual([`GET ${NOTES}`]);
    expect(await location.remove(TARGET, HERE)).toEqual({ outcome: 'written' });
    expect(sent()).toContain(`DELETE ${NOTES}/location`);
    expect(Object.fromEntries(notes)).toEqual({ owner: 'ops' });
    expect(await location.remove(TARGET, HERE)).toEqual({ outcome: 'unchanged' });
  });

  it('read: present (printable, ≤ 200), absent, unsupported, unreadable', async () => {
    const long = `Hall\u202e ${'x'.repeat(300)}`;
    const present = await setup({ location: long });
    const note = await present.location.read(TARGET);
    expect(note.state).toBe('present');
    expect(note.value).toHaveLength(200);
    expect(note.value!.startsWith('Hall\\u202e x')).toBe(true);
    expect((await (await setup({ other: 'x' })).location.read(TARGET)).state).toBe('absent');
    const none = await setup({}, () => reply(404, 'Not Found'));
    expect((await none.location.read(TARGET)).state).toBe('unsupported');
    const down = await setup({}, () => {
      throw new DeviceError('UNREACHABLE', '127.0.0.1:8080: connection refused.');
    });
    expect((await down.location.read(TARGET)).state).toBe('unreadable');
  });

  it('a device that guards its reads: the read is made again with the credential', async () => {
    const { location, transport } = await setup({ location: HERE }, (req) =>
      req.method === 'GET' && req.headers['x-api-key'] === undefined ? reply(401, '') : undefined,
    );
    expect(await location.read(TARGET)).toMatchObject({ state: 'present', value: HERE });
    expect(transport.calls.map((c) => c.request.headers['x-api-key'])).toEqual([undefined, KEY]);
  });
});
