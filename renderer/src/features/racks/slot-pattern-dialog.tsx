/**
 * The site's slot pattern: how every slot is named (`{area}-{rack}-S{shelf}-P{position}` unless the site
 * sets another, e.g. `{rack}.{shelf:2}.{position}`), with a slot named live as typed and the pattern's
 * problem in words (shared/format/slot-name.ts checks it as main does); main's refusal (a pattern that
 * would name two slots alike) is said at the field.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { Rack } from '../../../../shared/domain/layout';
import { slotName, slotPatternProblem } from '../../../../shared/format/slot-name';
import { ModalDialog } from '../../components/modal-dialog';
import { useRootStore } from '../../stores/root-store';

const EXAMPLE_RACK: Pick<Rack, 'area' | 'name'> = { area: 'C2', name: 'R07' };

export function SlotPatternDialog({ onClose }: { onClose: () => void }): ReactNode {
  const view = useRootStore((s) => s.layoutView);
  const slotPatternSaved = useRootStore((s) => s.slotPatternSaved);
  const layout = view.status === 'ready' ? view.value.layout : undefined;
  const [pattern, setPattern] = useState(layout?.slotPattern ?? '{area}-{rack}-S{shelf}-P{position}');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const problem = refused ?? slotPatternProblem(pattern);
  const rack = layout?.racks[0] ?? EXAMPLE_RACK;
  const example =
    slotPatternProblem(pattern) === undefined
      ? slotName(pattern, { area: rack.area, rack: rack.name, shelf: 3, position: 2 })
      : undefined;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (slotPatternProblem(pattern) !== undefined) return;
    setBusy(true);
    const result = await slotPatternSaved(pattern.trim());
    setBusy(false);
    if (result.ok) onClose();
    else setRefused(result.message);
  };

  return (
    <ModalDialog title="Slot names" onClose={onClose}>
      <form className="modal-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field-label">Pattern</span>
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
            {problem}
          </p>
        )}
        <p id="slot-pattern-help" className="field-hint">
          {'{area}'}, {'{rack}'}, {'{shelf}'} and {'{position}'}; {'{shelf:2}'} pads to two digits.
          {example !== undefined && (
            <>
              {' '}
              Rack {rack.name}, shelf 3, position 2:{' '}
              <strong className="mono" data-pattern-example>
                {example}
              </strong>
            </>
          )}
        </p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy || problem !== undefined}>
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
