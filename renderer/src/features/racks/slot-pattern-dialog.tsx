/**
 * The site's slot pattern: how every slot is named (`{area}-{rack}-S{shelf}-P{position}` unless the site
 * sets another, e.g. `{rack}.{shelf:2}.{position}`), with a slot named live as typed and the pattern's
 * problem in words (shared/format/slot-name.ts checks it as main does); main's refusal (a pattern that
 * would name two slots alike) is said at the field.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { Rack } from '../../../../shared/domain/layout';
import { slotName } from '../../../../shared/format/slot-name';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import type { ShownWords } from '../placing/shown-words';
import { shownText } from '../placing/shown-words';
import { slotPatternProblemWords } from './pattern-problem';

const EXAMPLE_RACK: Pick<Rack, 'area' | 'name'> = { area: 'C2', name: 'R07' };

export function SlotPatternDialog({ onClose }: { onClose: () => void }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const view = useRootStore((s) => s.layoutView);
  const slotPatternSaved = useRootStore((s) => s.slotPatternSaved);
  const layout = view.status === 'ready' ? view.value.layout : undefined;
  const [pattern, setPattern] = useState(layout?.slotPattern ?? '{area}-{rack}-S{shelf}-P{position}');
  const [refused, setRefused] = useState<ShownWords | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const own = slotPatternProblemWords(pattern);
  const problem = refused ?? own;
  const rack = layout?.racks[0] ?? EXAMPLE_RACK;
  const example =
    own === undefined
      ? slotName(pattern, { area: rack.area, rack: rack.name, shelf: 3, position: 2 })
      : undefined;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (own !== undefined) return;
    setBusy(true);
    const result = await slotPatternSaved(pattern.trim());
    setBusy(false);
    if (result.ok) onClose();
    else setRefused(result.error);
  };

  return (
    <ModalDialog title={t('racks.pattern.title')} onClose={onClose}>
      <form className="modal-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field-label">{t('racks.pattern.field')}</span>
          <input
            className="mono"
            value={pattern}
            aria-invalid={problem !== undefined}
            aria-describedby={problem !== undefined ? 'slot-pattern-error' : 'slot-pattern-help'}
            onChange={(e) => {
              setPattern(e.target.value);
              setRefused(undefined);
            }}
          />
        </label>
        {problem !== undefined && (
          <p id="slot-pattern-error" className="field-error" role="alert">
            {shownText(tr, problem)}
          </p>
        )}
        <p id="slot-pattern-help" className="field-hint">
          {t('racks.pattern.help')}
          {example !== undefined && (
            <>
              {' '}
              {t('racks.pattern.example', { rack: rack.name })}{' '}
              <strong className="mono" data-pattern-example>
                {example}
              </strong>
            </>
          )}
        </p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.action.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy || problem !== undefined}>
            {t('common.action.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
