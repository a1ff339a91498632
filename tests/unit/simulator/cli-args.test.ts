import { describe, expect, it } from 'vitest';
import { parseCliArgs, targetRange } from '../../simulator/cli-args';

describe('simulator CLI arguments', () => {
  it('has demo defaults', () => {
    expect(parseCliArgs([])).toEqual({
      ok: true,
      options: {
        count: 10,
        port: 8080,
        hostBase: '127.0.1',
        profile: 'field',
        password: 'admin',
        https: false,
        list: false,
        timeScale: 1,
        field: false,
        noNotesEvery: 0,
        help: false,
      },
    });
  });

  it('reads every option', () => {
    const r = parseCliArgs([
      '--count',
      '50',
      '--port',
      '18080',
      '--host-base',
      '127.9',
      '--profile',
      'spec',
      '--password',
      'x',
      '--https',
      '--list',
      '--field',
      '--time-scale',
      '60',
      '--no-notes-every',
      '5',
    ]);
    expect(r).toEqual({
      ok: true,
      options: {
        count: 50,
        port: 18080,
        hostBase: '127.9',
        profile: 'spec',
        password: 'x',
        https: true,
        list: true,
        timeScale: 60,
        field: true,
        noNotesEvery: 5,
        help: false,
      },
    });
  });

  it('names the option and what it accepts when input is bad', () => {
    const cases: [string[], RegExp][] = [
      [['--count', '0'], /--count must be a whole number from 1/],
      [['--count', '5x'], /--count/],
      [['--port', '70000'], /--port must be a whole number from 1 to 65535/],
      [['--profile', 'lab'], /--profile must be 'field' or 'spec'/],
      [['--host-base', '10.0.0'], /--host-base/],
      [['--password', ''], /--password must not be empty/],
      [['--time-scale', '0.5'], /--time-scale must be a number from 1 to 1000, got '0.5'/],
      [['--time-scale', 'fast'], /--time-scale must be a number from 1 to 1000/],
      [['--time-scale', '5000'], /--time-scale must be a number from 1 to 1000/],
      [['--no-notes-every', '1.5'], /--no-notes-every must be a whole number from 0/],
      [['--nope'], /nope/],
      [['extra'], /extra/],
    ];
    for (const [argv, message] of cases) {
      const r = parseCliArgs(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
  });

  it('prints a range from the first to the last host', () => {
    expect(targetRange(['127.0.1.1', '127.0.1.2', '127.0.1.50'])).toBe('127.0.1.1-127.0.1.50');
    expect(targetRange(['127.0.1.1'])).toBe('127.0.1.1');
    expect(targetRange([])).toBe('');
  });
});
