import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FLEET_FILE, openFleetRegistry } from '../../../../electron/core/fleet/fleet-registry';

const identity = (mac: string | null, model: string | null = null) => ({
  mac,
  hostname: null,
  model,
  firmware: null,
  serial: null,
});

describe('fleet registry', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-fleet-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a device by its MAC when it told one, else by its address, as the credentials do', async () => {
    const registry = await openFleetRegistry();
    const byMac = registry.upsert('10.0.0.5', identity('aa-bb-cc-dd-ee-01'));
    const byAddress = registry.upsert('http://10.0.0.6:8080');
    expect(byMac).toMatchObject({
      ok: true,
      value: { kind: 'added', entry: { deviceId: 'mac:AA:BB:CC:DD:EE:01', addressText: 'http://10.0.0.5' } },
    });
    expect(byAddress).toMatchObject({ ok: true, value: { entry: { deviceId: 'addr:10.0.0.6:8080' } } });
    expect(registry.upsert('not an address!')).toMatchObject({ ok: false });
  });

  it('recognises a device that moved by its MAC, and keeps what it told before', async () => {
    const registry = await openFleetRegistry();
    registry.upsert('10.0.0.5', identity('AA:BB:CC:DD:EE:01', 'S21'));
    const moved = registry.upsert('10.0.0.77', identity('AA:BB:CC:DD:EE:01'));
    expect(moved).toMatchObject({
      ok: true,
      value: { kind: 'updated', movedFrom: 'http://10.0.0.5', entry: { identity: { model: 'S21' } } },
    });
    expect(registry.all()).toHaveLength(1);
    expect(registry.upsert('10.0.0.77', identity('AA:BB:CC:DD:EE:01'))).toMatchObject({
      ok: true,
      value: { kind: 'unchanged' },
    });
  });

  it('saves the list in the data folder and finds it again; a damaged file is kept aside', async () => {
    const registry = await openFleetRegistry({ dataDir: dir });
    registry.upsert('10.0.0.5', identity('AA:BB:CC:DD:EE:01'));
    registry.upsert('10.0.0.6');
    registry.remove('addr:10.0.0.6:80');
    await registry.flush();
    expect(JSON.parse(readFileSync(join(dir, FLEET_FILE), 'utf8')).devices).toHaveLength(1);
    const reopened = await openFleetRegistry({ dataDir: dir });
    expect(reopened.get('mac:AA:BB:CC:DD:EE:01')?.addressText).toBe('http://10.0.0.5');

    writeFileSync(join(dir, FLEET_FILE), '[]');
    const damaged = await openFleetRegistry({ dataDir: dir });
    expect(damaged.all()).toEqual([]);
    expect(damaged.problems()).toEqual([
      expect.stringMatching(/could not be read; it was kept as .*fleet\.corrupt-/),
    ]);
  });
});
