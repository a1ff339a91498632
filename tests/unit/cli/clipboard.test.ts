import { afterEach, describe, expect, it } from 'vitest';
import { copyToClipboard, findClipboardTool } from '../../../electron/cli/clipboard';
import type { FakeClipboard } from '../../support/fake-clipboard';
import { fakeClipboardTool } from '../../support/fake-clipboard';

const KEY = 'Ab3'.repeat(10) + 'Zz';
const tools: FakeClipboard[] = [];
afterEach(() => {
  for (const tool of tools.splice(0)) tool.remove();
});
const fake = (name: string, exitCode = 0) => {
  const tool = fakeClipboardTool(name, exitCode);
  tools.push(tool);
  return tool;
};

describe('clipboard', () => {
  it('without a display: a clear error that points to --print', async () => {
    const result = await copyToClipboard(KEY, { env: { PATH: '/usr/bin:/bin' }, platform: 'linux' });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message:
          'no clipboard: there is no display here (neither DISPLAY nor WAYLAND_DISPLAY is set); use --print to print the key instead.',
      },
    });
  });

  it('a display but no tool: says which tool to install', () => {
    const empty = fake('nothing-useful');
    expect(findClipboardTool({ env: { DISPLAY: ':0', PATH: empty.dir }, platform: 'linux' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/install xclip or xsel.*--print/) },
    });
    expect(
      findClipboardTool({ env: { WAYLAND_DISPLAY: 'wayland-0', PATH: empty.dir }, platform: 'linux' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/install wl-clipboard/) },
    });
  });

  it('X11 with xclip: the key goes in on standard input, never as an argument', async () => {
    const xclip = fake('xclip');
    const result = await copyToClipboard(KEY, { env: { DISPLAY: ':0', PATH: xclip.dir }, platform: 'linux' });
    expect(result).toEqual({ ok: true, value: { tool: 'xclip' } });
    expect(xclip.received()).toBe(KEY);
    expect(xclip.args()).toEqual(['-selection', 'clipboard']);
  });

  it('prefers wl-copy on Wayland, falls back to xsel on X11', async () => {
    const wl = fake('wl-copy');
    expect(
      findClipboardTool({ env: { WAYLAND_DISPLAY: 'w', DISPLAY: ':0', PATH: wl.dir }, platform: 'linux' }),
    ).toMatchObject({
      ok: true,
      value: { name: 'wl-copy' },
    });
    const xsel = fake('xsel');
    expect(findClipboardTool({ env: { DISPLAY: ':0', PATH: xsel.dir }, platform: 'linux' })).toMatchObject({
      ok: true,
      value: { name: 'xsel', args: ['--clipboard', '--input'] },
    });
  });

  it('macOS uses pbcopy', async () => {
    const pbcopy = fake('pbcopy');
    expect(await copyToClipboard(KEY, { env: { PATH: pbcopy.dir }, platform: 'darwin' })).toEqual({
      ok: true,
      value: { tool: 'pbcopy' },
    });
    expect(pbcopy.received()).toBe(KEY);
  });

  it('a tool that fails: says so, without the key', async () => {
    const broken = fake('xclip', 1);
    const result = await copyToClipboard(KEY, {
      env: { DISPLAY: ':0', PATH: broken.dir },
      platform: 'linux',
    });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/xclip.*exit code 1/) },
    });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
