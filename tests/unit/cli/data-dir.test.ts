/** Where the inventory lives: the app's data folder per OS, MINERDECK_DATA_DIR, and `--data-dir` on any command. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeDataDir } from '../../../electron/cli/data-dir-option';
import { defaultDataDir } from '../../../electron/core/inventory/data-dir';

describe('defaultDataDir', () => {
  it.each([
    ['linux', {}, '/home/tech/.config/Minerdeck'],
    ['linux', { XDG_CONFIG_HOME: '/cfg' }, '/cfg/Minerdeck'],
    ['linux', { XDG_CONFIG_HOME: '  ' }, '/home/tech/.config/Minerdeck'],
    ['darwin', {}, '/home/tech/Library/Application Support/Minerdeck'],
    ['win32', { APPDATA: '/Users/tech/AppData/Roaming' }, '/Users/tech/AppData/Roaming/Minerdeck'],
    ['win32', {}, '/home/tech/AppData/Roaming/Minerdeck'],
    ['linux', { MINERDECK_DATA_DIR: '/tmp/site-data', XDG_CONFIG_HOME: '/cfg' }, '/tmp/site-data'],
  ] as const)('%s with %j → %s', (platform, env, expected) => {
    expect(defaultDataDir({ env, platform, home: '/home/tech' })).toBe(expected);
  });
});

describe('takeDataDir', () => {
  it('takes --data-dir DIR or --data-dir=DIR from anywhere, resolved, and leaves the rest in order', () => {
    expect(takeDataDir(['site', '--data-dir', 'rel/dir', 'list', '--json'])).toEqual({
      ok: true,
      value: { argv: ['site', 'list', '--json'], dataDir: resolve('rel/dir') },
    });
    expect(takeDataDir(['--data-dir=/abs', 'scan', '10.0.0.1'])).toEqual({
      ok: true,
      value: { argv: ['scan', '10.0.0.1'], dataDir: '/abs' },
    });
    expect(takeDataDir(['status', '10.0.0.1'])).toEqual({
      ok: true,
      value: { argv: ['status', '10.0.0.1'] },
    });
  });

  it('stops at "--", and refuses a missing folder or a second one', () => {
    expect(takeDataDir(['x', '--', '--data-dir', 'y'])).toEqual({
      ok: true,
      value: { argv: ['x', '--', '--data-dir', 'y'] },
    });
    for (const argv of [
      ['--data-dir'],
      ['--data-dir', '--json'],
      ['--data-dir='],
      ['--data-dir', 'a', '--data-dir', 'b'],
    ]) {
      expect(takeDataDir(argv)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });
});
