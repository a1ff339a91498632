/**
 * The application menu as plain data, so what it offers is tested without Electron; electron/main/menu.ts
 * turns it into Electron's template. It matters beyond looks: on macOS copy and paste in text fields work
 * only through Edit menu roles, and zoom is how a technician in a bright plant room makes the fleet table
 * readable. Reload and developer tools are for development only: in the shipped app a reload would drop
 * the page's state mid-commissioning and devtools would open the renderer to anyone at the laptop.
 */
import type { AboutInfo } from '../../../shared/ipc/channels/app';
import type { Result } from '../../../shared/result';
import { ABOUT_BUTTONS, aboutDialog, PRODUCT_NAME } from './about-box';

/** Electron menu roles used here (each is the platform's native item: label, shortcut, behaviour). */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit';

/** The items that run our own code; main wires each to a function. */
export type MenuAction = 'about' | 'open-data-folder';

export type MenuItemSpec =
  | { kind: 'role'; role: MenuRole }
  | { kind: 'separator' }
  | { kind: 'action'; action: MenuAction; label: string };

export interface SubmenuSpec {
  label: string;
  /** Lets macOS add its own items (Window's list of windows, Help's search field). */
  role?: 'window' | 'help';
  items: MenuItemSpec[];
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** True when not packaged: reload and developer tools are offered. */
  development: boolean;
}

const role = (name: MenuRole): MenuItemSpec => ({ kind: 'role', role: name });
const separator: MenuItemSpec = { kind: 'separator' };
const about: MenuItemSpec = { kind: 'action', action: 'about', label: `About ${PRODUCT_NAME}…` };
const openDataFolder: MenuItemSpec = {
  kind: 'action',
  action: 'open-data-folder',
  label: 'Open Data Folder',
};

/** The menu bar, top-level menus in order. */
export function appMenu(options: AppMenuOptions): SubmenuSpec[] {
  const mac = options.platform === 'darwin';
  const menus: SubmenuSpec[] = [];
  if (mac) {
    // macOS puts the app's own menu first, named after the app, with About at its top.
    menus.push({
      label: PRODUCT_NAME,
      items: [
        about,
        separator,
        role('services'),
        separator,
        role('hide'),
        role('hideOthers'),
        role('unhide'),
        separator,
        role('quit'),
      ],
    });
  } else {
    menus.push({ label: 'File', items: [role('quit')] });
  }
  menus.push({
    label: 'Edit',
    items: [
      role('undo'),
      role('redo'),
      separator,
      role('cut'),
      role('copy'),
      role('paste'),
      ...(mac ? [role('pasteAndMatchStyle'), role('delete')] : [role('delete')]),
      separator,
      role('selectAll'),
    ],
  });
  menus.push({
    label: 'View',
    items: [
      ...(options.development
        ? [role('reload'), role('forceReload'), role('toggleDevTools'), separator]
        : []),
      role('resetZoom'),
      role('zoomIn'),
      role('zoomOut'),
      separator,
      role('togglefullscreen'),
    ],
  });
  menus.push(
    mac
      ? { label: 'Window', role: 'window', items: [role('minimize'), role('zoom'), separator, role('front')] }
      : { label: 'Window', items: [role('minimize'), role('close')] },
  );
  menus.push({
    label: 'Help',
    role: 'help',
    items: mac ? [openDataFolder] : [about, separator, openDataFolder],
  });
  return menus;
}

/** Every role in a menu, depth first (tests and the main glue's checks). */
export function menuRoles(menus: readonly SubmenuSpec[]): MenuRole[] {
  return menus.flatMap((menu) => menu.items.flatMap((item) => (item.kind === 'role' ? [item.role] : [])));
}

export interface MenuActionDeps {
  /** The `app:about` handler: the same facts the Settings card shows. */
  about: () => Promise<Result<AboutInfo>>;
  /** The `app:open-data-folder` handler. */
  openDataFolder: () => Promise<Result<{ path: string }>>;
  /** Electron's `dialog.showMessageBox`, over the main window when there is one. */
  showMessageBox: (options: ReturnType<typeof aboutDialog>) => Promise<{ response: number }>;
  /** Tells the technician an action failed (Electron's `dialog.showErrorBox`). */
  showError: (message: string) => void;
}

/**
 * What the menu's own items do. About shows the facts in a message box whose second button opens the
 * data folder; a failure is shown, never thrown into Electron's menu code where it would be lost.
 */
export function menuActions(deps: MenuActionDeps): Record<MenuAction, () => Promise<void>> {
  const openDataFolder = async (): Promise<void> => {
    const opened = await deps.openDataFolder();
    if (!opened.ok) deps.showError(opened.error.message);
  };
  return {
    about: async () => {
      const info = await deps.about();
      if (!info.ok) {
        deps.showError(info.error.message);
        return;
      }
      const { response } = await deps.showMessageBox(aboutDialog(info.value));
      if (response === ABOUT_BUTTONS.openDataFolder) await openDataFolder();
    },
    'open-data-folder': openDataFolder,
  };
}
