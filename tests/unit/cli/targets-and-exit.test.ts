import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../electron/cli/bulk-output';
import { parseTargets } from '../../../electron/cli/commands/targets';

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
