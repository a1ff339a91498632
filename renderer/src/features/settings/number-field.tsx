/** A labelled number input with its hint; keeps what is typed even while it is not a number yet. */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';

export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  hint?: string;
  onChange: (value: number) => void;
}

export function NumberField(props: NumberFieldProps): ReactNode {
  const { t } = useT();
  const id = useId();
  // What is typed while editing (possibly not a number yet); the saved value otherwise.
  const [typed, setText] = useState<string | undefined>(undefined);
  const text = typed ?? String(props.value);
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= props.min && value <= props.max;
  return (
    <label className="field" htmlFor={id}>
      <span className="field-label">{props.label}</span>
      <input
        id={id}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={text}
        aria-invalid={!valid}
        onBlur={() => {
          if (valid) setText(undefined);
        }}
        onChange={(e) => {
          setText(e.target.value);
          const next = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(next) && next >= props.min && next <= props.max)
            props.onChange(next);
        }}
      />
      <span className={valid ? 'field-hint' : 'field-error'}>
        {valid ? (props.hint ?? '') : t('settings.numberField.range', { min: props.min, max: props.max })}
      </span>
    </label>
  );
}
