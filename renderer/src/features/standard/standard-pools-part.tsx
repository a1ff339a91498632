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
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

export function PoolsPart({ form, kept }: { form: StandardFormState; kept: Kept }): ReactNode {
  const { on, list } = form.pools;
  const [preset, setPreset] = useState(NEW_POOLS);
  const sample = useWorkerSample();
  return (
    <Part
      id="pools"
      label="Pools"
      hint="Each device gets these pools with its own worker name from the template."
      on={on.value}
      onToggle={on.set}
    >
      <div className="preset-line">
        <label className="field-label" htmlFor="standard-pools-preset">
          Preset
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
        <p className="field-hint">An empty pool password keeps the one the standard has for that URL.</p>
      )}
    </Part>
  );
}
