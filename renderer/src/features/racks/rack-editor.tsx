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
import { ModalDialog } from '../../components/modal-dialog';
import type { LayoutField } from '../../stores/layout-slice';
import { useRootStore } from '../../stores/root-store';

/** shared/domain/layout.ts's limits and name rule, restated: its module brings zod along. */
const MAX_SIZE = 64;
const validName = (name: string): boolean =>
  name.length >= 1 &&
  name.length <= 40 &&
  !/^\s/.test(name) &&
  ![...name].some((c) => '/\\,"'.includes(c) || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

type Problems = Partial<Record<LayoutField, string>>;

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
    if (!validName(draft[field].trim())) problems[field] = 'Type 1 to 40 characters, without / \\ , or "';
  }
  for (const field of ['shelves', 'positions'] as const) {
    const n = Number(draft[field]);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SIZE)
      problems[field] = `A whole number from 1 to ${MAX_SIZE}`;
  }
  return problems;
}

function Field(props: {
  id: LayoutField;
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  list?: string;
}): ReactNode {
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
          {props.problem}
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
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const change = (field: keyof Draft) => (value: string) => {
    setDraft({ ...draft, [field]: value });
    setProblems({ ...problems, [field]: undefined });
  };
  const pattern = layout?.slotPattern ?? '{area}-{rack}-S{shelf}-P{position}';
  const valid = Object.keys(draftProblems(draft)).length === 0;
  const parts = { area: draft.area.trim(), rack: draft.name.trim() };
  const example = valid
    ? `${slotName(pattern, { ...parts, shelf: 1, position: 1 })} … ${slotName(pattern, { ...parts, shelf: Number(draft.shelves), position: Number(draft.positions) })}`
    : undefined;

  const answer = (result: Awaited<ReturnType<typeof rackSaved>>): void => {
    setBusy(false);
    if (result.ok) onClose();
    else if (result.field !== undefined && result.field !== 'pattern')
      setProblems({ [result.field]: result.message });
    else setGeneral(result.message);
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
  return (
    <ModalDialog title={rack === undefined ? 'Add a rack' : `Rack ${rack.name}`} onClose={onClose}>
      <form className="modal-form rack-editor" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          id="area"
          label="Area (a container, a room, a row)"
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
          label="Rack name"
          value={draft.name}
          problem={problems.name}
          onChange={change('name')}
        />
        <div className="rack-editor-sizes">
          <Field
            id="shelves"
            label="Shelves (top to bottom)"
            type="number"
            value={draft.shelves}
            problem={problems.shelves}
            onChange={change('shelves')}
          />
          <Field
            id="positions"
            label="Positions per shelf"
            type="number"
            value={draft.positions}
            problem={problems.positions}
            onChange={change('positions')}
          />
        </div>
        <p className="field-hint" data-slot-example>
          {example === undefined ? 'Its slots are named once the fields are filled in.' : `Slots ${example}`}
        </p>
        {general !== undefined && (
          <p className="field-error" role="alert">
            {general}
          </p>
        )}
        <div className="modal-actions">
          {rack !== undefined && (
            <button
              type="button"
              className="button button-danger"
              disabled={busy || placed > 0}
              title={
                placed > 0
                  ? `It holds ${placed} device${placed === 1 ? '' : 's'}: move them first`
                  : undefined
              }
              onClick={() => void remove()}
            >
              Remove the rack
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {rack === undefined ? 'Add the rack' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
