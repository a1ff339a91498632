/**
 * The three ways to choose each device's autotune preset — one preset by name, the highest under a watt
 * limit per device, a site power budget spread for the most hash rate — as radio choices, each with its
 * value field and a hint. Shared by "Power…" and the site standard's power rule; the caller keeps the
 * texts and reads the choice with `choiceOf` (power-dialog.tsx). The preset is chosen from the presets the
 * devices offer (preset-chooser.tsx), or typed.
 */
import type { ReactNode } from 'react';
import type { PowerChoice } from '../../../../shared/domain/power-plan';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { useT } from '../../i18n/i18n-provider';
import { PresetChooser } from './preset-chooser';

export type PowerKind = PowerChoice['kind'];

const CHOICES: { kind: PowerKind; label: MessageId; field: MessageId; hint: MessageId; unit?: MessageId }[] =
  [
    {
      kind: 'preset',
      label: 'fleet-actions.powerChoice.preset.label',
      field: 'fleet-actions.powerChoice.preset.field',
      hint: 'fleet-actions.powerChoice.preset.hint',
    },
    {
      kind: 'max-watts',
      label: 'fleet-actions.powerChoice.maxWatts.label',
      field: 'fleet-actions.powerChoice.maxWatts.field',
      unit: 'fleet-actions.powerChoice.maxWatts.unit',
      hint: 'fleet-actions.powerChoice.maxWatts.hint',
    },
    {
      kind: 'site-kw',
      label: 'fleet-actions.powerChoice.siteKw.label',
      field: 'fleet-actions.powerChoice.siteKw.field',
      unit: 'fleet-actions.powerChoice.siteKw.unit',
      hint: 'fleet-actions.powerChoice.siteKw.hint',
    },
  ];

export interface PowerChoiceFieldsProps {
  kind: PowerKind;
  text: Record<PowerKind, string>;
  onKind: (kind: PowerKind) => void;
  onText: (kind: PowerKind, value: string) => void;
  /** The group's words (else: "Choose the presets"). */
  legend?: string;
  /** The radio group's name (unique in the page). */
  name?: string;
}

export function PowerChoiceFields({
  kind,
  text,
  onKind,
  onText,
  legend,
  name = 'power-kind',
}: PowerChoiceFieldsProps): ReactNode {
  const { t } = useT();
  return (
    <fieldset className="field power-choices">
      <legend className="field-label">{legend ?? t('fleet-actions.powerChoice.legend')}</legend>
      {CHOICES.map((c) => (
        <div key={c.kind} className="power-choice" data-chosen={kind === c.kind ? 'yes' : 'no'}>
          <label className="choice">
            <input type="radio" name={name} checked={kind === c.kind} onChange={() => onKind(c.kind)} />
            {t(c.label)}
          </label>
          {c.kind === 'preset' ? (
            <PresetChooser
              label={t(c.field)}
              value={text.preset}
              disabled={kind !== 'preset'}
              placeholder="3200"
              onChange={(value) => onText('preset', value)}
            />
          ) : (
            <label className="power-value">
              <span className="field-label">{t(c.field)}</span>
              <input
                type="text"
                inputMode="decimal"
                aria-label={t(c.field)}
                value={text[c.kind]}
                disabled={kind !== c.kind}
                placeholder={c.kind === 'max-watts' ? '3300' : '600'}
                onChange={(e) => onText(c.kind, e.target.value)}
              />
              {c.unit !== undefined && <span className="power-unit">{t(c.unit)}</span>}
            </label>
          )}
          <span className="field-hint">{t(c.hint)}</span>
        </div>
      ))}
    </fieldset>
  );
}
