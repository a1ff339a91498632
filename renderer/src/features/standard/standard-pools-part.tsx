/**
 * The standard's pools part: a pool preset or typed pools, with worker templates (the Pools dialog's own
 * editing pieces); an empty pool password keeps the one the standard has for that URL.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { NEW_POOLS, PoolPresetPicker } from '../fleet/pool-preset-picker';
import { PoolsForm, emptyPool } from '../fleet/pools-form';
import { useWorkerSample } from '../fleet/worker-sample';
import type { Kept } from './standard-form-input';
import { useT } from '../../i18n/i18n-provider';
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

export function PoolsPart({ form, kept }: { form: StandardFormState; kept: Kept }): ReactNode {
  const { on, list } = form.pools;
  const [preset, setPreset] = useState(NEW_POOLS);
  const sample = useWorkerSample();
  const { t } = useT();
  return (
    <Part
      id="pools"
      label={t('standard.pools.label')}
      hint={t('standard.pools.hint')}
      on={on.value}
      onToggle={on.set}
    >
      <div className="preset-line">
        <label className="field-label" htmlFor="standard-pools-preset">
          {t('standard.pools.preset')}
        </label>
        <PoolPresetPicker
          id="standard-pools-preset"
          presets={form.store.presets}
          value={preset}
          onChoose={(name, chosen) => {
            setPreset(name);
            list.set(chosen === undefined ? [emptyPool()] : chosen.map((p) => ({ ...p })));
          }}
        />
      </div>
      <PoolsForm
        pools={list.value}
        onChange={list.set}
        problems={form.attempted ? form.poolErrors : {}}
        {...(sample !== undefined ? { sample } : {})}
      />
      {kept?.pools?.some((p) => p.hasPassword) === true && (
        <p className="field-hint">{t('standard.pools.keptPassword')}</p>
      )}
    </Part>
  );
}
