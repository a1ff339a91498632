/**
 * Installs the application menu described in core (electron/core/shell/app-menu.ts): roles pass through to
 * Electron, which gives each its native label, shortcut and behaviour; our own items call the actions.
 */
import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuAction, MenuItemSpec, SubmenuSpec } from '../core/shell/app-menu';

function item(
  spec: MenuItemSpec,
  actions: Record<MenuAction, () => Promise<void>>,
): MenuItemConstructorOptions {
  switch (spec.kind) {
    case 'role':
      return { role: spec.role };
    case 'separator':
      return { type: 'separator' };
    case 'action':
      return {
        label: spec.label,
        click: () => {
          void actions[spec.action]().catch((error: unknown) => console.error('Menu action failed:', error));
        },
      };
  }
}

/** Electron's template for the menus; separate from installing it so it is tested on its own. */
export function menuTemplate(
  menus: readonly SubmenuSpec[],
  actions: Record<MenuAction, () => Promise<void>>,
): MenuItemConstructorOptions[] {
  return menus.map((menu) => ({
    label: menu.label,
    ...(menu.role !== undefined ? { role: menu.role } : {}),
    submenu: menu.items.map((spec) => item(spec, actions)),
  }));
}

export function installAppMenu(
  menus: readonly SubmenuSpec[],
  actions: Record<MenuAction, () => Promise<void>>,
): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(menus, actions)));
}
