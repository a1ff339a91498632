/**
 * The Columns menu: tick the fleet's columns to show (the device is always shown). On a small laptop a
 * technician hides what the job at hand does not need, so the table stops scrolling sideways; the choice
 * is kept in the settings, so the next start shows the same. Radix's DropdownMenu, like the Actions menu.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import '../../components/action-menu.css';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { CHOOSABLE_COLUMNS } from './fleet-columns';

const NONE: readonly string[] = [];

export function ColumnChooser(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { hidden, ready, error, chosen } = useRootStore(
    useShallow((s) => ({
      hidden: s.settings.status === 'ready' ? s.settings.value.fleetView.hiddenColumns : NONE,
      ready: s.settings.status === 'ready',
      error: s.fleetColumnsError,
      chosen: s.fleetColumnsChosen,
    })),
  );
  const toggle = (id: string, shown: boolean): void =>
    void chosen(shown ? hidden.filter((h) => h !== id) : [...hidden, id]);

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger asChild disabled={!ready}>
          <button type="button" className="button menu-button" title={t('fleet.columns.title')}>
            {t('fleet.columns.button')}
            <span aria-hidden="true" className="menu-caret">
              ▾
            </span>
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu" align="end" sideOffset={4} collisionPadding={8} loop>
            {CHOOSABLE_COLUMNS.map((column) => (
              <Menu.CheckboxItem
                key={column.id}
                className="menu-item"
                checked={!hidden.includes(column.id)}
                onCheckedChange={(shown) => toggle(column.id, shown)}
                // Stays open: several columns are usually chosen at once.
                onSelect={(event) => event.preventDefault()}
              >
                <span className="menu-check" aria-hidden="true">
                  {hidden.includes(column.id) ? '' : '✓'}
                </span>
                {t(column.header)}
              </Menu.CheckboxItem>
            ))}
            <Menu.Separator className="menu-separator" />
            <Menu.Item className="menu-item" disabled={hidden.length === 0} onSelect={() => void chosen([])}>
              <span className="menu-check" aria-hidden="true" />
              {t('fleet.columns.showAll')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {error !== undefined && (
        <p className="field-error" role="alert">
          {t('settings.columns.notKept', { reason: errorText(tr, error) })}
        </p>
      )}
    </>
  );
}
