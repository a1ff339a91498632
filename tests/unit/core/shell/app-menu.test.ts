/**
 * The application menu and the About box, as data: copy and paste in fields and zoom exist on every
 * platform, development tools only in development, macOS gets its app menu first, and Help → About says
 * the version, the data folder and the keychain's state.
 */
import { describe, expect, it } from 'vitest';
import type { AboutInfo } from '../../../../shared/ipc/channels/app';
import { err, ok } from '../../../../shared/result';
import {
  ABOUT_BUTTONS,
  aboutDialog,
  aboutKeychain,
  aboutLines,
  folderOpener,
} from '../../../../electron/core/shell/about-box';
import type { MenuActionDeps } from '../../../../electron/core/shell/app-menu';
import { appMenu, menuActions, menuRoles } from '../../../../electron/core/shell/app-menu';

const PLATFORMS = ['linux', 'win32', 'darwin'] as const;

describe('appMenu', () => {
  it.each(PLATFORMS)('offers editing in fields and zoom on %s', (platform) => {
    const roles = menuRoles(appMenu({ platform, development: false }));
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'resetZoom',
      'zoomIn',
      'zoomOut',
    ]) {
      expect(roles).toContain(role);
    }
    expect(roles).toContain('togglefullscreen');
    expect(roles).toContain('minimize');
  });

  it.each(PLATFORMS)('has reload and developer tools in development only, on %s', (platform) => {
    const devOnly = ['reload', 'forceReload', 'toggleDevTools'];
    const shipped = menuRoles(appMenu({ platform, development: false }));
    expect(shipped.filter((role) => devOnly.includes(role))).toEqual([]);
    expect(menuRoles(appMenu({ platform, development: true }))).toEqual(expect.arrayContaining(devOnly));
  });

  it('puts the app menu first on macOS, with About at its top and Quit at its end', () => {
    const menus = appMenu({ platform: 'darwin', development: false });
    expect(menus.map((m) => m.label)).toEqual(['Minerdeck', 'Edit', 'View', 'Window', 'Help']);
    const appItems = menus[0]!.items;
    expect(appItems[0]).toEqual({ kind: 'action', action: 'about', label: 'About Minerdeck…' });
    expect(appItems.at(-1)).toEqual({ kind: 'role', role: 'quit' });
    expect(menus.find((m) => m.label === 'Window')?.role).toBe('window');
  });

  it.each(['linux', 'win32'] as const)('puts About and Open Data Folder under Help on %s', (platform) => {
    const menus = appMenu({ platform, development: false });
    expect(menus.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const help = menus.at(-1)!.items.flatMap((item) => (item.kind === 'action' ? [item.action] : []));
    expect(help).toEqual(['about', 'open-data-folder']);
    expect(menuRoles(menus)).toContain('quit');
  });
});

const INFO: AboutInfo = {
  name: 'Minerdeck',
  version: '1.2.3',
  dataDir: '/home/tech/.config/minerdeck',
  keychain: aboutKeychain({ state: 'available' }, true),
};

describe('About', () => {
  it('names the version, the data folder and the keychain, in the order read out to support', () => {
    expect(aboutLines(INFO)).toEqual([
      'Version 1.2.3',
      'Data folder: /home/tech/.config/minerdeck',
      "Keychain: Working: passwords and API keys are kept in the operating system's keychain.",
    ]);
    expect(aboutDialog(INFO)).toMatchObject({
      title: 'About Minerdeck',
      message: 'Minerdeck 1.2.3',
      buttons: ['OK', 'Open data folder'],
    });
  });

  it('says session-only when the keychain is locked or missing, and unknown without credentials', () => {
    expect(aboutKeychain({ state: 'locked' }, false)).toEqual({
      state: 'locked',
      persistent: false,
      summary: 'Session-only (keychain locked): passwords are forgotten when Minerdeck quits.',
    });
    expect(aboutKeychain({ state: 'unavailable' }, false).state).toBe('unavailable');
    expect(aboutKeychain(undefined, false)).toMatchObject({ state: 'unknown', persistent: false });
  });

  it("turns Electron's openPath answer into a Result", async () => {
    expect(await folderOpener(async () => '')('/data')).toEqual(ok(undefined));
    expect(await folderOpener(async () => 'Failed to open path')('/data')).toEqual(
      err('INTERNAL', 'The folder could not be opened: Failed to open path.'),
    );
    const thrown = await folderOpener(() => Promise.reject(new Error('no file manager')))('/data');
    expect(thrown).toMatchObject({
      ok: false,
      error: { message: 'The folder could not be opened: no file manager.' },
    });
  });
});

describe('menuActions', () => {
  function world(response: number, opened = ok({ path: INFO.dataDir })) {
    const shown: unknown[] = [];
    const errors: string[] = [];
    let opens = 0;
    const deps: MenuActionDeps = {
      about: async () => ok(INFO),
      openDataFolder: async () => {
        opens += 1;
        return opened;
      },
      showMessageBox: async (options) => {
        shown.push(options);
        return { response };
      },
      showError: (message) => errors.push(message),
    };
    return { actions: menuActions(deps), shown, errors, opens: () => opens };
  }

  it('shows About, and opens the data folder only when that button is pressed', async () => {
    const closed = world(ABOUT_BUTTONS.ok);
    await closed.actions.about();
    expect(closed.shown).toEqual([aboutDialog(INFO)]);
    expect(closed.opens()).toBe(0);

    const opening = world(ABOUT_BUTTONS.openDataFolder);
    await opening.actions.about();
    expect(opening.opens()).toBe(1);
    expect(opening.errors).toEqual([]);
  });

  it('tells the technician when the folder cannot be opened', async () => {
    const failing = world(ABOUT_BUTTONS.ok, err('INTERNAL', 'The folder could not be opened: no handler.'));
    await failing.actions['open-data-folder']();
    expect(failing.errors).toEqual(['The folder could not be opened: no handler.']);
  });
});
