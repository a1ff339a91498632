/**
 * The site's pool presets as a choice — "New pools" or a preset by name, which fills the pools in — and
 * deleting the chosen one. Shared by "Pools…" and the site standard's pools.
 */
import type { ReactNode } from 'react';
import type { PoolPreset, PoolSpec } from '../../../../shared/domain/pools';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import type { AsyncState } from '../../stores/async-state';

/** The choice that is no preset: pools typed here. */
export const NEW_POOLS = '';

export interface PoolPresetPickerProps {
  presets: AsyncState<PoolPreset[]>;
  /** The preset chosen, or NEW_POOLS. */
  value: string;
  /** A preset chosen (with its pools), or NEW_POOLS (no pools). */
  onChoose: (name: string, pools: readonly PoolSpec[] | undefined) => void;
  onDelete?: (name: string) => void;
  /** The select's id, for the label beside it. */
  id?: string;
}

export function PoolPresetPicker({
  presets,
  value,
  onChoose,
  onDelete,
  id = 'pools-preset',
}: PoolPresetPickerProps): ReactNode {
  const tr = useT();
  const { t } = tr;
  return (
    <>
      <select
        id={id}
        value={value}
        disabled={presets.status !== 'ready'}
        onChange={(e) => {
          const name = e.target.value;
          const chosen = presets.status === 'ready' ? presets.value.find((p) => p.name === name) : undefined;
          onChoose(chosen === undefined ? NEW_POOLS : name, chosen?.pools);
        }}
      >
        <option value={NEW_POOLS}>{t('fleet-actions.presetPicker.new')}</option>
        {presets.status === 'ready' &&
          presets.value.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
      </select>
      {value !== NEW_POOLS && onDelete !== undefined && (
        <button type="button" className="link-button" onClick={() => onDelete(value)}>
          {t('fleet-actions.presetPicker.delete', { name: value })}
        </button>
      )}
      {presets.status === 'error' && (
        <span className="field-error" role="alert">
          {errorText(tr, presets.error)}
        </span>
      )}
    </>
  );
}
