/**
 * Core's SystemGlue on Electron: the clipboard and the system browser. "Do not use shell.openExternal
 * with untrusted content": only http(s) URLs of devices in the fleet are opened, checked here a second
 * time even though core builds the URL itself from the fleet. Electron's objects are injected so the
 * policy is unit-tested without Electron.
 */
import { message } from '../../shared/i18n/message';
import type { Result } from '../../shared/result';
import { err, errWithText, ok } from '../../shared/result';
import type { SystemGlue } from '../core/shell/system-glue';

export interface ElectronGlueDeps {
  clipboard: { writeText(text: string): void };
  shell: { openExternal(url: string): Promise<void> };
  /** True when the URL is the web page of a known device (fleet-service.ts `isDeviceUrl`). */
  isDeviceUrl: (url: string) => boolean;
}

export function isAllowedExternalUrl(url: string, isDeviceUrl: (url: string) => boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return isDeviceUrl(parsed.href);
}

export function createElectronGlue(deps: ElectronGlueDeps): SystemGlue {
  return {
    async copyText(text): Promise<Result<{ where: string }>> {
      deps.clipboard.writeText(text);
      return ok({ where: 'the clipboard' });
    },
    async openExternal(url): Promise<Result<void>> {
      if (!isAllowedExternalUrl(url, deps.isDeviceUrl)) {
        return errWithText(
          'FORBIDDEN',
          'Only the web pages of devices in the fleet can be opened.',
          message('errors.system.notFleetPage'),
        );
      }
      try {
        await deps.shell.openExternal(url);
        return ok(undefined);
      } catch (error) {
        return err(
          'INTERNAL',
          `The system browser could not be opened: ${error instanceof Error ? error.message : String(error)}.`,
        );
      }
    },
  };
}
