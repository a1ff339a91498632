/** The device actions' requests: the locate LED, mining restart and reboot (field-notes.md, writes). */
import { describe, expect, it } from 'vitest';
import type { DeviceClient } from '../../../../electron/core/device/client';
import { apiKey, clientWithAnswer, DEVICE, KEY, reply, token, TOKEN } from './fakes/recording-transport';

const actions: [string, string, (client: DeviceClient) => Promise<unknown>][] = [
  ['findMiner', '/api/v1/find-miner', (c) => c.findMiner(DEVICE, token)],
  ['locateMiner', '/api/v1/locate-miner', (c) => c.locateMiner(DEVICE, token)],
  ['restartMining', '/api/v1/mining/restart', (c) => c.restartMining(DEVICE, token)],
  ['reboot', '/api/v1/system/reboot', (c) => c.reboot(DEVICE, token)],
];

describe('device actions', () => {
  it.each(actions)(
    '%s: one bodiless POST %s with exactly one credential header',
    async (_name, path, call) => {
      const { client, transport } = clientWithAnswer(() => reply(200, { on: true }));
      expect(await call(client)).toEqual({ on: true });
      expect(transport.calls).toHaveLength(1);
      const { request } = transport.calls[0]!;
      expect(request).toMatchObject({ method: 'POST', path });
      expect(request.body).toBeUndefined();
      expect(request.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${TOKEN}` });
    },
  );

  it('an empty 200 (a restart) is an acceptance; an API key goes in x-api-key', async () => {
    const { client, transport } = clientWithAnswer(() => reply(200, ''));
    expect(await client.restartMining(DEVICE, apiKey)).toBeNull();
    expect(transport.calls[0]!.request.headers).toEqual({ Accept: 'application/json', 'x-api-key': KEY });
  });

  it('a refusal is an HTTP_ERROR with the device text; a 404 says the firmware has no such call', async () => {
    const refused = clientWithAnswer(() => reply(500, { err: 'Miner is not running ' }));
    await expect(refused.client.restartMining(DEVICE, token)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 500, deviceMessage: 'Miner is not running' },
    });
    const absent = clientWithAnswer(() => reply(404, 'Not Found'));
    await expect(absent.client.locateMiner(DEVICE, token)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
  });
});
