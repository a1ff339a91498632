/**
 * A button that opens a menu of actions — each chosen at once, or a submenu of choices — on Radix's
 * DropdownMenu, so keyboard use (Enter, arrows, typing a letter, Escape), focus and the ARIA menu roles are
 * a well-kept primitive's, not ours. Non-modal: Radix's modal mode stops page scrolling with an injected
 * <style> tag, which the CSP forbids, and a menu that closes on any outside click needs no focus trap.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import './action-menu.css';

export interface MenuEntry {
  id: string;
  label: string;
  /** What it does, or why it cannot be chosen now (shown on hover). */
  title?: string;
  disabled?: boolean;
  /** Takes devices away or off the network: said in the danger colour. */
  danger?: boolean;
  /** Starts a new group: a line above it. */
  newGroup?: boolean;
  onSelect?: () => void;
  /** A submenu of choices instead of an action of its own. */
  choices?: readonly MenuEntry[];
}

export interface ActionMenuProps {
  /** The button's words; also the menu's accessible name. */
  label: string;
  entries: readonly MenuEntry[];
  disabled?: boolean;
  title?: string;
}

function Entries({ entries }: { entries: readonly MenuEntry[] }): ReactNode {
  return entries.map((entry, index) => {
    const className = entry.danger === true ? 'menu-item menu-danger' : 'menu-item';
    const line = entry.newGroup === true && index > 0 && (
      <Menu.Separator key={`${entry.id}-line`} className="menu-separator" />
    );
    if (entry.choices !== undefined) {
      return [
        line,
        <Menu.Sub key={entry.id}>
          <Menu.SubTrigger className={className} disabled={entry.disabled} title={entry.title}>
            {entry.label}
            <span aria-hidden="true" className="menu-more">
              ▸
            </span>
          </Menu.SubTrigger>
          <Menu.Portal>
            <Menu.SubContent className="menu" sideOffset={2} collisionPadding={8}>
              <Entries entries={entry.choices} />
            </Menu.SubContent>
          </Menu.Portal>
        </Menu.Sub>,
      ];
    }
    return [
      line,
      <Menu.Item
        key={entry.id}
        className={className}
        disabled={entry.disabled}
        title={entry.title}
        onSelect={entry.onSelect}
      >
        {entry.label}
      </Menu.Item>,
    ];
  });
}

export function ActionMenu({ label, entries, disabled, title }: ActionMenuProps): ReactNode {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild disabled={disabled}>
        <button type="button" className="button menu-button" title={title}>
          {label}
          <span aria-hidden="true" className="menu-caret">
            ▾
          </span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="start" sideOffset={4} collisionPadding={8} loop>
          <Entries entries={entries} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
