/**
 * The site's standard as a form, set once per site: the site password (typed twice, kept only in the
 * keychain, or the one already there), the pools (a preset or typed, with worker templates: the pools
 * dialog's own editing pieces), the power rule (the Power dialog's three choices) and acceptance (its
 * criteria fields) and the firmware (a version and its image, chosen as Firmware… chooses one: main's file
 * dialog, the window seeing only name, size and SHA-256, so `standard:set` says `image: 'chosen'`), each part
 * ticked in or left out. Saved with `standard:set`; nothing is sent to a device. A
 * `<form className="modal-form">` ending in its buttons, for a ModalDialog: the Standard… dialog and
 * Commission… when the site has no standard yet.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FirmwareImage } from '../../../../shared/domain/firmware';
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
import { FIRMWARE_VERSION, FirmwareImageChoice } from '../fleet/firmware-image-choice';
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

/** The refusal when the firmware part has no image to send (main refuses the same way when it holds none). */
export const CHOOSE_IMAGE_FIRST = 'Choose the firmware image first (Choose the image… button).';

/** The kept image's file name: the standard keeps a path main gave it, the form shows only the name. */
const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/**
 * What the firmware part sends: `null` takes it out, the image chosen here (or, for a new firmware part,
 * the one shown as chosen) goes as `image: 'chosen'`, and a kept part left as it was is not sent at all.
 */
function firmwarePart(
  on: boolean,
  version: string,
  kept: Kept,
  image: FirmwareImage | null,
  chosenHere: boolean,
): { input?: StandardSetInput['firmware']; problem?: string; badVersion?: true } {
  if (!on) return { input: null };
  const keptFirmware = kept?.firmware;
  const text = version.trim();
  if (text === '') {
    return { problem: 'Firmware: type the version the image brings, e.g. 1.2.7.', badVersion: true };
  }
  if (!FIRMWARE_VERSION.test(text)) {
    return {
      problem: 'Firmware: the version is printable text of at most 100 characters, e.g. 1.2.7.',
      badVersion: true,
    };
  }
  if (keptFirmware !== undefined && !chosenHere) {
    if (text === keptFirmware.version) return {};
    return { problem: `${CHOOSE_IMAGE_FIRST} A new version comes with its own image.` };
  }
  if (image === null) return { problem: CHOOSE_IMAGE_FIRST };
  return { input: { version: text, image: 'chosen' } };
}

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
      image: state.firmwareImage,
      imageError: state.firmwareError,
      chooseImage: state.firmwareImageRequested,
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
  const [firmwareOn, setFirmwareOn] = useState(kept?.firmware !== undefined);
  const [firmwareVersion, setFirmwareVersion] = useState(kept?.firmware?.version ?? '');
  // An image chosen before the form opened (in Firmware…) is not taken to replace a kept one unasked.
  const [imageAtOpen] = useState(s.image);
  const chosenHere = s.image !== null && s.image !== imageAtOpen;
  const [askedImage, setAskedImage] = useState(false);
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
  const firmware = firmwarePart(firmwareOn, firmwareVersion, kept, s.image, chosenHere);
  const power = powerOn ? choiceOf(powerKind, powerText) : {};
  const criteria = acceptOn ? criteriaOf(accept) : undefined;
  const problems = [
    passwordProblem !== undefined && `Site password: ${passwordProblem}`,
    firmware.problem,
    Object.keys(poolErrors).length > 0 && 'Pools: see the fields marked below.',
    power.problem !== undefined && `Power: ${power.problem}`,
    ...(criteria?.problems.map((p) => `Acceptance: ${p}`) ?? []),
    !passwordOn &&
      !poolsOn &&
      !powerOn &&
      !acceptOn &&
      !firmwareOn &&
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
    ...(firmware.input !== undefined ? { firmware: firmware.input } : {}),
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
        id="firmware"
        label="Firmware"
        hint="Devices on another version get this image, staged as Firmware… does it (a canary, then batches), each verified by the version it reports."
        on={firmwareOn}
        onToggle={setFirmwareOn}
      >
        <FirmwareImageChoice
          image={kept?.firmware !== undefined && !chosenHere ? null : s.image}
          none={
            kept?.firmware !== undefined
              ? `The kept image: ${fileName(kept.firmware.imagePath)} (for ${kept.firmware.version}).`
              : 'No image chosen yet.'
          }
          onChoose={() => {
            setAskedImage(true);
            void s.chooseImage();
          }}
        />
        {askedImage && s.imageError !== null && (
          <p className="field-error" role="alert">
            {s.imageError}
          </p>
        )}
        <label className="field standard-firmware-version">
          <span className="field-label">Firmware version</span>
          <input
            type="text"
            value={firmwareVersion}
            placeholder="1.2.7"
            aria-invalid={attempted && firmware.badVersion === true}
            onChange={(e) => setFirmwareVersion(e.target.value)}
          />
        </label>
        <p className="field-hint">The version the image brings, as the devices report it after the update.</p>
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
