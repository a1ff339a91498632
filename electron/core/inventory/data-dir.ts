/**
 * The app's data folder, computed without Electron so the CLI and the app agree on it: Electron's
 * `userData` for an app named "Minerdeck" is `<appData>/Minerdeck`, where appData is `%APPDATA%` on
 * Windows, `~/Library/Application Support` on macOS and `$XDG_CONFIG_HOME` (else `~/.config`) elsewhere.
 * `MINERDECK_DATA_DIR` overrides it (tests, portable installs); the CLI's `--data-dir` overrides both.
 */
import { join } from 'node:path';

export const APP_FOLDER_NAME = 'Minerdeck';

export interface DataDirInputs {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  /** Electron's `app.getPath('appData')`, when running inside Electron. */
  appData?: string;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

/** The folder the OS conventionally gives per-user app configuration. */
function appDataFolder({ env, platform, home, appData }: DataDirInputs): string {
  if (appData !== undefined) return appData;
  if (platform === 'win32') return nonEmpty(env.APPDATA) ?? join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return nonEmpty(env.XDG_CONFIG_HOME) ?? join(home, '.config');
}

export function defaultDataDir(inputs: DataDirInputs): string {
  return nonEmpty(inputs.env.MINERDECK_DATA_DIR) ?? join(appDataFolder(inputs), APP_FOLDER_NAME);
}
