/**
 * The three ways to choose each device's autotune preset — one preset by name, the highest under a watt
 * limit per device, a site power budget spread for the most hash rate — as radio choices, each with its
 * value field and a hint. Shared by "Power…" and the site standard's power rule; the caller keeps the
 * texts and reads the choice with `choiceOf` (power-dialog.tsx). The preset is chosen from the presets the
 * devices offer (preset-chooser.tsx), or typed.
 */
import type { ReactNode } from 'react';
import type { PowerChoice } from '../../../../shared/domain/power-plan';
import { PresetChooser } from './preset-chooser';

export type PowerKind = PowerChoice['kind'];

const CHOICES: { kind: PowerKind; label: string; field: string; hint: string; unit?: string }[] = [
  {
    kind: 'preset',
    label: 'One preset for all',
    field: 'Preset name',
    hint: 'Choose from the presets the devices offer, or type a name. A device that lacks it, or needs a modified power supply for it, is skipped with the reason.',
  },
  {
    kind: 'max-watts',
    label: 'The highest preset under a limit, per device',
    field: 'Limit per device',
    unit: 'W',
    hint: 'Tuned presets come first: an untuned one makes the device tune itself for a while.',
  },
  {
    kind: 'site-kw',
    label: "Spread the site's power budget",
    field: 'Budget for these devices',
    unit: 'kW',
    hint: 'A preset per device so that their watts add up to the budget at most, for the most hash rate.',
  },
];

export interface PowerChoiceFieldsProps {
  kind: PowerKind;
  text: Record<PowerKind, string>;
  onKind: (kind: PowerKind) => void;
  onText: (kind: PowerKind, value: string) => void;
  /** The group's words. */
  legend?: string;
  /** The radio group's name (unique in the page). */
  name?: string;
}

export function PowerChoiceFields({
  kind,
  text,
  onKind,
  onText,
  legend = 'Choose the presets',
  name = 'power-kind',
}: PowerChoiceFieldsProps): ReactNode {
  return (
    <fieldset className="field power-choices">
      <legend className="field-label">{legend}</legend>
      {CHOICES.map((c) => (
        <div key={c.kind} className="power-choice" data-chosen={kind === c.kind ? 'yes' : 'no'}>
          <label className="choice">
            <input type="radio" name={name} checked={kind === c.kind} onChange={() => onKind(c.kind)} />
            {c.label}
          </label>
          {c.kind === 'preset' ? (
            <PresetChooser
              label={c.field}
              value={text.preset}
              disabled={kind !== 'preset'}
              placeholder="3200"
              onChange={(value) => onText('preset', value)}
            />
          ) : (
            <label className="power-value">
              <span className="field-label">{c.field}</span>
              <input
                type="text"
                inputMode="decimal"
                aria-label={c.field}
                value={text[c.kind]}
                disabled={kind !== c.kind}
                placeholder={c.kind === 'max-watts' ? '3300' : '600'}
                onChange={(e) => onText(c.kind, e.target.value)}
              />
              {c.unit !== undefined && <span className="power-unit">{c.unit}</span>}
            </label>
          )}
          <span className="field-hint">{c.hint}</span>
        </div>
      ))}
    </fieldset>
  );
}
