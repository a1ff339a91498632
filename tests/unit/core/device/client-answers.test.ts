import { describe, expect, it } from 'vitest';
import { DeviceError } from '../../../../electron/core/device/device-error';
import { readStatus } from '../../../../electron/core/device/status-reader';
import type { TransportRequest, TransportResponse } from '../../../../electron/core/device/http-exchange';
import { fixture } from './fakes/device-fixtures';
import { apiKey, clientWithAnswer, DEVICE, KEY, reply, token, TOKEN } from './fakes/recording-transport';
import { rejectionOf } from './fakes/rejection';

/** The client's reading of every kind of answer, over a recording transport (no sockets). */
describe('answers become values or typed errors', () => {
  const errText = (
    fixture('error-mining-pause-stop.apidoc1215510239-s19-xil-vnish1.2.6.json') as { err: string }
  ).err;

  it('unlock 200 with a token → the token, opaque', async () => {
    const { client } = clientWithAnswer(() =>
      reply(200, fixture('unlock-POST-response.tntvlad-har-s19-88-vnish1.2.6.json')),
    );
    expect(await client.unlock(DEVICE, 'admin')).toBe(TOKEN);
  });

  it.each<[string, TransportResponse]>([
    ['no token', reply(200, {})],
    ['a token that is not a string', reply(200, { token: 42 })],
    ['a bare string', reply(200, '"rBiHSIaK"')],
    ['HTML', reply(200, '<html><body>login</body></html>', { 'Content-Type': 'text/html' })],
  ])('unlock 200 with %s → BAD_RESPONSE', async (_label, answer) => {
    const { client } = clientWithAnswer(() => answer);
    await expect(client.unlock(DEVICE, 'admin')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it.each<[string, TransportResponse]>([
    ['a body', reply(403, { unlock_timeout: null })],
    ['no body', reply(403)],
  ])('unlock 403 with %s → WRONG_PASSWORD', async (_label, answer) => {
    const { client } = clientWithAnswer(() => answer);
    await expect(client.unlock(DEVICE, 'wrong')).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
      detail: { status: 403 },
    });
  });

  it('429 {"unlock_timeout": 17} → LOCKED_OUT for 17 s, said in the message', async () => {
    const { client } = clientWithAnswer(() => reply(429, { unlock_timeout: 17 }));
    await expect(client.unlock(DEVICE, 'wrong')).rejects.toMatchObject({
      code: 'LOCKED_OUT',
      detail: { retryAfterSeconds: 17, status: 429 },
      message: expect.stringContaining('locked out: wait 17 s before trying again'),
    });
  });

  it('429 with Retry-After (seconds or a date) → LOCKED_OUT with those seconds', async () => {
    const { client } = clientWithAnswer(() => reply(429, '', { 'Retry-After': '30' }));
    await expect(client.unlock(DEVICE, 'x')).rejects.toMatchObject({ detail: { retryAfterSeconds: 30 } });
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const dated = clientWithAnswer(() => reply(429, '', { 'Retry-After': inAMinute }));
    await expect(dated.client.unlock(DEVICE, 'x')).rejects.toMatchObject({
      detail: { retryAfterSeconds: expect.closeTo(60, -1) },
    });
  });

  it('429 without a wait → LOCKED_OUT saying the device did not tell', async () => {
    const { client } = clientWithAnswer(() => reply(429, { unlock_timeout: null }));
    await expect(client.unlock(DEVICE, 'x')).rejects.toMatchObject({
      code: 'LOCKED_OUT',
      detail: { status: 429 },
      message: expect.stringContaining('did not say how long'),
    });
  });

  it('401 with an empty body → AUTH_REQUIRED', async () => {
    const { client } = clientWithAnswer(() => reply(401));
    await expect(client.getStatus(DEVICE, token)).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      detail: { status: 401 },
    });
  });

  it('500 {"err"} → HTTP_ERROR with the device text, trimmed', async () => {
    const { client } = clientWithAnswer(() => reply(500, { err: errText }));
    await expect(client.getStatus(DEVICE, token)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 500, deviceMessage: 'CGMiner err: Cgminer error failed-to-activate-pause-mode' },
      message: expect.stringMatching(
        /device answered 500: CGMiner err: Cgminer error failed-to-activate-pause-mode$/,
      ),
    });
  });

  it('404 on an optional read → HTTP_ERROR 404; 403 outside unlock is no password error', async () => {
    const { client } = clientWithAnswer(() => reply(404, 'Not Found'));
    await expect(client.getSummary(DEVICE, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
    await expect(client.getInfo(DEVICE, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
    const forbidden = clientWithAnswer(() => reply(403));
    await expect(forbidden.client.getStatus(DEVICE, token)).rejects.toMatchObject({ code: 'HTTP_ERROR' });
  });

  it.each<[string, TransportResponse, string]>([
    ['HTML', reply(200, '<!DOCTYPE html><html></html>'), 'answered HTML, not JSON'],
    ['HTML by content type', reply(200, 'hello', { 'content-type': 'text/html' }), 'answered HTML, not JSON'],
    ['malformed JSON', reply(200, '{"miner_state": "mining"'), 'answered malformed JSON'],
    ['an empty body', reply(200, ''), 'answered an empty body, not JSON'],
  ])('a 2xx with %s → BAD_RESPONSE', async (_label, answer, reason) => {
    const { client } = clientWithAnswer(() => answer);
    const result = client.getStatus(DEVICE, token);
    await expect(result).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining(reason),
    });
  });

  it('answers the raw body of reads and of key creation, whatever its JSON shape', async () => {
    const status = fixture('status-after-unlock.tntvlad-har-s19-88-vnish1.2.6.json');
    expect(await clientWithAnswer(() => reply(200, status)).client.getStatus(DEVICE, token)).toEqual(status);
    expect(
      await clientWithAnswer(() => reply(200, '"inserted"')).client.createApiKey(DEVICE, token, {
        key: KEY,
        description: '',
      }),
    ).toBe('inserted');
    const keys = fixture('apikeys-GET-one-key.apidoc1215510239-s19-xil-vnish1.2.6.json');
    expect(await clientWithAnswer(() => reply(200, keys)).client.listApiKeys(DEVICE, token)).toEqual(keys);
  });

  it('a 100,000-deep JSON body is parsed without crashing, and reads as an odd status', async () => {
    const deep = reply(200, '['.repeat(100_000) + ']'.repeat(100_000));
    const body = await clientWithAnswer(() => deep).client.getStatus(DEVICE, token);
    expect(Array.isArray(body)).toBe(true);
    expect(readStatus(body).warnings).toEqual(['status is an array, not an object']);
  });

  it('a deletion confirmed with an empty 200 is a success', async () => {
    expect(await clientWithAnswer(() => reply(200, '')).client.deleteApiKey(DEVICE, token, KEY)).toBeNull();
  });

  it('never quotes a password, token or key, even when the device echoes it', async () => {
    const echo = (request: TransportRequest) =>
      reply(500, { err: `rejected ${request.body ?? ''} ${JSON.stringify(request.headers)}` });
    const { client } = clientWithAnswer(echo);
    const password = 'hunter2-secret';
    for (const attempt of [
      client.unlock(DEVICE, password),
      client.getStatus(DEVICE, token),
      client.createApiKey(DEVICE, apiKey, { key: 'NEWKEYNEWKEYNEWKEYNEWKEYNEWKEY12', description: 'x' }),
    ]) {
      const error = await rejectionOf(attempt);
      const text = `${error.message} ${JSON.stringify(error.toAppError())}`;
      expect(error.code).toBe('HTTP_ERROR');
      for (const secret of [password, TOKEN, KEY, 'NEWKEYNEWKEYNEWKEYNEWKEYNEWKEY12'])
        expect(text).not.toContain(secret);
    }
  });

  it('scrubs a secret straddling the 2,000-character cut of device text before cutting it', async () => {
    const password = 'Straddle-Secret-77';
    // The password starts 5 characters before the cut: cut first, "Strad" would be left unscrubbed.
    const padding = 'x'.repeat(1995);
    const { client } = clientWithAnswer(() => reply(500, { err: `${padding}${password} and more` }));
    const error = await rejectionOf(client.unlock(DEVICE, password));
    const kept = error.detail.deviceMessage ?? '';
    expect(kept).toBe(`${padding}*** a`);
    expect(`${error.message} ${JSON.stringify(error.toAppError())}`).not.toContain(password.slice(0, 5));
  });

  it('wraps anything unexpected in a DeviceError', async () => {
    const { client } = clientWithAnswer(() => {
      throw new TypeError('boom');
    });
    await expect(client.getInfo(DEVICE, undefined)).rejects.toBeInstanceOf(DeviceError);
    await expect(client.getInfo(DEVICE, undefined)).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('close() closes the transport', () => {
    const { client, transport } = clientWithAnswer();
    client.close();
    expect(transport.closed).toBe(true);
  });
});
