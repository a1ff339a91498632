import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../electron/cli/bulk-output';
import type { CliContext } from '../../../electron/cli/commands/context';
import { parseMonitorTargets } from '../../../electron/cli/commands/monitor-targets';
import { commandTargets, parseTargets, portOption } from '../../../electron/cli/commands/targets';
import type { Output } from '../../../electron/cli/output';

describe('parseTargets', () => {
  it('parses each address and drops duplicates of the same canonical address', () => {
    const result = parseTargets(
      ['10.0.0.5', 'http://10.0.0.5:80', '10.0.0.6:8080', 'https://miner-7'],
      'usage',
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { scheme: 'http', host: '10.0.0.5', port: 80 },
        { scheme: 'http', host: '10.0.0.6', port: 8080 },
        { scheme: 'https', host: 'miner-7', port: 443 },
      ],
    });
  });

  it('names the first bad address, and asks for at least one', () => {
    expect(parseTargets(['10.0.0.5', '10.0.0.300'], 'usage')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/10\.0\.0\.300/) },
    });
    expect(parseTargets([], 'minerdeck unlock …')).toMatchObject({
      ok: false,
      error: { message: 'no device address given. Usage: minerdeck unlock …' },
    });
  });
});

describe('--port', () => {
  it('takes one port from 1 to 65535, and names what it got otherwise', () => {
    expect(portOption(undefined)).toEqual({ ok: true, value: undefined });
    expect(portOption('8080')).toEqual({ ok: true, value: 8080 });
    for (const bad of ['0', '65536', '80,443', 'http', '-1', '']) {
      expect(portOption(bad)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringContaining(`not "${bad}"`) },
      });
    }
  });

  it('is the port of every address written without one; a written port wins', () => {
    expect(parseTargets(['10.0.0.5', '10.0.0.6:81', 'https://miner-7'], 'usage', 8080)).toEqual({
      ok: true,
      value: [
        { scheme: 'http', host: '10.0.0.5', port: 8080 },
        { scheme: 'http', host: '10.0.0.6', port: 81 },
        { scheme: 'https', host: 'miner-7', port: 8080 },
      ],
    });
  });

  it('is the port of a range written without one, as range:port is', () => {
    const withPort = parseMonitorTargets(['10.0.0.1-10.0.0.3', '10.0.0.9:81'], 'usage', 8080);
    const written = parseMonitorTargets(['10.0.0.1-10.0.0.3:8080', '10.0.0.9:81'], 'usage');
    expect(withPort).toEqual(written);
    expect(withPort.ok && withPort.value.map((a) => `${a.host}:${a.port}`)).toEqual([
      '10.0.0.1:8080',
      '10.0.0.2:8080',
      '10.0.0.3:8080',
      '10.0.0.9:81',
    ]);
    const plain = parseMonitorTargets(['10.0.0.1'], 'usage');
    expect(plain.ok && plain.value[0]?.port).toBe(80);
  });
});

describe('commandTargets', () => {
  // The refusals come before the inventory is opened: a context that has none proves it.
  const ctx = {} as CliContext;
  const output = { out: () => undefined, err: () => undefined, json: false } as unknown as Output;
  const run = (values: Record<string, unknown>, positionals: string[] = [], siteOnlyForAll = false) =>
    commandTargets(ctx, output, { values, positionals }, { usage: 'u', siteOnlyForAll });

  it('reads the typed targets with --port', async () => {
    expect(await run({ port: '81' }, ['10.0.0.5'])).toEqual({
      ok: true,
      value: { addresses: [{ scheme: 'http', host: '10.0.0.5', port: 81 }] },
    });
  });

  it('refuses --all with addresses, --all with --port, a bad port and a --site that only --all reads', async () => {
    const said = async (values: Record<string, unknown>, positionals: string[] = [], only = false) => {
      const result = await run(values, positionals, only);
      expect(result.ok).toBe(false);
      return result.ok ? '' : `${result.error.code}: ${result.error.message}`;
    };
    expect(await said({ all: true }, ['10.0.0.5'])).toMatch(
      /^INVALID_INPUT: --all works on every device of the site, so it takes no addresses \(1 given\)/,
    );
    expect(await said({ all: true, port: '8080' })).toMatch(
      /^INVALID_INPUT: --port is the port of addresses typed here/,
    );
    expect(await said({ port: 'x' }, ['10.0.0.5'])).toMatch(/^INVALID_INPUT: --port takes one port/);
    expect(await said({ site: 'Hall 1' }, ['10.0.0.5'], true)).toMatch(/add --all, or drop --site/);
    expect(await said({}, [])).toBe('INVALID_INPUT: no device address given. Usage: u');
  });
});

describe('exitCodeFor', () => {
  const ok = { item: 1, ok: true as const, value: 1 };
  const failed = (code: 'WRONG_PASSWORD' | 'CANCELLED') => ({
    item: 2,
    ok: false as const,
    error: { code, message: 'x' },
  });
  it('0 when every device succeeded, 1 when one failed, 130 when cancelled', () => {
    expect(exitCodeFor([ok, ok])).toBe(0);
    expect(exitCodeFor([ok, failed('WRONG_PASSWORD')])).toBe(1);
    expect(exitCodeFor([failed('WRONG_PASSWORD'), failed('CANCELLED')])).toBe(130);
  });
});
