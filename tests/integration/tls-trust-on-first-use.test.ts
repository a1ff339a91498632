/**
 * Trust on first use, end to end through the `minerdeck` CLI against a simulated https device whose
 * self-signed certificates are generated at test time: the first scan shows the new certificate's
 * fingerprint and asks; no credential goes to an untrusted device; `trust` pins exactly what the scan saw
 * (in inventory.json); a rotated certificate is refused with a clear message and nothing is sent; only an
 * explicit `trust` of the new fingerprint lets the device in again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { runCli } from '../support/run-cli';
import { unlocksOf } from '../support/sim-targets';

const PASSWORD = 'tofu-site-pw';
let fleet: Fleet;
let device: SimDevice;
let dataDir: string;
let first: string;

const cli = (args: string[], stdin?: string) =>
  runCli([...args, '--data-dir', dataDir], { timeoutMs: 30_000, ...(stdin !== undefined ? { stdin } : {}) });
const status = () => cli(['status', device.address, '--password-stdin', '--json'], PASSWORD);
const pinOf = (): unknown =>
  (
    JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      devices: { address: string; tlsPin: string | null }[];
    }
  ).devices.find((d) => d.address === device.address)?.tlsPin;

beforeAll(async () => {
  // 8443: the port discovery probes as https, as it would on a real site.
  fleet = await startFleet({ devices: [{ https: true, port: 8443, password: PASSWORD }] });
  device = fleet.devices[0]!;
  first = device.certificateFingerprint256!;
  // One folder for the whole story (tempDataDir would empty it after the first test).
  dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-tofu-'));
  expect((await cli(['site', 'create', 'Hall 1'])).code).toBe(0);
});

afterAll(async () => {
  await fleet?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('https trust on first use (CLI)', () => {
  it('first contact: the scan shows the new certificate with its fingerprint, and nothing is trusted', async () => {
    const scan = await cli(['scan', `${device.host}:8443`, '--save']);
    expect(scan.code).toBe(0);
    expect(scan.stdout).toContain(`new certificate SHA-256 ${first}: compare it with the device`);
    expect(pinOf()).toBeNull();

    const ask = await cli(['trust', device.address]);
    expect(ask.code).toBe(1);
    expect(ask.stdout).toContain(`shows a new certificate, not trusted yet: SHA-256 ${first}`);
    expect(ask.stdout).toContain(`minerdeck trust ${device.address} --fingerprint ${first}`);
  });

  it('refuses to send a password to the untrusted device, saying which certificate it shows', async () => {
    const run = await status();
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({ ok: false, error: { code: 'TLS_UNTRUSTED' } });
    expect(JSON.stringify(run.json[0])).toContain(first);
    expect(unlocksOf(device)).toEqual([]);
  });

  it('pins only the fingerprint the scan saw, by an explicit trust', async () => {
    const typo = await cli(['trust', device.address, '--fingerprint', first.replace(/^../, '00')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('not the one the last scan saw');
    expect(pinOf()).toBeNull();

    const trust = await cli(['trust', device.address, '--fingerprint', first.toLowerCase()]);
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(`Trusted the certificate of ${device.address} (SHA-256 ${first})`);
    expect(pinOf()).toBe(first);

    const run = await status();
    expect(run.code).toBe(0);
    expect(run.json[0]).toMatchObject({ ok: true, status: { miner_state: 'mining' } });
    expect(unlocksOf(device)).toHaveLength(1);
  });

  it('refuses a changed certificate with a clear message and sends nothing; a re-scan does not re-pin', async () => {
    await device.rotateCertificate();
    const rotated = device.certificateFingerprint256!;
    expect(rotated).not.toBe(first);
    fleet.clearRequests();

    const run = await status();
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({
      ok: false,
      error: { code: 'TLS_CHANGED', message: expect.stringContaining('changed since it was trusted') },
    });
    expect(JSON.stringify(run.json[0])).toContain(rotated);
    expect(device.requests).toEqual([]);

    const scan = await cli(['scan', `${device.host}:8443`, '--save']);
    expect(scan.stdout).toContain(`certificate CHANGED since it was trusted: SHA-256 ${rotated}`);
    expect(pinOf()).toBe(first);
    expect((await status()).json[0]).toMatchObject({ ok: false, error: { code: 'TLS_CHANGED' } });
    expect(unlocksOf(device)).toEqual([]);
  });

  it('re-pins only by an explicit trust of the new fingerprint', async () => {
    const rotated = device.certificateFingerprint256!;
    const ask = await cli(['trust', device.address]);
    expect(ask.stdout).toContain(`NOT the one you trusted (${first}): SHA-256 ${rotated}`);
    expect(pinOf()).toBe(first);

    const trust = await cli(['trust', device.address, '--fingerprint', rotated]);
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(`replacing ${first}`);
    expect(pinOf()).toBe(rotated);
    expect((await status()).json[0]).toMatchObject({ ok: true });
  });
});
