/**
 * Main's half of the menu: core's description becomes Electron's template unchanged in meaning — roles
 * pass through (Electron supplies their labels and shortcuts), our items call their actions.
 */
import { describe, expect, it, vi } from 'vitest';
import { appMenu } from '../../../electron/core/shell/app-menu';
import type { MenuAction } from '../../../electron/core/shell/app-menu';
import { fakeMenu } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

const { installAppMenu, menuTemplate } = await import('../../../electron/main/menu');

interface TemplateItem {
  label?: string;
  role?: string;
  type?: string;
  click?: () => void;
  submenu?: TemplateItem[];
}

describe('menuTemplate', () => {
  it('passes roles and separators through and wires our items to their actions', async () => {
    const called: MenuAction[] = [];
    const actions = {
      about: async () => void called.push('about'),
      'open-data-folder': async () => void called.push('open-data-folder'),
    };
    const template = menuTemplate(
      appMenu({ platform: 'linux', development: false }),
      actions,
    ) as TemplateItem[];
    const edit = template.find((m) => m.label === 'Edit')!.submenu!;
    expect(edit.map((i) => i.role ?? i.type)).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'delete',
      'separator',
      'selectAll',
    ]);
    const help = template.find((m) => m.label === 'Help')!;
    expect(help.role).toBe('help');
    for (const item of help.submenu!) item.click?.();
    await vi.waitFor(() => expect(called).toEqual(['about', 'open-data-folder']));
  });

  it('installs the menu as the application menu', () => {
    installAppMenu(appMenu({ platform: 'darwin', development: false }), {
      about: async () => undefined,
      'open-data-folder': async () => undefined,
    });
    const installed = fakeMenu.installed?.template as TemplateItem[];
    expect(installed[0]!.label).toBe('Minerdeck');
  });
});
