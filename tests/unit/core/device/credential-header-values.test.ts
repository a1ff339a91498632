/**
 * Which credential values travel in a header (RFC 9110 field values, header-value.ts)
 * and whose fault a refused one is. A token comes from a device: one HTTP cannot carry back is the
 * device's fault (BAD_RESPONSE), found when the unlock answers; a key the user gives stays their input
 * (INVALID_INPUT). Neither is ever quoted in a message.
 */
import { describe, expect, it } from 'vitest';
import { credentialValueProblem } from '../../../../electron/core/device/header-value';
import { clientWithAnswer, DEVICE, reply } from './fakes/recording-transport';

const UNSENDABLE: [string, string][] = [
  ['CR LF', 'abc\r\nx-api-key: y'],
  ['a lone LF', 'abc\ndef'],
  ['NUL', 'abc\0def'],
  ['another control character', 'abc\x01def'],
  ['DEL', 'abc\x7fdef'],
  ['a leading space', ' abcdef'],
  ['a trailing tab', 'abcdef\t'],
  ['a character outside Latin-1', 'abc€def'],
];

const SENDABLE: [string, string][] = [
  ['a space inside', 'abc def'],
  ['a tab inside', 'abc\tdef'],
  ['punctuation', 'a+b/c=d~e.f_g-h'],
  ['Latin-1 (obs-text)', 'clé'],
];

describe('credentialValueProblem', () => {
  it.each(UNSENDABLE)('refuses a value with %s', (_label, value) => {
    expect(credentialValueProblem(value)).toEqual(expect.any(String));
  });

  it.each(SENDABLE)('accepts a value with %s', (_label, value) => {
    expect(credentialValueProblem(value)).toBeUndefined();
  });
});

describe('a token the device gives', () => {
  it.each(SENDABLE)('with %s: taken at unlock and sent back as Bearer <token>', async (_label, value) => {
    const { client, transport } = clientWithAnswer(() => reply(200, { token: value }));
    const token = await client.unlock(DEVICE, 'admin');
    expect(token).toBe(value);
    await client.getStatus(DEVICE, { kind: 'token', token });
    expect(transport.calls[1]!.request.headers.Authorization).toBe(`Bearer ${value}`);
  });

  it.each(UNSENDABLE)('with %s: refused at unlock as the device’s fault, never quoted', async (_l, value) => {
    const { client } = clientWithAnswer(() => reply(200, { token: value }));
    const rejection = client.unlock(DEVICE, 'admin');
    await expect(rejection).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(
        /^127\.0\.0\.1:8080: the device gave a session token that cannot be sent back in a header \(.+\)\.$/,
      ),
      detail: { status: 200, cause: 'UNSENDABLE_TOKEN' },
    });
    await expect(rejection).rejects.not.toMatchObject({ message: expect.stringContaining(value) });
  });

  it('handed to a call anyway: BAD_RESPONSE before anything is sent, not the user’s INVALID_INPUT', async () => {
    const { client, transport } = clientWithAnswer();
    await expect(client.getStatus(DEVICE, { kind: 'token', token: 'abc\r\ndef' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/session token that cannot be sent back in a header/),
    });
    expect(transport.calls).toHaveLength(0);
  });
});

describe('an API key the user gives', () => {
  it('with a space inside: a legal header value, sent as it is', async () => {
    const { client, transport } = clientWithAnswer();
    await client.getStatus(DEVICE, { kind: 'apiKey', key: 'abc def' });
    expect(transport.calls[0]!.request.headers['x-api-key']).toBe('abc def');
  });

  it.each(UNSENDABLE)('with %s: refused as input (INVALID_INPUT), nothing sent', async (_label, value) => {
    const { client, transport } = clientWithAnswer();
    const rejection = client.getStatus(DEVICE, { kind: 'apiKey', key: value });
    await expect(rejection).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^The API key cannot be sent in an HTTP header: /),
    });
    expect(transport.calls).toHaveLength(0);
  });
});
