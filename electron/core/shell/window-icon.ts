/**
 * Files the app reads from its own install at run time. They are resolved from the app root (Electron's
 * `app.getAppPath()`: the repository in development, `resources/app.asar` when packaged), so one path
 * works in both as long as packaging puts `resources/icons/png/512.png` into the app (electron-builder's
 * "files"); Electron reads images inside the asar archive itself.
 */
import { join } from 'node:path';

/** Generated from resources/icon.svg by `npm run icons`; 512 px suits every desktop's window icon. */
export const WINDOW_ICON = 'resources/icons/png/512.png';

export function windowIconPath(appRoot: string): string {
  return join(appRoot, WINDOW_ICON);
}
