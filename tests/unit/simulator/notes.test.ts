/**
 * The notes API over real HTTP (README "Notes", vendor OpenAPI tag `notes`): read all, read one, create
 * (409 when it exists, 507 when full), update, delete (404 when absent); writes need a credential, reads
 * are anonymous unless the firmware guards them; `notesApi: false` (and the field fault `no-notes-api`)
 * is firmware without it; notes survive a reboot and a firmware update.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_NOTES, simImageHeader, startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { bearer, call, getJson, parse, postJson, unlockToken } from './http-client';
import type { Answer } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

const QUICK: SimDeviceOptions = { rebootAfterSeconds: 0, rebootDownSeconds: 0.3, bootSeconds: 0.2 };

async function one(opts: SimDeviceOptions = {}): Promise<{ device: SimDevice; notes: string }> {
  fleet = await startFleet({ devices: [{ ...QUICK, ...opts }] });
  const device = fleet.devices[0]!;
  return { device, notes: `${device.address}/api/v1/notes` };
}

const send = (method: string, url: string, value: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(value === undefined ? {} : { body: JSON.stringify(value) }),
  });
const statusOf = (a: Answer): [number, unknown] => [a.status, a.body === '' ? '' : parse(a)];

describe('the notes API', () => {
  it('creates, reads, updates and deletes a note; other keys are kept', async () => {
    const { device, notes } = await one({ notes: { owner: 'ACME ops' } });
    const auth = bearer(await unlockToken(device.address));
    expect(statusOf(await getJson(notes))).toEqual([200, { owner: 'ACME ops' }]);
    expect(
      statusOf(await postJson(notes, { key: 'location', value: 'Hall 7 / C2-R07-S3-P2' }, auth)),
    ).toEqual([200, '']);
    expect(statusOf(await getJson(`${notes}/location`))).toEqual([200, { value: 'Hall 7 / C2-R07-S3-P2' }]);
    // POST of a key that exists is a conflict and changes nothing.
    const again = await postJson(notes, { key: 'location', value: 'elsewhere' }, auth);
    expect(again.status).toBe(409);
    expect(parse(again)).toMatchObject({ err: expect.stringContaining('location') });
    expect(statusOf(await send('PUT', `${notes}/location`, { value: 'Hall 3 / A1' }, auth))).toEqual([
      200,
      '',
    ]);
    expect(device.notes).toEqual({ owner: 'ACME ops', location: 'Hall 3 / A1' });
    expect(statusOf(await send('DELETE', `${notes}/location`, undefined, auth))).toEqual([200, '']);
    expect((await getJson(`${notes}/location`)).status).toBe(404);
    expect((await send('DELETE', `${notes}/location`, undefined, auth)).status).toBe(404);
    expect(statusOf(await getJson(notes))).toEqual([200, { owner: 'ACME ops' }]);
  });

  it('keys with spaces and slashes travel encoded; a broken encoding is refused', async () => {
    const { device, notes } = await one();
    const auth = bearer(await unlockToken(device.address));
    expect((await postJson(notes, { key: 'rack / slot', value: 'x' }, auth)).status).toBe(200);
    expect(parse(await getJson(`${notes}/${encodeURIComponent('rack / slot')}`))).toEqual({ value: 'x' });
    expect((await getJson(`${notes}/%E0%A4%A`)).status).toBe(404);
    expect((await send('PUT', `${notes}/%E0%A4%A`, { value: 'y' }, auth)).status).toBe(400);
  });

  it('writes need a credential; malformed bodies are 400 and change nothing', async () => {
    const { device, notes } = await one();
    expect((await postJson(notes, { key: 'location', value: 'a' })).status).toBe(401);
    expect((await send('PUT', `${notes}/location`, { value: 'a' })).status).toBe(401);
    expect((await send('DELETE', `${notes}/location`, undefined)).status).toBe(401);
    const auth = { 'x-api-key': 'K'.repeat(32) };
    expect(
      (
        await postJson(
          device.address + '/api/v1/apikeys',
          { key: 'K'.repeat(32), description: 'notes' },
          bearer(await unlockToken(device.address)),
        )
      ).status,
    ).toBe(200);
    for (const body of [
      '[]',
      '{"key": 3, "value": "a"}',
      '{"key": "", "value": "a"}',
      '{"key": "k", "value": 3}',
      'nope',
    ]) {
      expect([body, (await postJson(notes, body, auth)).status]).toEqual([body, 400]);
    }
    expect((await send('PUT', `${notes}/k`, { value: 3 }, auth)).status).toBe(400);
    expect(device.notes).toEqual({});
    // PUT of an absent key adds it (the vendor's "Notes add successfully"; no 404 documented).
    expect((await send('PUT', `${notes}/k`, { value: 'v' }, auth)).status).toBe(200);
    expect(device.notes).toEqual({ k: 'v' });
  });

  it('507 when full: at most MAX_NOTES notes, and 4 KB of keys and values', async () => {
    const { device, notes } = await one();
    const auth = bearer(await unlockToken(device.address));
    for (let i = 0; i < MAX_NOTES; i += 1) {
      expect((await postJson(notes, { key: `k${i}`, value: 'v' }, auth)).status).toBe(200);
    }
    const full = await postJson(notes, { key: 'one-more', value: 'v' }, auth);
    expect(statusOf(full)).toEqual([507, { err: 'Notes storage is full' }]);
    expect((await send('PUT', `${notes}/k0`, { value: 'w'.repeat(5000) }, auth)).status).toBe(507);
    expect(device.notes.k0).toBe('v');
  });

  it('guardedReads guards the notes reads too; writes are unchanged', async () => {
    const { device, notes } = await one({ guardedReads: true, notes: { location: 'Hall 1 / A' } });
    expect(statusOf(await getJson(notes))).toEqual([401, '']);
    expect(statusOf(await getJson(`${notes}/location`))).toEqual([401, '']);
    const auth = bearer(await unlockToken(device.address));
    expect(parse(await getJson(`${notes}/location`, auth))).toEqual({ value: 'Hall 1 / A' });
  });

  it('notesApi: false is firmware without the notes API: 404 on every path, any method', async () => {
    const { device, notes } = await one({ notesApi: false, notes: { location: 'kept' } });
    const auth = bearer(await unlockToken(device.address));
    expect((await getJson(notes)).status).toBe(404);
    expect((await getJson(`${notes}/location`)).status).toBe(404);
    expect((await postJson(notes, { key: 'a', value: 'b' }, auth)).status).toBe(404);
    expect((await send('PUT', `${notes}/location`, { value: 'b' }, auth)).status).toBe(404);
    expect((await send('DELETE', `${notes}/location`, undefined, auth)).status).toBe(404);
    device.setNotesApi(true);
    expect(parse(await getJson(notes))).toEqual({ location: 'kept' });
  });

  it('the field fault no-notes-api takes the notes API from a seeded share of the fleet', async () => {
    fleet = await startFleet({ count: 20, fieldFaults: { seed: 'notes', rates: { 'no-notes-api': 0.25 } } });
    const picks = fleet.fieldFaults().filter((p) => p.kind === 'no-notes-api');
    expect(picks).toHaveLength(5);
    for (const device of fleet.devices) {
      const missing = picks.some((p) => p.deviceId === device.id);
      expect((await getJson(`${device.address}/api/v1/notes`)).status).toBe(missing ? 404 : 200);
    }
  });

  it('the spec profile has no notes API', async () => {
    const { notes } = await one({ profile: 'spec' });
    expect((await getJson(notes)).status).toBe(404);
  });

  it('notes survive a reboot and a firmware update', async () => {
    const { device, notes } = await one();
    let auth = bearer(await unlockToken(device.address));
    await postJson(notes, { key: 'location', value: 'Hall 7 / C2-R07-S3-P2' }, auth);
    expect((await postJson(`${device.address}/api/v1/system/reboot`, {}, auth)).status).toBe(200);
    await waitDownAndUp(device);
    expect(parse(await getJson(`${notes}/location`))).toEqual({ value: 'Hall 7 / C2-R07-S3-P2' });
    auth = bearer(await unlockToken(device.address));
    const update = await uploadImage(device, simImageHeader('1.2.8', 's21pro'), auth);
    expect(update.status).toBe(200);
    await waitDownAndUp(device);
    expect(device.firmwareVersion).toBe('1.2.8');
    expect(parse(await getJson(notes))).toEqual({ location: 'Hall 7 / C2-R07-S3-P2' });
  });
});

async function waitDownAndUp(device: SimDevice): Promise<void> {
  const until = Date.now() + 10_000;
  while (device.isUp && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  await device.waitUntilUp();
}

function uploadImage(device: SimDevice, header: string, auth: Record<string, string>): Promise<Answer> {
  const boundary = 'notes-test-boundary';
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="keep_settings"\r\n\r\ntrue\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n`,
    `Content-Type: application/octet-stream\r\n\r\n${header}\nimage\r\n--${boundary}--\r\n`,
  ].join('');
  return call(`${device.address}/api/v1/firmware/update`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth },
    body,
  });
}
