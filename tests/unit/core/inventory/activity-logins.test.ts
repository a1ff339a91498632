/**
 * The activity log holds no secret: a pool URL's login in an entry's words (`what`, a device's message) is
 * cut when the entry is written, when a site file brings it in, and when an entry stored before this rule
 * is read (issue 22: "removed by one shared function everywhere a URL is shown, logged, exported").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { tempDataDir, testClock } from '../../../support/inventory-fixtures';

const SECRET = 'Pool-Secret-77';
const WITH_LOGIN = `pools set: pool 1 stratum+tcp://worker:${SECRET}@pool.example:3333`;
const WITHOUT = 'pools set: pool 1 stratum+tcp://pool.example:3333';

const laptop = (name: string) =>
  createInventoryServices({
    dataDir: tempDataDir(name),
    laptop: name,
    app: { name: 'Minerdeck', version: '0.1.0' },
    now: testClock().now,
  });

async function must<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
}

const entry = (siteId: string) => ({
  siteId,
  at: '2026-03-01T08:00:00.000Z',
  action: 'pools' as const,
  what: WITH_LOGIN,
  devices: [
    {
      deviceId: 'addr:10.0.0.1:80',
      address: 'http://10.0.0.1',
      outcome: 'failed' as const,
      message: `read back user:${SECRET}@pool.example:3333`,
    },
  ],
});

describe('logins in activity entries', () => {
  it('are cut when an entry is written: in what is stored and what is answered', async () => {
    const services = laptop('act-login-write');
    const site = await must(services.createSite({ name: 'Hall 2', use: true }));
    const recorded = await must(services.recordActivity(entry(site.id)));
    expect(recorded.what).toBe(WITHOUT);
    expect(recorded.devices[0]?.message).toBe('read back pool.example:3333');
    expect(readFileSync(services.store.path, 'utf8')).not.toContain(SECRET);
  });

  it('are cut from a site file’s entries on import, and from entries stored before the rule when read', async () => {
    const source = laptop('act-login-source');
    const site = await must(source.createSite({ name: 'Hall 2', use: true }));
    const exported = JSON.parse((await must(source.exportSite())).content) as { activity: object[] };
    exported.activity.push({ ...entry(site.id), siteId: undefined, id: 'e-1', by: 'elsewhere' });
    const target = laptop('act-login-import');
    expect(await must(target.importText(JSON.stringify(exported)))).toMatchObject({ activityAdded: 1 });
    expect(readFileSync(target.store.path, 'utf8')).not.toContain(SECRET);

    // An inventory written before the rule holds the login: reading the log cuts it.
    const stored = JSON.parse(readFileSync(target.store.path, 'utf8')) as {
      activity: { what: string }[];
    };
    stored.activity[0]!.what = WITH_LOGIN;
    writeFileSync(target.store.path, JSON.stringify(stored));
    const [read] = await must(target.activity(site.id));
    expect(read?.what).toBe(WITHOUT);
    expect((await must(target.exportSite())).content).not.toContain(SECRET);
  });
});
