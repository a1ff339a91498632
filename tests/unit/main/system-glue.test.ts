import { describe, expect, it, vi } from 'vitest';
import { createElectronGlue, isAllowedExternalUrl } from '../../../electron/main/system-glue';

const known = (url: string): boolean => new URL(url).origin === 'http://10.0.0.5:8080';

describe('Electron system glue', () => {
  it('opens http(s) pages of fleet devices only', () => {
    expect(isAllowedExternalUrl('http://10.0.0.5:8080/', known)).toBe(true);
    for (const url of [
      'http://10.0.0.6:8080/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://10.0.0.5/share',
      'http://user:pw@10.0.0.5:8080/',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url, known), url).toBe(false);
    }
  });

  it('asks the shell to open an allowed page, refuses the rest with FORBIDDEN', async () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    const clipboard = { writeText: vi.fn() };
    const glue = createElectronGlue({ shell, clipboard, isDeviceUrl: known });
    await expect(glue.openExternal('http://10.0.0.5:8080/')).resolves.toEqual({ ok: true, value: undefined });
    await expect(glue.openExternal('https://example.com/')).resolves.toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('http://10.0.0.5:8080/');
    await expect(glue.copyText('k3y')).resolves.toEqual({ ok: true, value: { where: 'the clipboard' } });
    expect(clipboard.writeText).toHaveBeenCalledWith('k3y');
  });
});
