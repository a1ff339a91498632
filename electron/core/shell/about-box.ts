/**
 * What the About box says, built once here for every place that shows it: Electron's message box (Help →
 * About), the Settings card (through `app:about`) and tests. A technician on the phone with support reads
 * these lines out, so they name the version, the data folder and whether the keychain works, in words.
 */
import type { AboutInfo, AboutKeychain } from '../../../shared/ipc/channels/app';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { KeychainStatus } from '../credentials/probe';

/** The product's name as people write it; `app.getName()` answers the package name, `minerdeck`. */
export const PRODUCT_NAME = 'Minerdeck';

/** The keychain's state as the About box words it; no credentials at all (a bare shell) is `unknown`. */
export function aboutKeychain(
  status: Pick<KeychainStatus, 'state'> | undefined,
  persistent: boolean,
): AboutKeychain {
  if (status === undefined) {
    return { state: 'unknown', persistent: false, summary: 'Not checked in this session.' };
  }
  if (status.state === 'available' && persistent) {
    return {
      state: 'available',
      persistent: true,
      summary: "Working: passwords and API keys are kept in the operating system's keychain.",
    };
  }
  return {
    state: status.state,
    persistent,
    summary: `Session-only (keychain ${status.state}): passwords are forgotten when ${PRODUCT_NAME} quits.`,
  };
}

/** The About box's lines, in the order read out to support. */
export function aboutLines(info: AboutInfo): string[] {
  return [`Version ${info.version}`, `Data folder: ${info.dataDir}`, `Keychain: ${info.keychain.summary}`];
}

/** Button indices of the About message box, so main knows which one was pressed. */
export const ABOUT_BUTTONS = { ok: 0, openDataFolder: 1 } as const;

/** Options for Electron's `dialog.showMessageBox` (a plain object: core never imports Electron). */
export function aboutDialog(info: AboutInfo): {
  type: 'info';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: boolean;
} {
  return {
    type: 'info',
    title: `About ${PRODUCT_NAME}`,
    message: `${PRODUCT_NAME} ${info.version}`,
    detail: aboutLines(info).join('\n'),
    buttons: ['OK', 'Open data folder'],
    defaultId: ABOUT_BUTTONS.ok,
    cancelId: ABOUT_BUTTONS.ok,
    // Windows would otherwise turn the second button into a command link with a big arrow.
    noLink: true,
  };
}

/**
 * Electron's `shell.openPath` answers an error message, or '' when the folder opened; this turns that
 * convention into the Result core's SystemGlue speaks (a thrown error becomes one too).
 */
export function folderOpener(
  openPath: (path: string) => Promise<string>,
): (path: string) => Promise<Result<void>> {
  return async (path) => {
    const problem = await openPath(path).catch(
      (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'unknown error',
    );
    return problem === ''
      ? ok(undefined)
      : err('INTERNAL', `The folder could not be opened: ${problem.replace(/\.$/, '')}.`);
  };
}
