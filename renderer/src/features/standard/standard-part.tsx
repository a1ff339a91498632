/** A part of the standard form, ticked in or left out, its fields shown while it is in. */
import type { ReactNode } from 'react';

export function Part(props: {
  id: string;
  label: string;
  hint: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  children: ReactNode;
}): ReactNode {
  return (
    <fieldset className="standard-part" data-part={props.id} data-on={props.on ? 'yes' : 'no'}>
      <legend>
        <label className="choice">
          <input type="checkbox" checked={props.on} onChange={(e) => props.onToggle(e.target.checked)} />
          {props.label}
        </label>
      </legend>
      <p className="field-hint">{props.hint}</p>
      {props.on && props.children}
    </fieldset>
  );
}
