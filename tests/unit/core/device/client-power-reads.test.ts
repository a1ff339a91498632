/**
 * The power-profile and hash-board calls (vendor OpenAPI 1.2.6): the exact request each sends — the
 * credential the vendor document lists for it, and none where it lists none — and the preset write's body.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceClient } from '../../../../electron/core/device/client';
import { apiKey, clientWithAnswer, DEVICE, KEY, reply, token, TOKEN } from './fakes/recording-transport';

const anonymous: [string, string, (client: DeviceClient) => Promise<unknown>][] = [
  ['getPerfSummary', '/api/v1/perf-summary', (c) => c.getPerfSummary(DEVICE, undefined)],
  ['getModel', '/api/v1/model', (c) => c.getModel(DEVICE, undefined)],
  ['getChains', '/api/v1/chains', (c) => c.getChains(DEVICE, undefined)],
  ['getFactoryInfo', '/api/v1/chains/factory-info', (c) => c.getFactoryInfo(DEVICE, undefined)],
];

describe('power-profile and hash-board reads', () => {
  it.each(anonymous)(
    '%s: GET %s with no credential (none in the vendor document)',
    async (_n, path, call) => {
      const { client, transport } = clientWithAnswer(() => reply(200, { ok: 1 }));
      expect(await call(client)).toEqual({ ok: 1 });
      expect(transport.calls).toHaveLength(1);
      const { request } = transport.calls[0]!;
      expect(request).toMatchObject({ method: 'GET', path });
      expect(request.body).toBeUndefined();
      expect(request.headers).toEqual({ Accept: 'application/json' });
    },
  );

  it('getAutotunePresets: GET /autotune/presets with exactly the credential given', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, []));
    expect(await client.getAutotunePresets(DEVICE, apiKey)).toEqual([]);
    expect(await client.getAutotunePresets(DEVICE, token)).toEqual([]);
    expect(transport.calls.map((c) => [c.request.method, c.request.path, c.request.headers])).toEqual([
      ['GET', '/api/v1/autotune/presets', { Accept: 'application/json', 'x-api-key': KEY }],
      ['GET', '/api/v1/autotune/presets', { Accept: 'application/json', Authorization: `Bearer ${TOKEN}` }],
    ]);
  });

  it('a 401 on the presets is AUTH_REQUIRED; a 404 is HTTP_ERROR 404 (older firmware)', async () => {
    const refused = clientWithAnswer(() => reply(401));
    await expect(refused.client.getAutotunePresets(DEVICE, token)).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    const absent = clientWithAnswer(() => reply(404, 'Not Found'));
    await expect(absent.client.getChains(DEVICE, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
  });
});

describe('setPreset', () => {
  it('one POST /settings {"miner": {"overclock": {"preset"}}} with one credential, JSON headers', async () => {
    const { client, transport } = clientWithAnswer(() =>
      reply(200, { restart_required: false, reboot_required: false }),
    );
    expect(await client.setPreset(DEVICE, apiKey, '3070')).toEqual({
      restart_required: false,
      reboot_required: false,
    });
    expect(transport.calls).toHaveLength(1);
    const { request } = transport.calls[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/settings' });
    expect(JSON.parse(request.body!)).toEqual({ miner: { overclock: { preset: '3070' } } });
    expect(request.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'x-api-key': KEY,
    });
  });

  it('an empty 200 is an acceptance (null); a refusal carries the device text', async () => {
    const empty = clientWithAnswer(() => reply(200, ''));
    expect(await empty.client.setPreset(DEVICE, token, 'disabled')).toBeNull();
    const refused = clientWithAnswer(() => reply(500, { err: 'Unknown preset ' }));
    await expect(refused.client.setPreset(DEVICE, token, '9999')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 500, deviceMessage: 'Unknown preset' },
    });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(65)],
    ['with a line break', '3200\nx'],
    ['not text', 3200],
  ])('a preset name that is %s is refused before any network call', async (_why, name) => {
    const { client, transport } = clientWithAnswer();
    await expect(client.setPreset(DEVICE, token, name as string)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(transport.calls).toHaveLength(0);
  });
});
