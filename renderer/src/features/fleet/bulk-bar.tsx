/**
 * The actions on the selected devices, compact enough for a laptop's screen: one primary button,
 * "Commission…" (bring the devices to the site's standard: commission-dialog.tsx), and one **Actions** menu holding every other
 * action (selection-actions.ts: Unlock…, API keys, Password…, Pools…, Blink LED, Restart…, Reboot…,
 * Forget…, Remove… and whatever is added there). The menu opens the chosen action's dialog here.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MenuEntry } from '../../components/action-menu';
import { ActionMenu } from '../../components/action-menu';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import type { RootStore } from '../../stores/root-store';
import { useRootStore, useStoreApi } from '../../stores/root-store';
import { CommissionDialog } from '../standard/commission-dialog';
import type { SelectionAction } from './selection-actions';
import { SELECTION_ACTIONS } from './selection-actions';

/** The menu's entries for the selection as it is now. */
function menuEntries(
  { t }: Translator,
  store: RootStore,
  persistent: boolean,
  open: (action: SelectionAction) => void,
): MenuEntry[] {
  return SELECTION_ACTIONS.map((action) => {
    const blocked = action.needsKeychain === true && !persistent;
    return {
      id: action.id,
      label: t(action.label),
      disabled: blocked,
      ...(blocked
        ? { title: t('fleet.bulk.needsKeychain') }
        : action.title !== undefined
          ? { title: t(action.title) }
          : {}),
      ...(action.danger === true ? { danger: true } : {}),
      ...(action.newGroup === true ? { newGroup: true } : {}),
      ...(action.choices !== undefined
        ? {
            choices: action.choices.map((choice) => ({
              id: choice.id,
              label: t(choice.label),
              ...(choice.newGroup === true ? { newGroup: true } : {}),
              onSelect: () => choice.run(store.getState()),
            })),
          }
        : { onSelect: () => open(action) }),
    };
  });
}

export function BulkBar(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const store = useStoreApi();
  const { selected, running, commissioning, persistent } = useRootStore(
    useShallow((s) => ({
      selected: Object.values(s.selection).filter(Boolean).length,
      running: s.bulk.status === 'running',
      commissioning: s.commissionRun?.status === 'running',
      persistent: s.keychain.status !== 'ready' || s.keychain.value.persistent,
    })),
  );
  const [opened, setOpened] = useState<SelectionAction | undefined>(undefined);
  const [commissionOpen, setCommissionOpen] = useState(false);
  const none = selected === 0 || running;
  const why = selected === 0 ? t('fleet.bulk.selectToAct') : running ? t('fleet.bulk.running') : undefined;

  const open = (action: SelectionAction): void => {
    action.run?.(store.getState());
    if (action.Dialog !== undefined) setOpened(action);
  };
  const Dialog = opened?.Dialog;

  return (
    <div className="bulk-bar" role="toolbar" aria-label={t('fleet.bulk.label')}>
      {/* The toolbar's count says how many; this says it to a screen reader at the buttons. */}
      <span className="visually-hidden">
        {selected === 0 ? t('fleet.bulk.selectToAct') : t('fleet.bulk.selectedCount', { count: selected })}
      </span>
      {/* Bring the selection to the site's standard; while a run goes on, it shows the run. */}
      <button
        type="button"
        className="button button-primary"
        disabled={!commissioning && none}
        title={commissioning ? t('fleet.bulk.commissioning') : (why ?? t('fleet.bulk.commissionTitle'))}
        onClick={() => setCommissionOpen(true)}
      >
        {t('fleet.bulk.commission')}
      </button>
      <ActionMenu
        label={t('fleet.bulk.actions')}
        entries={menuEntries(tr, store, persistent, open)}
        disabled={none}
        {...(why !== undefined ? { title: why } : {})}
      />
      {Dialog !== undefined && <Dialog count={selected} onClose={() => setOpened(undefined)} />}
      {commissionOpen && <CommissionDialog count={selected} onClose={() => setCommissionOpen(false)} />}
    </div>
  );
}
