/**
 * The `app:*` channels of the About box: the facts it shows, and opening the data folder in the system's
 * file manager. The folder opened is always the services' own data folder — the request carries no path —
 * and the opener is the shell's (Electron's `shell.openPath`, a recording double in the test harness).
 */
import { mkdir } from 'node:fs/promises';
import type { Handlers } from '../../../shared/ipc/contract';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import { aboutKeychain, PRODUCT_NAME } from '../shell/about-box';
import type { CoreServices } from '../services';

type AppHandlers = Pick<Handlers, 'app:about' | 'app:open-data-folder'>;

export type AppChannelServices = Pick<CoreServices, 'identity' | 'dataDir' | 'credentials' | 'system'>;

export function appHandlers(s: AppChannelServices): AppHandlers {
  return {
    'app:about': async () =>
      ok({
        name: PRODUCT_NAME,
        version: s.identity.version,
        dataDir: s.dataDir,
        keychain: aboutKeychain(s.credentials.keychain.status, s.credentials.vault.persistent),
      }),
    'app:open-data-folder': async () => {
      const { dataDir } = s;
      const { openPath } = s.system;
      if (openPath === undefined) {
        return errWithText(
          'INTERNAL',
          'Opening folders is not available in this Minerdeck session.',
          message('errors.files.openFolderUnavailable'),
        );
      }
      // Before anything was saved the folder may not exist yet; the file manager would show an error.
      await mkdir(dataDir, { recursive: true });
      const opened = await openPath(dataDir);
      return opened.ok ? ok({ path: dataDir }) : opened;
    },
  };
}
