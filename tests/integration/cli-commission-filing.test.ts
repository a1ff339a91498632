/**
 * What a `commission` stores in the keychain is filed by that command: the next command (here the
 * technician's `commission --dry-run` right after) has nothing to file and says nothing about the keychain.
 * The real CLI as a child process, simulated devices over loopback, the real Secret Service under this
 * suite's own service name; 60 devices, above the count at which filing used to be announced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { suiteCli } from '../support/suite-cli';

const FACTORY = 'admin';
const SITE_PW = 'Hall-4-site-pw-2024';
const SERVICE = testServiceName('filing');
const COUNT = 60;

let fleet: Fleet;
let dataDir: string;
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 180_000 });

describeWith(keychain, 'minerdeck commission files what it stored', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-filing-'));
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: FACTORY, miningRestartSeconds: 0.1, autoTuneSeconds: 0.1 },
    });
    const site = await cli(['site', 'create', 'Hall 4', '--use']);
    expect(site.code, site.stderr).toBe(0);
    const addresses = fleet.devices.map((d) => d.address);
    const saved = await cli(['scan', ...addresses.map((a) => a.replace('http://', '')), '--save']);
    expect(saved.code, saved.stderr).toBe(0);
    const standard = await cli(['standard', 'set', '--new-password-stdin'], SITE_PW);
    expect(standard.code, standard.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a commission of 60 devices, the next command has nothing to file and says nothing of it', async () => {
    const run = await cli(['commission', '--all', '--password-stdin', '--yes'], FACTORY);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`commissioned ${COUNT} of ${COUNT} devices`);
    // Filed by the command that stored them: one entry per device password, no journal entry left over.
    const accounts = (await createKeytarStore({ service: SERVICE, timeoutMs: 10_000 }).list()).map(
      (e) => e.account,
    );
    expect(accounts.filter((a) => a.startsWith('journal/'))).toEqual([]);
    expect(accounts.filter((a) => a.startsWith('device/')).length).toBeGreaterThanOrEqual(COUNT);
    const dry = await cli(['commission', '--all', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.split('\n').filter((l) => l.trim() !== '')).toHaveLength(COUNT);
    for (const said of [run.stderr, dry.stderr]) expect(said).not.toMatch(/filing|stored secrets|keychain/i);
  }, 360_000);
});
