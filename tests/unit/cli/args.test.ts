import { describe, expect, it } from 'vitest';
import { intOption, parse, refuseSecretArguments } from '../../../electron/cli/args';

describe('refuseSecretArguments', () => {
  it.each([
    ['--password', 'hunter2'],
    ['--password=hunter2'],
    ['--pw', 'x'],
    ['--api-key=abc'],
    ['--token', 't'],
  ])('refuses %s with a hint to use standard input', (...argv) => {
    const result = refuseSecretArguments(['status', '10.0.0.5', ...argv]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toMatch(/visible in the process list/);
      expect(result.error.message).toMatch(/-stdin/);
      expect(result.error.message).not.toContain('hunter2');
    }
  });

  it('lets the stdin flags through', () => {
    expect(refuseSecretArguments(['--password-stdin', '--api-key-stdin']).ok).toBe(true);
  });
});

describe('parse', () => {
  it('rejects unknown flags instead of ignoring them', () => {
    const result = parse(['--jsn'], { json: { type: 'boolean' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('returns values and positionals', () => {
    expect(parse(['a', '--json'], { json: { type: 'boolean' } })).toEqual({
      ok: true,
      value: { values: { json: true }, positionals: ['a'] },
    });
  });
});

describe('intOption', () => {
  it('accepts a number in range and refuses the rest', () => {
    expect(intOption('3000', 'timeout', 100, 120000)).toEqual({ ok: true, value: 3000 });
    expect(intOption(undefined, 'timeout', 100, 120000)).toEqual({ ok: true, value: undefined });
    expect(intOption('50', 'timeout', 100, 120000).ok).toBe(false);
    expect(intOption('3s', 'timeout', 100, 120000).ok).toBe(false);
  });
});
