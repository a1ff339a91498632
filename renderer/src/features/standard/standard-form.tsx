/**
 * The site's standard as a form, set once per site: the site password (typed twice, kept only in the
 * keychain, or the one already there), the pools (a preset or typed, with worker templates: the pools
 * dialog's own editing pieces), the power rule (the Power dialog's three choices) and acceptance (its
 * criteria fields), each part ticked in or left out. The firmware part is shown as kept (it names a file on
 * this laptop: `minerdeck standard set --firmware`). Saved with `standard:set`; nothing is sent to a
 * device. A `<form className="modal-form">` ending in its buttons, for a ModalDialog: the Standard… dialog
 * and Commission… when the site has no standard yet.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { newPasswordPairProblem, NEW_PASSWORD_MIN_LENGTH } from '../../../../shared/domain/password-rules';
import type { PoolSpec } from '../../../../shared/domain/pools';
import type { StandardView } from '../../../../shared/domain/standard';
import type { StandardSetInput } from '../../../../shared/ipc/channels/standard';
import { useRootStore } from '../../stores/root-store';
import type { CriteriaText } from '../fleet/acceptance-criteria-fields';
import {
  AcceptanceCriteriaFields,
  criteriaOf,
  criteriaText,
  defaultCriteriaText,
} from '../fleet/acceptance-criteria-fields';
import type { PowerKind } from '../fleet/power-choice-fields';
import { PowerChoiceFields } from '../fleet/power-choice-fields';
import { choiceOf } from '../fleet/power-dialog';
import { NEW_POOLS, PoolPresetPicker } from '../fleet/pool-preset-picker';
import { PoolsForm, emptyPool, poolProblems } from '../fleet/pools-form';
import { useWorkerSample } from '../fleet/worker-sample';
import '../fleet/password-dialog.css';
import '../fleet/pools-dialog.css';
import '../fleet/power-dialog.css';
import './standard.css';

type Kept = StandardView['standard'];

export interface StandardFormProps {
  /** The standard as kept now (null: the site has none yet). */
  kept: Kept;
  siteName: string;
  /** The submit button's words ("Save the standard", "Save and preview"). */
  submitLabel: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** The form's pools from the kept standard: the pool password stays kept unless one is typed. */
const keptPools = (kept: Kept): PoolSpec[] =>
  kept?.pools?.map((p) => ({ url: p.url, worker: p.worker, password: '' })) ?? [emptyPool()];

const keptPowerText = (kept: Kept): Record<PowerKind, string> => ({
  preset: kept?.power?.kind === 'preset' ? kept.power.name : '',
  'max-watts': kept?.power?.kind === 'max-watts' ? String(kept.power.watts) : '',
  'site-kw': kept?.power?.kind === 'site-kw' ? String(kept.power.kw) : '',
});

/** A part of the standard, ticked in or left out, its fields shown while it is in. */
function Part(props: {
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

export function StandardForm({
  kept,
  siteName,
  submitLabel,
  onSaved,
  onCancel,
}: StandardFormProps): ReactNode {
  const s = useRootStore(
    useShallow((state) => ({
      presets: state.poolsDialog.presets,
      presetsRequested: state.poolPresetsRequested,
      saved: state.standardSaved,
    })),
  );
  const { presetsRequested } = s;
  useEffect(() => {
    void presetsRequested();
  }, [presetsRequested]);
  const sample = useWorkerSample();

  const storedPassword = kept?.password.stored === true;
  const [passwordOn, setPasswordOn] = useState(kept === null || kept.password.required);
  const [typeNew, setTypeNew] = useState(!storedPassword);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [poolsOn, setPoolsOn] = useState(kept === null || kept.pools !== undefined);
  const [pools, setPools] = useState<PoolSpec[]>(() => keptPools(kept));
  const [preset, setPreset] = useState(NEW_POOLS);
  const [powerOn, setPowerOn] = useState(kept?.power !== undefined);
  const [powerKind, setPowerKind] = useState<PowerKind>(kept?.power?.kind ?? 'preset');
  const [powerText, setPowerText] = useState(() => keptPowerText(kept));
  const [acceptOn, setAcceptOn] = useState(kept?.acceptance !== undefined);
  const [accept, setAccept] = useState<CriteriaText>(() =>
    kept?.acceptance !== undefined ? criteriaText(kept.acceptance) : defaultCriteriaText(),
  );
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const passwordProblem = passwordOn && typeNew ? newPasswordPairProblem(password, again) : undefined;
  const poolErrors = poolsOn ? poolProblems(pools) : {};
  const power = powerOn ? choiceOf(powerKind, powerText) : {};
  const criteria = acceptOn ? criteriaOf(accept) : undefined;
  const problems = [
    passwordProblem !== undefined && `Site password: ${passwordProblem}`,
    Object.keys(poolErrors).length > 0 && 'Pools: see the fields marked below.',
    power.problem !== undefined && `Power: ${power.problem}`,
    ...(criteria?.problems.map((p) => `Acceptance: ${p}`) ?? []),
    !passwordOn &&
      !poolsOn &&
      !powerOn &&
      !acceptOn &&
      kept?.firmware === undefined &&
      'Tick at least one part: a standard of nothing brings no device anywhere.',
  ].filter((p): p is string => typeof p === 'string');

  const input = (): StandardSetInput => ({
    password: !passwordOn ? null : typeNew ? { kind: 'typed', password } : { kind: 'stored' },
    pools: !poolsOn
      ? null
      : pools.map((pool) => ({
          url: pool.url.trim(),
          worker: pool.worker.trim(),
          // Empty keeps the pool password the standard has for this URL (none for a new one).
          ...(pool.password !== '' ? { password: pool.password } : {}),
        })),
    power: powerOn && power.choice !== undefined ? power.choice : null,
    acceptance: criteria !== undefined ? criteria.criteria : null,
  });

  const submit = async (): Promise<void> => {
    setAttempted(true);
    if (problems.length > 0 || saving) return;
    setSaving(true);
    setFailure(undefined);
    const result = await s.saved(input());
    setSaving(false);
    if (result.ok) {
      setPassword('');
      setAgain('');
      onSaved();
    } else {
      setFailure(result.message);
    }
  };

  return (
    <form
      className="modal-form standard-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p id="standard-note" className="field-hint password-note">
        What every device of site "{siteName}" should be: set once, then Commission… brings any device there —
        new ones, replacements and late deliveries alike. Nothing is sent to a device here.
      </p>
      <Part
        id="password"
        label="The site password"
        hint={`Replaces the factory password on every device. Kept only in this laptop's keychain, as the site's password.`}
        on={passwordOn}
        onToggle={setPasswordOn}
      >
        {storedPassword && (
          <div className="standard-choices">
            <label className="choice">
              <input
                type="radio"
                name="standard-password"
                checked={!typeNew}
                onChange={() => setTypeNew(false)}
              />
              the site password kept in the keychain
            </label>
            <label className="choice">
              <input
                type="radio"
                name="standard-password"
                checked={typeNew}
                onChange={() => setTypeNew(true)}
              />
              a new site password
            </label>
          </div>
        )}
        {typeNew && (
          <div className="standard-row">
            <label className="field">
              <span className="field-label">Site password</span>
              <input
                type="password"
                autoComplete="new-password"
                value={password}
                aria-invalid={attempted && passwordProblem !== undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <label className="field">
              <span className="field-label">Site password again</span>
              <input
                type="password"
                autoComplete="new-password"
                value={again}
                aria-invalid={attempted && passwordProblem !== undefined}
                onChange={(e) => setAgain(e.target.value)}
              />
            </label>
            <p className="field-hint">
              At least {NEW_PASSWORD_MIN_LENGTH} characters, and not the factory password "admin".
            </p>
          </div>
        )}
      </Part>
      <Part
        id="pools"
        label="Pools"
        hint="Each device gets these pools with its own worker name from the template."
        on={poolsOn}
        onToggle={setPoolsOn}
      >
        <div className="preset-line">
          <label className="field-label" htmlFor="standard-pools-preset">
            Preset
          </label>
          <PoolPresetPicker
            id="standard-pools-preset"
            presets={s.presets}
            value={preset}
            onChoose={(name, chosen) => {
              setPreset(name);
              setPools(chosen === undefined ? [emptyPool()] : chosen.map((p) => ({ ...p })));
            }}
          />
        </div>
        <PoolsForm
          pools={pools}
          onChange={setPools}
          problems={attempted ? poolErrors : {}}
          {...(sample !== undefined ? { sample } : {})}
        />
        {kept?.pools?.some((p) => p.hasPassword) === true && (
          <p className="field-hint">An empty pool password keeps the one the standard has for that URL.</p>
        )}
      </Part>
      <Part
        id="power"
        label="Power rule"
        hint="The autotune preset each device runs, chosen again for every device Commission brings in."
        on={powerOn}
        onToggle={setPowerOn}
      >
        <PowerChoiceFields
          kind={powerKind}
          text={powerText}
          onKind={setPowerKind}
          onText={(k, value) => setPowerText({ ...powerText, [k]: value })}
          legend="How each device's preset is chosen"
          name="standard-power-kind"
        />
      </Part>
      <Part
        id="acceptance"
        label="Acceptance"
        hint="After the writes, each device is watched and gets a verdict; Commission waits for it."
        on={acceptOn}
        onToggle={setAcceptOn}
      >
        <AcceptanceCriteriaFields text={accept} onChange={setAccept} />
      </Part>
      <p className="field-hint standard-firmware" data-part="firmware">
        {kept?.firmware !== undefined
          ? `Firmware: version ${kept.firmware.version} (kept).`
          : 'Firmware: not part of the standard.'}{' '}
        The firmware part names an image file on this laptop: set it with{' '}
        <code>minerdeck standard set --firmware PATH --firmware-version V</code>.
      </p>
      {attempted &&
        problems.map((p) => (
          <p key={p} className="field-error" role="alert">
            {p}
          </p>
        ))}
      {failure !== undefined && (
        <p className="field-error" role="alert">
          The standard was not kept: {failure}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
