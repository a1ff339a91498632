/**
 * The bulk actions for the selected devices. Unlock opens the password dialog (one site password, the
 * "create API keys" tick), Change password… its own two-step dialog; the others act at once, except
 * forgetting and removing, which ask first.
 */
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import { ActionConfirmDialog } from './action-confirm-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { PasswordDialog } from './password-dialog';
import { PoolsDialog } from './pools-dialog';
import { SiteSetupButtons } from './site-setup-buttons';
import { UnlockDialog } from './unlock-dialog';

type Confirm = { kind: 'forget'; what: 'password' | 'api-key' | 'all' } | { kind: 'remove' } | undefined;

export function BulkBar(): ReactNode {
  const { selected, running, persistent, keysRequested, rescanRequested, forgetRequested, removeRequested } =
    useRootStore(
      useShallow((s) => ({
        selected: Object.values(s.selection).filter(Boolean).length,
        running: s.bulk.status === 'running',
        persistent: s.keychain.status !== 'ready' || s.keychain.value.persistent,
        keysRequested: s.keysRequested,
        rescanRequested: s.rescanRequested,
        forgetRequested: s.forgetRequested,
        removeRequested: s.removeRequested,
      })),
    );
  const [unlocking, setUnlocking] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [settingPools, setSettingPools] = useState(false);
  const [confirmingPower, setConfirmingPower] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(undefined);
  const forgetSelect = useRef<HTMLSelectElement>(null);
  const none = selected === 0 || running;

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Actions on the selected devices">
      <span className="bulk-label">
        {selected === 0 ? 'Select devices to act on them' : `${count(selected, 'device')} selected:`}
      </span>
      <button
        type="button"
        className="button button-primary"
        disabled={none}
        onClick={() => setUnlocking(true)}
      >
        Unlock…
      </button>
      <button
        type="button"
        className="button"
        disabled={none || !persistent}
        title={
          persistent
            ? 'A verified API key on each device, kept in the keychain'
            : 'Needs a working keychain (see Settings)'
        }
        onClick={() => void keysRequested()}
      >
        Create API keys
      </button>
      <button
        type="button"
        className="button"
        disabled={none || !persistent}
        title={
          persistent
            ? 'A new password on each device, kept in the keychain'
            : 'Needs a working keychain (see Settings)'
        }
        onClick={() => setChangingPassword(true)}
      >
        Change password…
      </button>
      <SiteSetupButtons
        disabled={none}
        onSetPools={() => setSettingPools(true)}
        onPower={() => setConfirmingPower(true)}
      />
      <button type="button" className="button" disabled={none} onClick={() => void rescanRequested()}>
        Re-scan
      </button>
      <span className="bulk-group">
        <select ref={forgetSelect} aria-label="What to forget" disabled={none} defaultValue="all">
          <option value="all">Password and API key</option>
          <option value="password">Password</option>
          <option value="api-key">API key</option>
        </select>
        <button
          type="button"
          className="button"
          disabled={none}
          onClick={() =>
            setConfirm({
              kind: 'forget',
              what: (forgetSelect.current?.value ?? 'all') as 'password' | 'api-key' | 'all',
            })
          }
        >
          Forget…
        </button>
      </span>
      <button
        type="button"
        className="button button-danger"
        disabled={none}
        onClick={() => setConfirm({ kind: 'remove' })}
      >
        Remove…
      </button>
      {unlocking && <UnlockDialog count={selected} onClose={() => setUnlocking(false)} />}
      {changingPassword && <PasswordDialog count={selected} onClose={() => setChangingPassword(false)} />}
      {settingPools && <PoolsDialog count={selected} onClose={() => setSettingPools(false)} />}
      {confirmingPower && <ActionConfirmDialog onClose={() => setConfirmingPower(false)} />}
      {confirm !== undefined && (
        <ConfirmDialog
          title={confirm.kind === 'remove' ? 'Remove from the fleet?' : 'Forget stored credentials?'}
          message={
            confirm.kind === 'remove'
              ? `${count(selected, 'device')} will no longer be watched. What is stored in the keychain stays.`
              : `What is stored on this laptop for ${count(selected, 'device')} is deleted. API keys keep working on the devices until revoked.`
          }
          confirmLabel={confirm.kind === 'remove' ? 'Remove' : 'Forget'}
          onConfirm={() =>
            void (confirm.kind === 'remove' ? removeRequested() : forgetRequested(confirm.what))
          }
          onClose={() => setConfirm(undefined)}
        />
      )}
    </div>
  );
}
