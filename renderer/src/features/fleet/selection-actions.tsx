/**
 * The actions on the selected devices, one entry each, in the order the fleet's **Actions** menu lists
 * them (bulk-bar.tsx): what each is called, when it can be chosen, and what choosing it does — act at once
 * (harmless or idempotent: API keys, the locate LED, a re-scan), or open its dialog, which previews the
 * write or asks first. A new action on the selection is one entry here.
 */
import type { ComponentType } from 'react';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { RootState } from '../../stores/root-store';
import { AcceptanceDialog } from './acceptance-dialog';
import { ActionConfirmDialog } from './action-confirm-dialog';
import { FirmwareDialog } from './firmware-dialog';
import { ForgetDialog, RemoveDialog } from './forget-remove-dialogs';
import { PasswordDialog } from './password-dialog';
import { PoolsDialog } from './pools-dialog';
import { PlaceSelectionDialog } from '../placing/place-selection-dialog';
import { PowerDialog } from './power-dialog';
import type { SelectionDialogProps } from './selection-dialog-props';
import { UnlockDialog } from './unlock-dialog';

/** Minutes the locate LED blinks before it turns itself off. */
export const LED_MINUTE_CHOICES = [5, 10, 30, 60] as const;

export type { SelectionDialogProps };

export interface SelectionAction {
  id: string;
  /** The menu's words; "…" when it opens a dialog before anything is sent. */
  label: MessageId;
  /** What it does (shown on hover). */
  title?: MessageId;
  /** Starts a new group in the menu. */
  newGroup?: boolean;
  /** Takes devices off the network or out of the fleet. */
  danger?: boolean;
  /** Keeps what it makes in the keychain (API keys, a new password): not without a working one. */
  needsKeychain?: boolean;
  /** Runs when chosen: acts at once, or asks main for the plan its dialog then shows. */
  run?: (state: RootState) => void;
  /** The dialog it opens for the selection. */
  Dialog?: ComponentType<SelectionDialogProps>;
  /** Choices in a submenu instead, each acting at once. */
  choices?: readonly { id: string; label: MessageRef; newGroup?: boolean; run: (state: RootState) => void }[];
}

export const SELECTION_ACTIONS: readonly SelectionAction[] = [
  {
    id: 'unlock',
    label: 'fleet.action.unlock.label',
    title: 'fleet.action.unlock.title',
    Dialog: UnlockDialog,
  },
  {
    id: 'api-keys',
    label: 'fleet.action.apiKeys.label',
    title: 'fleet.action.apiKeys.title',
    needsKeychain: true,
    run: (s) => void s.keysRequested(),
  },
  {
    id: 'password',
    label: 'fleet.action.password.label',
    title: 'fleet.action.password.title',
    needsKeychain: true,
    Dialog: PasswordDialog,
  },
  {
    id: 'pools',
    label: 'fleet.action.pools.label',
    title: 'fleet.action.pools.title',
    newGroup: true,
    Dialog: PoolsDialog,
  },
  {
    id: 'power',
    label: 'fleet.action.power.label',
    title: 'fleet.action.power.title',
    Dialog: PowerDialog,
  },
  {
    id: 'firmware',
    label: 'fleet.action.firmware.label',
    title: 'fleet.action.firmware.title',
    Dialog: FirmwareDialog,
  },
  {
    id: 'led',
    label: 'fleet.action.led.label',
    title: 'fleet.action.led.title',
    choices: [
      ...LED_MINUTE_CHOICES.map((minutes) => ({
        id: `led-${minutes}`,
        label: message('fleet.action.led.minutes', { minutes }),
        run: (s: RootState) => void s.ledRequested(true, minutes),
      })),
      {
        id: 'led-off',
        label: message('fleet.action.led.off'),
        newGroup: true,
        run: (s) => void s.ledRequested(false),
      },
    ],
  },
  {
    id: 'place',
    label: 'fleet.action.place.label',
    title: 'fleet.action.place.title',
    Dialog: PlaceSelectionDialog,
  },
  {
    id: 'restart',
    label: 'fleet.action.restart.label',
    title: 'fleet.action.restart.title',
    newGroup: true,
    run: (s) => void s.actionPlanRequested('restart-mining'),
    Dialog: ActionConfirmDialog,
  },
  {
    id: 'reboot',
    label: 'fleet.action.reboot.label',
    title: 'fleet.action.reboot.title',
    danger: true,
    run: (s) => void s.actionPlanRequested('reboot'),
    Dialog: ActionConfirmDialog,
  },
  {
    id: 'acceptance',
    label: 'fleet.action.acceptance.label',
    title: 'fleet.action.acceptance.title',
    newGroup: true,
    Dialog: AcceptanceDialog,
  },
  {
    id: 'rescan',
    label: 'fleet.action.rescan.label',
    title: 'fleet.action.rescan.title',
    run: (s) => void s.rescanRequested(),
  },
  {
    id: 'forget',
    label: 'fleet.action.forget.label',
    title: 'fleet.action.forget.title',
    newGroup: true,
    Dialog: ForgetDialog,
  },
  {
    id: 'remove',
    label: 'fleet.action.remove.label',
    title: 'fleet.action.remove.title',
    danger: true,
    Dialog: RemoveDialog,
  },
];
