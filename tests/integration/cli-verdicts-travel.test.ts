/**
 * Acceptance verdicts travel with the site through the real CLI (child processes, two data folders,
 * simulated devices over loopback): laptop A saves the devices, runs `minerdeck accept`, exports the site;
 * laptop B imports the file and holds A's verdicts — its report counts them — and a second import of the
 * same file changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredVerdict } from '../../shared/domain/acceptance';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';

/** Readings every 0.6 s (the CLI's test knob) instead of once a minute. */
const env = { MINERDECK_ACCEPTANCE_SAMPLE_MS: '600' };
let fleet: Fleet;

const cliIn = (dir: string) => (args: string[]) =>
  runCli([...args, '--data-dir', dir], { env, timeoutMs: 60_000 });

const keptVerdicts = (dir: string): StoredVerdict[] =>
  (JSON.parse(readFileSync(join(dir, 'inventory.json'), 'utf8')) as { acceptance: StoredVerdict[] })
    .acceptance;

describe('acceptance verdicts in minerdeck export and import', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { shareSeconds: 0.1 },
      devices: [{}, { hardwareFaults: [{ kind: 'missing-board' }] }],
    });
  }, 60_000);
  afterAll(() => fleet?.close());

  it('a site accepted on laptop A, exported, imported on laptop B: B holds the verdicts and reports them', async () => {
    const laptopA = tempDataDir('verdicts-a');
    const laptopB = tempDataDir('verdicts-b');
    const a = cliIn(laptopA);
    const targets = fleet.devices.map((d) => d.address);
    expect((await a(['site', 'create', 'Hall 5', '--use'])).code).toBe(0);
    const port = String(fleet.devices[0]!.port);
    const saved = await a(['scan', ...fleet.devices.map((d) => d.host), '--port', port, '--save']);
    expect(saved.code, saved.stderr).toBe(0);
    const accepted = await a(['accept', ...targets, '--minutes', '0.02']);
    expect(accepted.code, accepted.stderr).toBe(1);
    const file = join(laptopA, 'hall-5.json');
    expect((await a(['export', '--out', file])).code).toBe(0);

    const b = cliIn(laptopB);
    const imported = await b(['import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Acceptance verdicts: 2 added.');
    const ours = keptVerdicts(laptopA);
    const theirs = keptVerdicts(laptopB);
    expect(theirs).toHaveLength(2);
    expect(theirs).toEqual(ours);
    expect(theirs.map((v) => v.verdict).sort()).toEqual(['fail', 'pass']);

    const reportFile = join(laptopB, 'report.json');
    const report = await b(['report', '--no-check', '--out', reportFile]);
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(readFileSync(reportFile, 'utf8'))).toMatchObject({
      counts: { devices: 2, accepted: 1, failed: 1 },
    });

    const again = await b(['import', file]);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('Acceptance verdicts');
    expect(keptVerdicts(laptopB)).toEqual(theirs);
  }, 120_000);
});
