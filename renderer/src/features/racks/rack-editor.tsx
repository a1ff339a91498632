/**
 * Add a rack, or edit one (rename, move to another area, resize) or remove it when empty: area, name,
 * shelves and positions, with the first and last slot's names as the site's pattern makes them. Checked
 * here as main checks them (names without / \ , or ", sizes 1–64); main's refusal (a name taken in its
 * area, a resize that would leave a device out, a rack that still holds devices) is said in its words at
 * the field it is about (layout-slice.ts `fieldOfError`).
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Rack } from '../../../../shared/domain/layout';
import { slotName } from '../../../../shared/format/slot-name';
import { message } from '../../../../shared/i18n/message';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import type { LayoutField } from '../../stores/layout-slice';
import { useRootStore } from '../../stores/root-store';
import type { ShownWords } from '../placing/shown-words';
import { shownText } from '../placing/shown-words';

/** shared/domain/layout.ts's limits and name rule, restated: its module brings zod along. */
const MAX_SIZE = 64;
const validName = (name: string): boolean =>
  name.length >= 1 &&
  name.length <= 40 &&
  !/^\s/.test(name) &&
  ![...name].some((c) => '/\\,"'.includes(c) || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** A field's problem: found here (a message) or main's refusal as it came. */
type Problems = Partial<Record<LayoutField, ShownWords>>;

interface Draft {
  area: string;
  name: string;
  shelves: string;
  positions: string;
}

/** What is wrong with the draft, by field, before anything is sent. */
export function draftProblems(draft: Draft): Problems {
  const problems: Problems = {};
  for (const field of ['area', 'name'] as const) {
    if (!validName(draft[field].trim())) problems[field] = message('racks.editor.badName');
  }
  for (const field of ['shelves', 'positions'] as const) {
    const n = Number(draft[field]);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SIZE)
      problems[field] = message('racks.editor.badSize', { max: MAX_SIZE });
  }
  return problems;
}

function Field(props: {
  id: LayoutField;
  label: string;
  value: string;
  problem: ShownWords | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  list?: string;
}): ReactNode {
  const tr = useT();
  const errorId = `rack-${props.id}-error`;
  // The error sits outside the label: the field's name stays its label alone.
  return (
    <div className="field">
      <label className="field-label" htmlFor={`rack-${props.id}`}>
        {props.label}
      </label>
      <input
        id={`rack-${props.id}`}
        type={props.type ?? 'text'}
        value={props.value}
        list={props.list}
        min={props.type === 'number' ? 1 : undefined}
        max={props.type === 'number' ? MAX_SIZE : undefined}
        aria-invalid={props.problem !== undefined}
        aria-describedby={props.problem !== undefined ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.problem !== undefined && (
        <span id={errorId} className="field-error" role="alert">
          {shownText(tr, props.problem)}
        </span>
      )}
    </div>
  );
}

export interface RackEditorProps {
  /** The rack edited; undefined to add one. */
  rack?: Rack;
  /** Devices in it (a rack that holds any cannot be removed). */
  placed: number;
  onClose: () => void;
}

/** The editor's draft, its problems by field, and its two requests (save, remove) with main's answers. */
function useRackDraft(rack: Rack | undefined, onClose: () => void) {
  const view = useRootStore((s) => s.layoutView);
  const { rackSaved, rackRemoved } = useRootStore(
    useShallow((s) => ({ rackSaved: s.rackSaved, rackRemoved: s.rackRemoved })),
  );
  const layout = view.status === 'ready' ? view.value.layout : undefined;
  const [draft, setDraft] = useState<Draft>({
    area: rack?.area ?? layout?.areas.at(-1) ?? '',
    name: rack?.name ?? '',
    shelves: String(rack?.shelves ?? 5),
    positions: String(rack?.positions ?? 4),
  });
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<ShownWords | undefined>(undefined);
  const change = (field: keyof Draft) => (value: string) => {
    setDraft({ ...draft, [field]: value });
    setProblems({ ...problems, [field]: undefined });
  };
  const pattern = layout?.slotPattern ?? '{area}-{rack}-S{shelf}-P{position}';
  const valid = Object.keys(draftProblems(draft)).length === 0;
  const parts = { area: draft.area.trim(), rack: draft.name.trim() };
  const example = valid
    ? message('racks.editor.slots', {
        first: slotName(pattern, { ...parts, shelf: 1, position: 1 }),
        last: slotName(pattern, {
          ...parts,
          shelf: Number(draft.shelves),
          position: Number(draft.positions),
        }),
      })
    : undefined;

  const answer = (result: Awaited<ReturnType<typeof rackSaved>>): void => {
    setBusy(false);
    if (result.ok) onClose();
    else if (result.field !== undefined && result.field !== 'pattern')
      setProblems({ [result.field]: result.error });
    else setGeneral(result.error);
  };
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    setGeneral(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    answer(
      await rackSaved({
        ...(rack !== undefined ? { id: rack.id } : {}),
        area: draft.area.trim(),
        name: draft.name.trim(),
        shelves: Number(draft.shelves),
        positions: Number(draft.positions),
      }),
    );
  };
  const remove = async (): Promise<void> => {
    if (rack === undefined) return;
    setBusy(true);
    setGeneral(undefined);
    answer(await rackRemoved(rack.id));
  };

  return { layout, draft, problems, busy, general, change, example, submit, remove };
}

export function RackEditor({ rack, placed, onClose }: RackEditorProps): ReactNode {
  const { layout, draft, problems, busy, general, change, example, submit, remove } = useRackDraft(
    rack,
    onClose,
  );
  const tr = useT();
  const { t } = tr;
  return (
    <ModalDialog
      title={
        rack === undefined ? t('racks.editor.addTitle') : t('racks.editor.editTitle', { name: rack.name })
      }
      onClose={onClose}
    >
      <form className="modal-form rack-editor" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          id="area"
          label={t('racks.editor.area')}
          value={draft.area}
          problem={problems.area}
          onChange={change('area')}
          list="rack-areas"
        />
        <datalist id="rack-areas">
          {layout?.areas.map((area) => (
            <option key={area} value={area} />
          ))}
        </datalist>
        <Field
          id="name"
          label={t('racks.editor.name')}
          value={draft.name}
          problem={problems.name}
          onChange={change('name')}
        />
        <div className="rack-editor-sizes">
          <Field
            id="shelves"
            label={t('racks.editor.shelves')}
            type="number"
            value={draft.shelves}
            problem={problems.shelves}
            onChange={change('shelves')}
          />
          <Field
            id="positions"
            label={t('racks.editor.positions')}
            type="number"
            value={draft.positions}
            problem={problems.positions}
            onChange={change('positions')}
          />
        </div>
        <p className="field-hint" data-slot-example>
          {example === undefined ? t('racks.editor.slotsLater') : t(example)}
        </p>
        {general !== undefined && (
          <p className="field-error" role="alert">
            {shownText(tr, general)}
          </p>
        )}
        <div className="modal-actions">
          {rack !== undefined && (
            <button
              type="button"
              className="button button-danger"
              disabled={busy || placed > 0}
              title={placed > 0 ? t('racks.editor.holds', { count: placed }) : undefined}
              onClick={() => void remove()}
            >
              {t('racks.editor.remove')}
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {t('common.action.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {rack === undefined ? t('racks.editor.add') : t('common.action.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
