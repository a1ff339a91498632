import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../../../shared/domain/credential';
import type { AddressInput, DeviceClient } from '../../../../electron/core/device/client';
import { createDeviceClient } from '../../../../electron/core/device/client';
import { answerJson, startHttpServer } from './fakes/local-servers';
import type { LocalServer } from './fakes/local-servers';
import { apiKey, clientWithAnswer, DEVICE, KEY, reply, token, TOKEN } from './fakes/recording-transport';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every method of the client, called with the given address and otherwise valid arguments. */
const everyMethod: [string, (client: DeviceClient, address: AddressInput) => Promise<unknown>][] = [
  ['unlock', (c, a) => c.unlock(a, 'admin')],
  ['getStatus', (c, a) => c.getStatus(a, token)],
  ['createApiKey', (c, a) => c.createApiKey(a, token, { key: KEY, description: 'Minerdeck' })],
  ['listApiKeys', (c, a) => c.listApiKeys(a, apiKey)],
  ['deleteApiKey', (c, a) => c.deleteApiKey(a, apiKey, KEY)],
  ['getInfo', (c, a) => c.getInfo(a, undefined)],
  ['getSummary', (c, a) => c.getSummary(a, undefined)],
];

describe('bad input is refused before any network call', () => {
  const badAddresses: [string, unknown][] = [
    ['not an address', 'not an address!'],
    ['empty', ''],
    ['port 0', '10.0.0.5:0'],
    ['port 65536', '10.0.0.5:65536'],
    ['port abc', '10.0.0.5:abc'],
    ['ftp://', 'ftp://10.0.0.5'],
    ['a path', 'http://10.0.0.5/api'],
    ['credentials in the URL', 'http://admin:pw@10.0.0.5'],
    ['a bad IPv4', '10.0.0.256'],
    ['an object with port 0', { scheme: 'http', host: '10.0.0.5', port: 0 }],
    ['an object with scheme ftp', { scheme: 'ftp', host: '10.0.0.5', port: 21 }],
    ['an object with a bad host', { scheme: 'http', host: 'a b', port: 80 }],
    ['null', null],
  ];

  describe.each(everyMethod)('%s', (_name, call) => {
    it.each(badAddresses)('%s', async (_label, address) => {
      const { client, transport } = clientWithAnswer();
      await expect(call(client, address as AddressInput)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(transport.calls).toHaveLength(0);
    });
  });

  it('accepts a parsed address object', async () => {
    const { client, transport } = clientWithAnswer();
    await client.getInfo({ scheme: 'http', host: '127.0.0.1', port: 8080 }, undefined);
    expect(transport.calls[0]!.request.address).toEqual({ scheme: 'http', host: '127.0.0.1', port: 8080 });
  });

  it('refuses an empty password', async () => {
    const { client, transport } = clientWithAnswer();
    await expect(client.unlock(DEVICE, '')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(transport.calls).toHaveLength(0);
  });

  it.each<[string, unknown]>([
    ['an empty token', { kind: 'token', token: '' }],
    ['an empty key', { kind: 'apiKey', key: '' }],
    ['a key with a line break', { kind: 'apiKey', key: `${TOKEN}\r\nx-evil: y` }],
    ['an unknown kind', { kind: 'password', password: 'x' }],
    ['nothing', undefined],
  ])('refuses %s as a credential, without quoting it', async (_label, credential) => {
    const { client, transport } = clientWithAnswer();
    const rejection = client.getStatus(DEVICE, credential as DeviceCredential);
    await expect(rejection).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(rejection).rejects.not.toMatchObject({ message: expect.stringContaining(TOKEN) });
    expect(transport.calls).toHaveLength(0);
  });

  it('refuses an API key body without a usable key', async () => {
    const { client, transport } = clientWithAnswer();
    await expect(client.createApiKey(DEVICE, token, { key: '', description: 'x' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(client.deleteApiKey(DEVICE, token, 'a\nb')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(transport.calls).toHaveLength(0);
  });
});

describe('requests are exactly what the spec says', () => {
  const sent = async (call: (client: DeviceClient) => Promise<unknown>) => {
    const { client, transport } = clientWithAnswer(() => reply(200, { token: TOKEN }));
    await call(client);
    return transport.calls[0]!.request;
  };

  it('unlock: POST /unlock {"pw"} with JSON headers and no credential', async () => {
    const request = await sent((c) => c.unlock(DEVICE, 'admin'));
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/unlock', body: '{"pw":"admin"}' });
    expect(request.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('getStatus with a token: one Authorization: Bearer header', async () => {
    const request = await sent((c) => c.getStatus(DEVICE, token));
    expect(request).toMatchObject({ method: 'GET', path: '/api/v1/status' });
    expect(request.body).toBeUndefined();
    expect(request.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${TOKEN}` });
  });

  it('getStatus with an API key: one x-api-key header, never inside Authorization', async () => {
    const request = await sent((c) => c.getStatus(DEVICE, apiKey));
    expect(request.headers).toEqual({ Accept: 'application/json', 'x-api-key': KEY });
  });

  it('createApiKey: POST /apikeys {"key","description"}', async () => {
    const request = await sent((c) => c.createApiKey(DEVICE, token, { key: KEY, description: 'Minerdeck' }));
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/apikeys' });
    expect(JSON.parse(request.body!)).toEqual({ key: KEY, description: 'Minerdeck' });
    expect(request.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${TOKEN}`,
    });
  });

  it('listApiKeys: GET /apikeys; deleteApiKey: POST /apikeys/delete {"key"}', async () => {
    expect(await sent((c) => c.listApiKeys(DEVICE, apiKey))).toMatchObject({
      method: 'GET',
      path: '/api/v1/apikeys',
    });
    const deletion = await sent((c) => c.deleteApiKey(DEVICE, apiKey, KEY));
    expect(deletion).toMatchObject({
      method: 'POST',
      path: '/api/v1/apikeys/delete',
      body: `{"key":"${KEY}"}`,
    });
  });

  it('getInfo is anonymous; getSummary carries a credential only when given one', async () => {
    expect((await sent((c) => c.getInfo(DEVICE, undefined))).headers).toEqual({ Accept: 'application/json' });
    expect((await sent((c) => c.getSummary(DEVICE, undefined))).headers).toEqual({
      Accept: 'application/json',
    });
    expect((await sent((c) => c.getSummary(DEVICE, apiKey))).headers).toEqual({
      Accept: 'application/json',
      'x-api-key': KEY,
    });
  });

  it('passes the call options to the transport', async () => {
    const { client, transport } = clientWithAnswer();
    const signal = new AbortController().signal;
    await client.getInfo(DEVICE, undefined, { signal, connectTimeoutMs: 100, totalTimeoutMs: 200 });
    expect(transport.calls[0]!.call).toEqual({ signal, connectTimeoutMs: 100, totalTimeoutMs: 200 });
  });

  describe('on the wire (a local HTTP server)', () => {
    let device: LocalServer;
    const start = async () => {
      device = await startHttpServer(answerJson(200, { token: TOKEN }));
      const client = createDeviceClient();
      cleanups.push(
        () => device.close(),
        () => client.close(),
      );
      return client;
    };
    const headerNames = (index: number) =>
      device.requests[index]!.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());

    it('unlock sends no credential header at all', async () => {
      const client = await start();
      expect(await client.unlock(device.url, 'admin')).toBe(TOKEN);
      expect(device.requests[0]!.body).toBe('{"pw":"admin"}');
      expect(headerNames(0).sort()).toEqual([
        'accept',
        'connection',
        'content-length',
        'content-type',
        'host',
      ]);
    });

    it('a protected read sends exactly one credential header', async () => {
      const client = await start();
      await client.getStatus(device.url, token);
      await client.getStatus(device.url, apiKey);
      expect(headerNames(0).filter((h) => h === 'authorization' || h === 'x-api-key')).toEqual([
        'authorization',
      ]);
      expect(headerNames(1).filter((h) => h === 'authorization' || h === 'x-api-key')).toEqual(['x-api-key']);
      expect(device.requests[1]!.headers.authorization).toBeUndefined();
    });
  });
});

describe('onBody', () => {
  it('hands the bytes of a 2xx answer to the caller before the client reads them', async () => {
    const body = Buffer.from('\uFEFF{"miner":{"hr_realtime":1}}');
    const { client } = clientWithAnswer(() => reply(200, body));
    const seen: Buffer[] = [];
    const parsed = await client.getSummary(DEVICE, token, { onBody: (bytes) => seen.push(bytes) });
    expect(parsed).toEqual({ miner: { hr_realtime: 1 } });
    expect(seen).toEqual([body]);
  });

  it('hands nothing over for an error answer', async () => {
    const { client } = clientWithAnswer(() => reply(404, 'Not Found'));
    const seen: Buffer[] = [];
    await expect(
      client.getInfo(DEVICE, undefined, { onBody: (bytes) => seen.push(bytes) }),
    ).rejects.toMatchObject({
      code: 'HTTP_ERROR',
    });
    expect(seen).toEqual([]);
  });
});
