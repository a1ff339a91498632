/**
 * The CLI end to end: a child process against simulated devices over real loopback HTTP. Asserts exit
 * codes, the JSON shape, one-line reasons, and that no secret is ever printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { runCli } from '../support/run-cli';
import { cliStreams, leaksInText } from '../support/secret-scan';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'field-Pa55';
let fleet: Fleet;
let field: SimDevice;
let spec: SimDevice;
let hanging: SimDevice;
let html: SimDevice;
let strict: SimDevice;
let down: SimDevice;

beforeAll(async () => {
  fleet = await startFleet({
    devices: [
      { profile: 'field', password: PASSWORD },
      { profile: 'spec', password: 'spec-pass' },
      { profile: 'field' },
      { profile: 'field' },
      { profile: 'field', password: PASSWORD, lockoutThreshold: 1, lockoutSeconds: 17 },
      { profile: 'field' },
    ],
  });
  [field, spec, hanging, html, strict, down] = devicesOf(fleet, 6);
  hanging.addFault({ fault: { kind: 'hang' } });
  html.addFault({ fault: { kind: 'html' } });
  await down.goDown(120);
});

afterAll(async () => {
  await fleet.close();
});

const hostPort = (device: SimDevice) => device.address.replace(/^http:\/\//, '');

describe('minerdeck status', () => {
  it('unlocks with a piped password and prints the raw status and a typed reading as JSON', async () => {
    const run = await runCli(['status', hostPort(field), '--password-stdin', '--json'], {
      stdin: `${PASSWORD}\n`,
    });
    expect(run.code).toBe(0);
    expect(run.json).toHaveLength(1);
    const [result] = run.json;
    expect(result).toMatchObject({
      ok: true,
      address: field.address,
      status: { miner_state: 'mining', unlocked: true },
      reading: { state: { name: 'mining', kind: 'mining' }, unlocked: true },
    });
    expect((result!.reading as { hashRate?: unknown }).hashRate).toBeDefined();
    expect(leaksInText(cliStreams(run), [PASSWORD])).toEqual([]);
    const unlocks = field.requests.filter((r) => r.path === '/api/v1/unlock');
    expect(unlocks).toHaveLength(1);
    expect(JSON.parse(unlocks[0]!.body)).toEqual({ pw: PASSWORD });
  });

  it('prints a readable summary on a terminal-style run', async () => {
    const run = await runCli(['status', field.address, '--password-stdin'], { stdin: PASSWORD });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(field.address);
    expect(run.stdout).toMatch(/state\s+mining/);
    expect(run.stdout).toMatch(/hash\s+[\d.]+ TH\/s/);
    expect(run.stdout).toMatch(/temps\s+chips/);
  });

  it('reads with an API key alone: one x-api-key header, no unlock', async () => {
    const client = createDeviceClient();
    const token = await client.unlock(spec.address, 'spec-pass');
    const key = 'K'.repeat(32);
    await client.createApiKey(spec.address, { kind: 'token', token }, { key, description: 'cli test' });
    client.close();
    fleet.clearRequests();
    spec.requests.length = 0;

    const run = await runCli(['status', spec.address, '--api-key-stdin', '--json'], { stdin: key });
    expect(run.code).toBe(0);
    expect(run.json[0]).toMatchObject({ ok: true, reading: { state: { name: 'mining' } } });
    expect(leaksInText(cliStreams(run), [key])).toEqual([]);
    const statusReads = spec.requests.filter((r) => r.path === '/api/v1/status');
    expect(statusReads).toHaveLength(1);
    expect(statusReads[0]!.headers['x-api-key']).toBe(key);
    expect(statusReads[0]!.headers.authorization).toBeUndefined();
    expect(spec.requests.some((r) => r.path === '/api/v1/unlock')).toBe(false);
  });

  it('refuses a password given as an argument before any network call', async () => {
    const before = field.requests.length;
    const run = await runCli(['status', field.address, '--password', PASSWORD]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/visible in the process list.*--password-stdin/);
    expect(leaksInText(cliStreams(run), [PASSWORD])).toEqual([]);
    expect(field.requests.length).toBe(before);
  });

  it.each([
    [['status', 'not an address!', '--password-stdin'], /neither an IPv4 address nor a host name/],
    [['status', '10.0.0.5:70000', '--password-stdin'], /not a port/],
    [['status', 'ftp://10.0.0.5', '--password-stdin'], /only http:\/\/ and https:\/\//],
    [['status', '127.0.0.1'], /no credential/],
    [['status'], /no device address/],
    [['frobnicate'], /unknown command/],
  ])('bad usage %j → exit 2 and a clear reason', async (args, message) => {
    const run = await runCli(args, { stdin: 'x' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('refuses an empty password', async () => {
    const run = await runCli(['unlock', field.address, '--password-stdin', '--json'], { stdin: '\n' });
    expect(run.code).toBe(2);
    expect(run.json[0]).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/empty/) },
    });
  });
});

describe('minerdeck unlock', () => {
  it('says the password works and never prints the token', async () => {
    const run = await runCli(['unlock', field.address, '--password-stdin', '--json'], { stdin: PASSWORD });
    expect(run.code).toBe(0);
    expect(run.json).toEqual([{ ok: true, address: field.address, unlocked: true }]);
    expect(run.stdout).not.toMatch(/[A-Za-z0-9]{32}/);
  });

  it('a wrong password fails once with WRONG_PASSWORD and is not retried', async () => {
    const before = field.requests.filter((r) => r.path === '/api/v1/unlock').length;
    const run = await runCli(['unlock', field.address, '--password-stdin', '--json'], { stdin: 'wrong' });
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({
      ok: false,
      address: field.address,
      error: { code: 'WRONG_PASSWORD' },
    });
    expect(field.requests.filter((r) => r.path === '/api/v1/unlock').length).toBe(before + 1);
  });

  it('a locked-out device reports the seconds to wait', async () => {
    await runCli(['unlock', strict.address, '--password-stdin'], { stdin: 'wrong' });
    const run = await runCli(['unlock', strict.address, '--password-stdin'], { stdin: PASSWORD });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/locked out.*1[0-7] s/i);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['an unreachable device', 'UNREACHABLE', () => down.address, []],
    ['a device that never answers', 'TIMEOUT', () => hanging.address, ['--timeout', '400']],
    ['a device answering HTML', 'BAD_RESPONSE', () => html.address, []],
  ])('%s → exit 1 with %s', async (_name, code, address, extra) => {
    const run = await runCli(['unlock', address(), '--password-stdin', '--json', ...(extra as string[])], {
      stdin: 'admin',
    });
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({ ok: false, error: { code } });
  });
});
