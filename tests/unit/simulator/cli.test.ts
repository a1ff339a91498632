import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, getJson, parse, postJson, sleep, unlockToken } from './http-client';

const cliPath = fileURLToPath(new URL('../../simulator/cli.ts', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], { stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once stdout contains `text`; fails after `ms`. */
  const waitFor = (text: string, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${text}' in ${ms} ms; stdout: ${stdout} stderr: ${stderr}`)),
        ms,
      );
      const check = () => {
        if (!stdout.includes(text)) return;
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      check();
    });
  return { child, exited, waitFor, out: () => stdout, err: () => stderr };
}

describe('npm run simulator', () => {
  it('starts a fleet, prints addresses, password and range, and stops cleanly on SIGTERM', async () => {
    const block = `127.${randomInt(16, 251)}.${randomInt(0, 240)}`;
    const port = randomInt(20_000, 60_000);
    const cli = runCli([
      ...['--count', '3', '--host-base', block, '--port', String(port), '--password', 'pw1', '--list'],
      ...['--no-notes-every', '2'],
    ]);
    await cli.waitFor('Running.', 20_000);

    const out = cli.out();
    expect(out.split('\n')[0]).toBe(
      `Minerdeck simulator: 3 field devices (3 × Antminer S21 Pro) at ${block}.1-${block}.3, port ${port}`,
    );
    for (const i of [1, 2, 3]) expect(out).toContain(`http://${block}.${i}:${port}`);
    expect(out).toMatch(/Password:\s+pw1/);
    expect(out).toMatch(
      new RegExp(`Target range:\\s+${block.replaceAll('.', '\\.')}\\.1-${block.replaceAll('.', '\\.')}\\.3`),
    );

    const info = parse(await getJson(`http://${block}.2:${port}/api/v1/info`)) as {
      system: { network_status: { ip: string } };
    };
    expect(info.system.network_status.ip).toBe(`${block}.2`);
    // --no-notes-every 2: the second device's firmware has no notes API.
    expect(out).toMatch(/No notes API:\s+1 device in 2 \(firmware without \/api\/v1\/notes\)/);
    const notes = async (i: number) => (await getJson(`http://${block}.${i}:${port}/api/v1/notes`)).status;
    expect([await notes(1), await notes(2), await notes(3)]).toEqual([200, 404, 200]);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.out()).toContain('Simulator stopped.');
    await expect(getJson(`http://${block}.2:${port}/api/v1/info`)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('--field --time-scale: the field timings, N times faster, and the clock said', async () => {
    const block = `127.${randomInt(16, 251)}.${randomInt(0, 240)}`;
    const port = randomInt(20_000, 60_000);
    const cli = runCli([
      '--count',
      '1',
      '--host-base',
      block,
      '--port',
      String(port),
      '--field',
      '--time-scale',
      '100',
    ]);
    await cli.waitFor('Running.', 20_000);
    expect(cli.out()).toMatch(
      /Clock:\s+field timings, site link 1000 Mbit\/s \(200 Mbit\/s a device\), 100× real time/,
    );
    const address = `http://${block}.1:${port}`;
    const state = async () =>
      (parse(await getJson(`${address}/api/v1/status`)) as { miner_state: string }).miner_state;
    await postJson(`${address}/api/v1/mining/restart`, {}, bearer(await unlockToken(address)));
    // A field restart is 30–60 s: 0.3–0.6 s real at 100× (the fast test timings' 2 s would be 20 ms).
    expect(['restarting', 'starting']).toContain(await state());
    await sleep(1000);
    expect(await state()).toBe('mining');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('exits 2 with a clear message on bad arguments', async () => {
    const cli = runCli(['--count', 'many']);
    expect(await cli.exited).toBe(2);
    expect(cli.err()).toContain("--count must be a whole number from 1 to 20000, got 'many'");
    expect(cli.err()).toContain('Usage: npm run simulator');
  });
});
