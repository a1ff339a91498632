/**
 * Acceptance verdicts travel with the site (issue 25): an export carries each device's latest verdict, an
 * import takes them by the newest run per device and lists runs that disagree, and a hostile file cannot
 * plant a verdict (a device it does not list, words that drive a screen, a pass with reasons, a run from
 * the future): it is refused whole, nothing imported. An older file without verdicts imports as before.
 */
import { describe, expect, it } from 'vitest';
import type { AcceptanceVerdict } from '../../../../shared/domain/acceptance';
import { defaultCriteria } from '../../../../shared/domain/acceptance';
import { createVerdictStore, verdictsOf } from '../../../../electron/core/acceptance/verdict-store';
import type { InventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { SITE_EXPORT_VERSION } from '../../../../electron/core/inventory/exchange';
import { foundDevice, tempDataDir, testClock } from '../../../support/inventory-fixtures';

const A = 'AA:BB:CC:00:01:0A';
const B = 'AA:BB:CC:00:01:0B';
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function laptop(name: string, at = NOW): InventoryServices {
  return createInventoryServices({
    dataDir: tempDataDir(name),
    laptop: name,
    app: { name: 'Minerdeck', version: '0.1.0' },
    now: testClock(at).now,
  });
}

async function must<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
}

/** A verdict as a run makes it: a fail says why, and its failed check. */
function verdict(mac: string, address: string, outcome: 'pass' | 'fail', endedAt: string): AcceptanceVerdict {
  const reasons = outcome === 'pass' ? [] : ['2 of 3 hash boards present (board 3 missing)'];
  return {
    deviceId: `mac:${mac}`,
    address,
    verdict: outcome,
    reasons,
    checks: [
      {
        check: 'boards-present',
        pass: outcome === 'pass',
        words: reasons[0] ?? '3 of 3 hash boards present',
      },
    ],
    evidence: {
      preset: '3200',
      readings: { taken: 3, failed: 0, failures: [] },
      boards: {
        expected: 3,
        seen: outcome === 'pass' ? 3 : 2,
        missing: outcome === 'pass' ? [] : [3],
        failing: [],
      },
      deadChips: [],
      chipsSeen: 195,
      hashRate: { averageThs: 199.8, nominalThs: 196.5, percent: 101.7, lowestThs: 197.2 },
      temperature: { hottestChipC: 70, board: 1, hottestBoardC: 52 },
      fans: { count: 4, slowestRpm: 5800, stopped: [] },
      shares: { accepted: 180, rejected: 1, rejectedPercent: 0.6, restarted: false },
    },
    criteria: defaultCriteria(),
    startedAt: new Date(Date.parse(endedAt) - 30 * 60_000).toISOString(),
    endedAt,
  };
}

/** A laptop with site "Hall 3" holding A and B, and the verdicts given. */
async function siteWith(name: string, verdicts: AcceptanceVerdict[]): Promise<InventoryServices> {
  const services = laptop(name);
  await must(services.createSite({ name: 'Hall 3', use: true }));
  await must(
    services.saveScan(undefined, [foundDevice('10.0.3.1', { mac: A }), foundDevice('10.0.3.2', { mac: B })]),
  );
  await must(createVerdictStore(services.store, name).save(undefined, verdicts));
  return services;
}

async function keptVerdicts(services: InventoryServices) {
  const inventory = await must(services.store.load());
  return [...verdictsOf(inventory, 'hall-3').values()].sort((x, y) => x.deviceId.localeCompare(y.deviceId));
}

type ExportFile = Record<string, unknown> & { acceptance: Record<string, unknown>[] };
const exported = async (services: InventoryServices): Promise<ExportFile> =>
  JSON.parse((await must(services.exportSite())).content) as ExportFile;

describe('acceptance verdicts in a site export', () => {
  it('travel with the site: exported without the site id, imported into a fresh laptop as they were', async () => {
    const a = await siteWith('laptop-va', [
      verdict(A, 'http://10.0.3.1', 'pass', '2026-03-01T09:00:00.000Z'),
      verdict(B, 'http://10.0.3.2', 'fail', '2026-03-01T09:00:00.000Z'),
    ]);
    const file = await exported(a);
    expect(file.formatVersion).toBe(SITE_EXPORT_VERSION);
    expect(file.acceptance).toHaveLength(2);
    expect(file.acceptance[0]).not.toHaveProperty('siteId');
    expect(file.acceptance[0]).toMatchObject({ by: 'laptop-va' });

    const c = laptop('laptop-vc');
    const outcome = await must(c.importText(JSON.stringify(file)));
    expect(outcome).toMatchObject({
      kind: 'site-json',
      verdicts: { added: 2, replaced: 0, keptOurs: 0, waiting: 0 },
      conflicts: [],
    });
    expect(await keptVerdicts(c)).toEqual(await keptVerdicts(a));
    // The same file again: the same runs, nothing to do.
    expect(await must(c.importText(JSON.stringify(file)))).toMatchObject({
      verdicts: { added: 0, replaced: 0, keptOurs: 0 },
      conflicts: [],
    });
  });

  it('the newest run of each device wins; runs that disagree are listed with the one kept', async () => {
    // Here: A failed at 10:00 (newer than the file's pass), B passed at 08:00 (older than the file's fail).
    const ours = await siteWith('laptop-vo', [
      verdict(A, 'http://10.0.3.1', 'fail', '2026-03-01T10:00:00.000Z'),
      verdict(B, 'http://10.0.3.2', 'pass', '2026-03-01T08:00:00.000Z'),
    ]);
    const theirs = await siteWith('laptop-vt', [
      verdict(A, 'http://10.0.3.1', 'pass', '2026-03-01T09:00:00.000Z'),
      verdict(B, 'http://10.0.3.2', 'fail', '2026-03-01T09:30:00.000Z'),
    ]);
    const outcome = await must(ours.importText(JSON.stringify(await exported(theirs))));
    expect(outcome).toMatchObject({ verdicts: { added: 0, replaced: 1, keptOurs: 1, waiting: 0 } });
    expect(outcome.conflicts).toEqual([
      {
        deviceId: `mac:${A}`,
        address: 'http://10.0.3.1',
        field: 'acceptance',
        local: 'fail, ended 2026-03-01 10:00 UTC on laptop-vo: 2 of 3 hash boards present (board 3 missing)',
        incoming: 'pass, ended 2026-03-01 09:00 UTC on laptop-vt',
        kept: 'local',
      },
      {
        deviceId: `mac:${B}`,
        address: 'http://10.0.3.2',
        field: 'acceptance',
        local: 'pass, ended 2026-03-01 08:00 UTC on laptop-vo',
        incoming:
          'fail, ended 2026-03-01 09:30 UTC on laptop-vt: 2 of 3 hash boards present (board 3 missing)',
        kept: 'incoming',
      },
    ]);
    expect((await keptVerdicts(ours)).map((v) => [v.verdict, v.by, v.siteId])).toEqual([
      ['fail', 'laptop-vo', 'hall-3'],
      ['fail', 'laptop-vt', 'hall-3'],
    ]);
  });

  it('an export made before verdicts (format version 1, none in it) imports as before', async () => {
    const file = await exported(await siteWith('laptop-v1', []));
    delete (file as Partial<ExportFile>).acceptance;
    file.formatVersion = 1;
    const outcome = await must(laptop('laptop-v1c').importText(JSON.stringify(file)));
    expect(outcome).toMatchObject({ kind: 'site-json', added: 2, verdicts: { added: 0 } });
    const newer = { ...file, formatVersion: SITE_EXPORT_VERSION + 1 };
    expect(await laptop('laptop-v1d').importText(JSON.stringify(newer))).toMatchObject({
      ok: false,
      error: { message: `This site export has format version 4; this Minerdeck reads versions 1 to 3.` },
    });
  });

  const hostile: [string, (file: ExportFile) => void, RegExp][] = [
    [
      'a verdict for a device the file does not list',
      (file) => {
        file.acceptance[0] = { ...file.acceptance[0], deviceId: 'mac:AA:BB:CC:00:01:FF' };
      },
      /acceptance verdict 1 \(in the file's order\) is about a device the file does not list/,
    ],
    [
      'two verdicts for one device',
      (file) => {
        file.acceptance[1] = { ...file.acceptance[0] };
      },
      /two acceptance verdicts for device mac:AA:BB:CC:00:01:0A/,
    ],
    [
      'a reason that reverses text',
      (file) => {
        file.acceptance[1] = { ...file.acceptance[1], reasons: ['board 3 \u202emissing'] };
      },
      /A reason cannot hold U\+202E \(a right-to-left override\)/,
    ],
    [
      'an escape in the laptop name',
      (file) => {
        file.acceptance[0] = { ...file.acceptance[0], by: 'laptop\u001b]0;owned\u0007' };
      },
      /The laptop that ran it cannot hold U\+001B \(an escape\)/,
    ],
    [
      'a pass that lists a reason',
      (file) => {
        file.acceptance[1] = { ...file.acceptance[1], verdict: 'pass' };
      },
      /it says pass but lists a failed check/,
    ],
    [
      'a fail without a reason',
      (file) => {
        file.acceptance[0] = { ...file.acceptance[0], verdict: 'fail' };
      },
      /it says fail without a reason/,
    ],
    [
      'a run from the future, which would beat every run of ours',
      (file) => {
        file.acceptance[0] = { ...file.acceptance[0], endedAt: '2099-01-01T00:00:00.000Z' };
      },
      /its run ends at 2099-01-01T00:00:00.000Z, later than this laptop's clock \(2026-03-01T12:00:00.000Z\)/,
    ],
    [
      'a verdict address with a login',
      (file) => {
        file.acceptance[0] = { ...file.acceptance[0], address: 'http://root:secret@10.0.3.1' };
      },
      /the acceptance verdict of device mac:AA:BB:CC:00:01:0A: its address/,
    ],
    [
      'a list of reasons longer than the checks',
      (file) => {
        file.acceptance[1] = { ...file.acceptance[1], reasons: Array.from({ length: 9 }, () => 'x') };
      },
      /it lists 9 reasons, more than the 8 a verdict can have/,
    ],
  ];

  it.each(hostile)('a file with %s is refused whole: nothing imported', async (_what, spoil, message) => {
    const file = await exported(
      await siteWith('laptop-vh', [
        verdict(A, 'http://10.0.3.1', 'pass', '2026-03-01T09:00:00.000Z'),
        verdict(B, 'http://10.0.3.2', 'fail', '2026-03-01T09:00:00.000Z'),
      ]),
    );
    spoil(file);
    const target = laptop('laptop-vh-target');
    const before = await must(target.store.load());
    const outcome = await target.importText(JSON.stringify(file));
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(message) as unknown },
    });
    expect(outcome.ok || outcome.error.message).toMatch(
      /^The site export is refused, nothing was imported: /,
    );
    expect(await must(target.store.load())).toEqual(before);
  });

  it('a verdict of a device held back (known here at another address) waits with its device', async () => {
    const theirs = await siteWith('laptop-vw', [
      verdict(A, 'http://10.0.3.1', 'fail', '2026-03-01T09:00:00.000Z'),
    ]);
    const ours = laptop('laptop-vw-ours');
    await must(ours.createSite({ name: 'Elsewhere', use: true }));
    await must(ours.saveScan(undefined, [foundDevice('10.9.9.9', { mac: A })]));
    const outcome = await must(ours.importText(JSON.stringify(await exported(theirs))));
    expect(outcome).toMatchObject({ added: 1, verdicts: { added: 0, waiting: 1 } });
    expect(await keptVerdicts(ours)).toEqual([]);
  });
});
