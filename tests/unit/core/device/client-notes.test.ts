/**
 * The notes calls' requests and readers (vendor OpenAPI tag `notes`; field-notes.md "Notes"): exact method,
 * path, headers and body; a 404 on the list is "no notes API"; bodies not in the documented shape are
 * BAD_RESPONSE with words; keys and values we would send wrongly never leave the laptop.
 */
import { describe, expect, it } from 'vitest';
import { apiKey, clientWithAnswer, DEVICE, reply, token, TOKEN } from './fakes/recording-transport';

describe('notes calls', () => {
  it('readNotes: an anonymous GET /notes → the notes; a value that is not text is named, not taken', async () => {
    const { client, transport } = clientWithAnswer(() =>
      reply(200, { location: 'Hall 7 / C2-R07-S3-P2', owner: 'ops', odd: 3 }),
    );
    expect(await client.readNotes(DEVICE, undefined)).toEqual({
      api: 'present',
      notes: { location: 'Hall 7 / C2-R07-S3-P2', owner: 'ops' },
      unreadable: ['odd'],
    });
    const { request } = transport.calls[0]!;
    expect(request).toMatchObject({ method: 'GET', path: '/api/v1/notes' });
    expect(request.headers).toEqual({ Accept: 'application/json' });
  });

  it('readNotes with a credential (a device that guards reads) sends exactly one header', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, {}));
    expect(await client.readNotes(DEVICE, token)).toEqual({ api: 'present', notes: {}, unreadable: [] });
    expect(transport.calls[0]!.request.headers).toEqual({
      Accept: 'application/json',
      Authorization: `Bearer ${TOKEN}`,
    });
  });

  it('readNotes: 404 is firmware without the notes API; other failures stay errors', async () => {
    const missing = clientWithAnswer(() => reply(404, 'Not Found'));
    expect(await missing.client.readNotes(DEVICE, undefined)).toEqual({ api: 'missing' });
    const refused = clientWithAnswer(() => reply(401, ''));
    await expect(refused.client.readNotes(DEVICE, undefined)).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    const broken = clientWithAnswer(() => reply(500, { err: 'flash read error ' }));
    await expect(broken.client.readNotes(DEVICE, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 500, deviceMessage: 'flash read error' },
    });
  });

  it.each([
    ['a list', [['location', 'x']], 'got an array'],
    ['a text', '"location"', 'got a string'],
    ['null', null, 'got null'],
  ])('readNotes: %s is BAD_RESPONSE with words', async (_name, body, words) => {
    const { client } = clientWithAnswer(() => reply(200, body));
    const error = await client.readNotes(DEVICE, undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE' });
    expect((error as Error).message).toMatch(/its notes are not a JSON object/);
    expect((error as Error).message).toContain(words);
  });

  it('readNotes: a key named __proto__ stays a note, never a prototype', async () => {
    const { client } = clientWithAnswer(() => reply(200, '{"__proto__": "Hall 1", "location": "Hall 2"}'));
    const answer = await client.readNotes(DEVICE, undefined);
    expect(answer.api === 'present' && Object.keys(answer.notes)).toEqual(['__proto__', 'location']);
    expect(answer.api === 'present' && Object.getPrototypeOf(answer.notes)).toBe(Object.prototype);
  });

  it('readNotes: a body that is not JSON is BAD_RESPONSE', async () => {
    const { client } = clientWithAnswer(() => reply(200, '<html>router login</html>'));
    await expect(client.readNotes(DEVICE, undefined)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('readNote: GET /notes/{key} encoded → its value; another shape is BAD_RESPONSE; 404 is HTTP_ERROR', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, { value: 'Hall 3 / A1' }));
    expect(await client.readNote(DEVICE, undefined, 'rack / slot')).toBe('Hall 3 / A1');
    expect(transport.calls[0]!.request).toMatchObject({
      method: 'GET',
      path: '/api/v1/notes/rack%20%2F%20slot',
    });
    const odd = clientWithAnswer(() => reply(200, { val: 'x' }));
    await expect(odd.client.readNote(DEVICE, undefined, 'location')).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('its note "location" is not {"value": text}'),
    });
    const absent = clientWithAnswer(() => reply(404, { err: 'Note not found' }));
    await expect(absent.client.readNote(DEVICE, undefined, 'location')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
  });

  it('createNote: POST /notes {key, value} with the credential; an empty 200 is an acceptance; 409 is an error', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, ''));
    expect(await client.createNote(DEVICE, apiKey, { key: 'location', value: 'Hall 7 / S1' })).toBeNull();
    const { request } = transport.calls[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/notes' });
    expect(JSON.parse(request.body!)).toEqual({ key: 'location', value: 'Hall 7 / S1' });
    expect(request.headers['x-api-key']).toBeDefined();
    const conflict = clientWithAnswer(() => reply(409, { err: 'Note location already exists' }));
    await expect(
      conflict.client.createNote(DEVICE, token, { key: 'location', value: 'x' }),
    ).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 409 },
    });
  });

  it('updateNote: PUT /notes/{key} {value}; deleteNote: DELETE /notes/{key} without a body', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, ''));
    await client.updateNote(DEVICE, token, { key: 'location', value: 'Hall 3 / A1' });
    await client.deleteNote(DEVICE, token, 'location');
    const [put, del] = transport.calls.map((c) => c.request);
    expect(put).toMatchObject({ method: 'PUT', path: '/api/v1/notes/location' });
    expect(JSON.parse(put!.body!)).toEqual({ value: 'Hall 3 / A1' });
    expect(del).toMatchObject({ method: 'DELETE', path: '/api/v1/notes/location' });
    expect(del!.body).toBeUndefined();
    expect(del!.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${TOKEN}` });
  });

  it.each([
    ['an empty key', { key: '', value: 'x' }],
    ['a key of 65 characters', { key: 'k'.repeat(65), value: 'x' }],
    ['a key with a line break', { key: 'a\nb', value: 'x' }],
    ['a value with an escape', { key: 'location', value: 'Hall\u001b[2J' }],
    ['a value of 1025 characters', { key: 'location', value: 'v'.repeat(1025) }],
  ])('%s is INVALID_INPUT and nothing is sent', async (_name, note) => {
    const { client, transport } = clientWithAnswer(() => reply(200, ''));
    await expect(client.createNote(DEVICE, token, note)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(client.updateNote(DEVICE, token, note)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(transport.calls).toHaveLength(0);
  });
});
