/**
 * The actions on the selected devices, one entry each, in the order the fleet's **Actions** menu lists
 * them (bulk-bar.tsx): what each is called, when it can be chosen, and what choosing it does — act at once
 * (harmless or idempotent: API keys, the locate LED, a re-scan), or open its dialog, which previews the
 * write or asks first. A new action on the selection is one entry here.
 */
import type { ComponentType } from 'react';
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
  label: string;
  /** What it does (shown on hover). */
  title?: string;
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
  choices?: readonly { id: string; label: string; newGroup?: boolean; run: (state: RootState) => void }[];
}

export const SELECTION_ACTIONS: readonly SelectionAction[] = [
  {
    id: 'unlock',
    label: 'Unlock…',
    title: "Unlock with the site password or each device's own, and create API keys",
    Dialog: UnlockDialog,
  },
  {
    id: 'api-keys',
    label: 'API keys',
    title: 'A verified API key on each device, kept in the keychain',
    needsKeychain: true,
    run: (s) => void s.keysRequested(),
  },
  {
    id: 'password',
    label: 'Password…',
    title: 'A new password on each device, kept in the keychain',
    needsKeychain: true,
    Dialog: PasswordDialog,
  },
  {
    id: 'pools',
    label: 'Pools…',
    title: "The pools with each device's own worker name, previewed before anything is sent",
    newGroup: true,
    Dialog: PoolsDialog,
  },
  {
    id: 'power',
    label: 'Power…',
    title:
      "Each device's autotune preset: one by name, the highest under a watt limit, or a site budget spread for the most hash rate; planned before anything is sent",
    Dialog: PowerDialog,
  },
  {
    id: 'firmware',
    label: 'Firmware…',
    title:
      'Brings the devices to one firmware version: a canary, then batches, each device verified by the version it reports; planned before anything is sent',
    Dialog: FirmwareDialog,
  },
  {
    id: 'led',
    label: 'Blink LED',
    title: 'Blinks the locate LED so the unit can be found in the racks; it turns itself off',
    choices: [
      ...LED_MINUTE_CHOICES.map((minutes) => ({
        id: `led-${minutes}`,
        label: `for ${minutes} min`,
        run: (s: RootState) => void s.ledRequested(true, minutes),
      })),
      { id: 'led-off', label: 'LED off', newGroup: true, run: (s) => void s.ledRequested(false) },
    ],
  },
  {
    id: 'place',
    label: 'Place…',
    title: 'Puts the selected devices in their slots: scan or click each one’s slot in turn',
    Dialog: PlaceSelectionDialog,
  },
  {
    id: 'restart',
    label: 'Restart…',
    title: 'Restarts mining (the miner software, not the whole device); asks first',
    newGroup: true,
    run: (s) => void s.actionPlanRequested('restart-mining'),
    Dialog: ActionConfirmDialog,
  },
  {
    id: 'reboot',
    label: 'Reboot…',
    title: 'Reboots the devices: off the network for a minute or two; asks first',
    danger: true,
    run: (s) => void s.actionPlanRequested('reboot'),
    Dialog: ActionConfirmDialog,
  },
  {
    id: 'acceptance',
    label: 'Acceptance…',
    title:
      'Watches the devices for a while and gives each a verdict: boards, chips, hash rate, temperatures, fans, pool',
    newGroup: true,
    Dialog: AcceptanceDialog,
  },
  {
    id: 'rescan',
    label: 'Re-scan',
    title: 'Looks for the devices again and reads what they are',
    run: (s) => void s.rescanRequested(),
  },
  {
    id: 'forget',
    label: 'Forget…',
    title: 'Deletes what this laptop keeps for the devices (password, API key); asks first',
    newGroup: true,
    Dialog: ForgetDialog,
  },
  {
    id: 'remove',
    label: 'Remove…',
    title: 'Takes the devices out of the fleet; asks first',
    danger: true,
    Dialog: RemoveDialog,
  },
];
