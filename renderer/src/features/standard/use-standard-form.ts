/**
 * The standard form's state (standard-form.tsx): what each part holds while typed, what is wrong with it,
 * and the save — one `standard:set` with the parts as main takes them (standard-form-input.ts). The
 * typed site password is forgotten once the standard is kept.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FirmwareImage } from '../../../../shared/domain/firmware';
import { newPasswordPairProblem } from '../../../../shared/domain/password-rules';
import type { PoolSpec } from '../../../../shared/domain/pools';
import type { StandardSetInput } from '../../../../shared/ipc/channels/standard';
import type { AppError } from '../../../../shared/result';
import { useRootStore } from '../../stores/root-store';
import type { CriteriaText } from '../fleet/acceptance-criteria-fields';
import { criteriaOf, criteriaText, defaultCriteriaText } from '../fleet/acceptance-criteria-fields';
import type { PowerKind } from '../fleet/power-choice-fields';
import { choiceOf } from '../fleet/power-dialog';
import { poolProblems } from '../fleet/pools-form';
import type { Kept } from './standard-form-input';
import { firmwarePart, formProblems, keptPools, keptPowerText, poolsInput } from './standard-form-input';

/** Text and its setter, as each part's fields take them. */
const useField = <T>(initial: T | (() => T)) => {
  const [value, set] = useState<T>(initial);
  return { value, set };
};

/** The store's pieces the form uses: pool presets, the save, the firmware image chosen through main. */
function useFormStore() {
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
  return s;
}

/** Each part's fields, from the kept standard (or the defaults of a new one). */
function useFormFields(kept: Kept, image: FirmwareImage | null) {
  // An image chosen before the form opened (in Firmware…) is not taken to replace a kept one unasked.
  const [imageAtOpen] = useState(image);
  return {
    password: {
      on: useField(kept === null || kept.password.required),
      typeNew: useField(kept?.password.stored !== true),
      text: useField(''),
      again: useField(''),
    },
    pools: {
      on: useField(kept === null || kept.pools !== undefined),
      list: useField<PoolSpec[]>(() => keptPools(kept)),
    },
    firmware: {
      on: useField(kept?.firmware !== undefined),
      version: useField(kept?.firmware?.version ?? ''),
      chosenHere: image !== null && image !== imageAtOpen,
      asked: useField(false),
    },
    power: {
      on: useField(kept?.power !== undefined),
      kind: useField<PowerKind>(kept?.power?.kind ?? 'preset'),
      text: useField(() => keptPowerText(kept)),
    },
    acceptance: {
      on: useField(kept?.acceptance !== undefined),
      text: useField<CriteriaText>(() =>
        kept?.acceptance !== undefined ? criteriaText(kept.acceptance) : defaultCriteriaText(),
      ),
    },
  };
}

type Fields = ReturnType<typeof useFormFields>;

/** What the fields say: each part's problem, every problem in words, and the input main takes. */
function readFields(f: Fields, kept: Kept, image: FirmwareImage | null) {
  const { password, pools, firmware, power, acceptance } = f;
  const passwordProblem =
    password.on.value && password.typeNew.value
      ? newPasswordPairProblem(password.text.value, password.again.value)
      : undefined;
  const poolErrors = pools.on.value ? poolProblems(pools.list.value) : {};
  const firmwareOut = firmwarePart(
    firmware.on.value,
    firmware.version.value,
    kept,
    image,
    firmware.chosenHere,
  );
  const powerOut = power.on.value ? choiceOf(power.kind.value, power.text.value) : {};
  const criteria = acceptance.on.value ? criteriaOf(acceptance.text.value) : undefined;
  const problems = formProblems(
    {
      password: password.on.value,
      pools: pools.on.value,
      firmware: firmware.on.value,
      power: power.on.value,
      acceptance: acceptance.on.value,
    },
    {
      ...(passwordProblem !== undefined ? { password: passwordProblem } : {}),
      ...(firmwareOut.problem !== undefined ? { firmware: firmwareOut.problem } : {}),
      poolsMarked: Object.keys(poolErrors).length > 0,
      ...(powerOut.problem !== undefined ? { power: powerOut.problem } : {}),
      ...(criteria !== undefined ? { acceptance: criteria.problems } : {}),
    },
  );
  const input = (): StandardSetInput => ({
    password: !password.on.value
      ? null
      : password.typeNew.value
        ? { kind: 'typed', password: password.text.value }
        : { kind: 'stored' },
    pools: pools.on.value ? poolsInput(pools.list.value) : null,
    ...(firmwareOut.input !== undefined ? { firmware: firmwareOut.input } : {}),
    power: power.on.value && powerOut.choice !== undefined ? powerOut.choice : null,
    acceptance: criteria !== undefined ? criteria.criteria : null,
  });
  return { passwordProblem, poolErrors, firmwareOut, problems, input };
}

export function useStandardForm(kept: Kept, onSaved: () => void) {
  const s = useFormStore();
  const fields = useFormFields(kept, s.image);
  const read = readFields(fields, kept, s.image);
  const attempted = useField(false);
  const saving = useField(false);
  const failure = useField<AppError | undefined>(undefined);

  const submit = async (): Promise<void> => {
    attempted.set(true);
    if (read.problems.length > 0 || saving.value) return;
    saving.set(true);
    failure.set(undefined);
    const result = await s.saved(read.input());
    saving.set(false);
    if (result.ok) {
      fields.password.text.set('');
      fields.password.again.set('');
      onSaved();
    } else {
      failure.set(result.error);
    }
  };

  return {
    store: s,
    ...fields,
    ...read,
    attempted: attempted.value,
    saving: saving.value,
    failure: failure.value,
    submit,
  };
}

export type StandardFormState = ReturnType<typeof useStandardForm>;
