/**
 * The inventory channels over real services and a real data folder: what the UI will call. Every answer is
 * checked against the channel's output schema, as the transport's tests do for the wire.
 */
import { describe, expect, it } from 'vitest';
import { inventoryHandlers } from '../../../../electron/core/channels/inventory-channels';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { createReportService } from '../../../../electron/core/report/report-service';
import { inventoryChannels } from '../../../../shared/ipc/channels/inventory';
import { resultOf } from '../../../../shared/ipc/contract';
import { tempDataDir } from '../../../support/inventory-fixtures';

type Channel = keyof typeof inventoryChannels;

function handlers() {
  const app = { name: 'Minerdeck', version: '0.1.0' };
  const inventory = createInventoryServices({ dataDir: tempDataDir('handlers'), laptop: 'ui-laptop', app });
  const report = createReportService({ store: inventory.store, laptop: 'ui-laptop', app });
  const impl = inventoryHandlers({ inventory, report });
  /** Calls a channel after validating its input like the transport does, and checks its answer's shape. */
  return async (channel: Channel, input?: unknown) => {
    const parsed = inventoryChannels[channel].input.parse(input);
    const answer = await (impl[channel] as (i: unknown) => Promise<unknown>)(parsed);
    expect(resultOf(inventoryChannels[channel].output).safeParse(answer).error).toBeUndefined();
    return answer as {
      ok: boolean;
      value?: Record<string, unknown>;
      error?: { code: string; detail?: unknown };
    };
  };
}

describe('inventory channels', () => {
  it('site switcher: create, list, rename, use, delete with confirmation', async () => {
    const call = handlers();
    expect(await call('sites:list')).toMatchObject({
      ok: true,
      value: { sites: [], currentSiteId: null, problems: [] },
    });
    await call('sites:create', { name: 'Hall 1' });
    await call('sites:create', { name: 'Hall 2', subnets: ['10.0.2.0/24'] });
    expect(await call('sites:use', { site: 'Hall 2' })).toMatchObject({ ok: true, value: { id: 'hall-2' } });
    expect(await call('sites:rename', { site: 'hall-1', name: 'Hall One' })).toMatchObject({
      ok: true,
      value: { id: 'hall-1', name: 'Hall One' },
    });
    expect(await call('sites:set-subnets', { site: 'hall-1', subnets: ['10.0.1.0/24'] })).toMatchObject({
      ok: true,
      value: { subnets: ['10.0.1.0/24'] },
    });
    const listed = await call('sites:list');
    expect(listed.value?.currentSiteId).toBe('hall-2');
    await call('inventory:import', { text: 'address,label\n10.0.2.5,R1\n' });
    expect(await call('sites:delete', { site: 'hall-2' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', detail: { confirmationRequired: true, devices: 1 } },
    });
    expect(await call('sites:delete', { site: 'hall-2', confirm: true })).toMatchObject({
      ok: true,
      value: { devicesRemoved: 1 },
    });
  });

  it('devices: import a CSV, edit notes, export, and a report in each format', async () => {
    const call = handlers();
    await call('sites:create', { name: 'Hall' });
    expect(await call('inventory:import', { text: 'ip;label;notes\n10.0.0.5;R1;"a; b"\n' })).toMatchObject({
      ok: true,
      value: { kind: 'targets-csv', added: 1, warnings: [] },
    });
    const devices = await call('inventory:devices');
    expect(devices.value?.devices).toEqual([
      expect.objectContaining({ id: 'addr:10.0.0.5:80', label: 'R1', notes: 'a; b' }),
    ]);
    expect(
      await call('inventory:edit-device', { deviceId: 'addr:10.0.0.5:80', notes: 'checked' }),
    ).toMatchObject({ ok: true, value: { notes: 'checked' } });
    const exported = await call('inventory:export', { site: 'Hall' });
    expect(exported).toMatchObject({
      ok: true,
      value: {
        siteName: 'Hall',
        devices: 1,
        fileName: expect.stringMatching(/^minerdeck-site-hall-.*\.json$/) as unknown,
      },
    });
    for (const format of ['csv', 'json', 'html'] as const) {
      const generated = await call('report:generate', { format });
      expect(generated).toMatchObject({
        ok: true,
        value: {
          fileName: expect.stringMatching(new RegExp(`\\.${format}$`)) as unknown,
          report: { counts: { devices: 1 } },
        },
      });
    }
    // The document in the customer's language (issue 35); a language Minerdeck does not speak is refused.
    const russian = await call('report:generate', { format: 'html', language: 'ru' });
    expect(russian.value?.['content']).toContain('<html lang="ru">');
    expect(russian.value?.['content']).toContain('Владелец площадки');
    await expect(call('report:generate', { format: 'html', language: 'fr' })).rejects.toThrow(/language/);
    expect(await call('inventory:remove-device', { deviceId: 'addr:10.0.0.5:80' })).toMatchObject({
      ok: true,
    });
  });
});
