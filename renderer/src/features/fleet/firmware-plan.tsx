/**
 * The firmware plan main made for the selection (nothing was sent to make it): the image, the versions the
 * devices report now by model, the choice of model when they report several (an image is built for one),
 * the steps — canary, batches, how many reboot at once — and every device with what will happen to it, the
 * skipped ones first with their reason.
 */
import type { ReactNode } from 'react';
import type { FirmwarePlan, FirmwarePlanDevice } from '../../../../shared/domain/firmware';
import { sizesWords } from '../../../../shared/domain/firmware-batches';
import { modelVersionsLine } from '../../../../shared/format/firmware-text';
import { count } from '../../lib/format';

const MB = 1024 * 1024;
const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

/** "fw-s21.bin (64.0 MB, sha256 3f2a9c1b0d4e…)" */
export function imageWords(image: FirmwarePlan['image']): string {
  const size = image.bytes >= 0.1 * MB ? `${(image.bytes / MB).toFixed(1)} MB` : `${image.bytes} bytes`;
  return `${image.name} (${size}, sha256 ${image.sha256.slice(0, 12)}…)`;
}

const ROLE_WORDS: Record<FirmwarePlanDevice['role'], string> = {
  canary: 'Canary',
  batch: 'Batch',
  verify: 'Verify',
  skip: 'Skipped',
};

/** "canary 1, then 10, 40, 160 · at most 500 offline at once · 5 uploads at a time · 15 min to come back". */
function stepsLine(plan: FirmwarePlan): string {
  const earlier = plan.steps.find((s) => s.kind === 'earlier-run');
  const parts = [
    earlier !== undefined
      ? `first ${count(earlier.deviceIds.length, 'device')} an earlier run updated, verified`
      : '',
    sizesWords(
      plan.batchSizes,
      plan.steps.some((s) => s.kind === 'canary'),
    ),
  ].filter((p) => p !== '');
  const { settings } = plan;
  return `${parts.join(', then ')} · at most ${settings.maxOffline} offline at once · ${settings.uploadsInFlight} uploads at a time · ${settings.deadlineMinutes} min to come back`;
}

export function FirmwarePlanView({
  plan,
  model,
  onModel,
}: {
  plan: FirmwarePlan;
  /** The model chosen when the devices report several. */
  model: string | undefined;
  onModel: (model: string) => void;
}): ReactNode {
  const skipped = plan.devices.filter((d) => d.role === 'skip');
  const sent = plan.devices.filter((d) => d.role !== 'skip');
  const verifying = sent.filter((d) => d.role === 'verify').length;
  const several = plan.models.length > 1;
  return (
    <div className="firmware-plan">
      <p className="firmware-image">
        Image <strong>{imageWords(plan.image)}</strong>
        {plan.version !== undefined && <> · expected version {plan.version}</>} · settings{' '}
        {plan.settings.keepSettings ? 'kept' : <strong>not kept</strong>}
      </p>
      <div className="firmware-models">
        <span className="field-label">Versions now</span>
        <ul aria-label="Versions now by model">
          {plan.models.map((m) => (
            <li key={m.model}>{modelVersionsLine(m)}</li>
          ))}
          {plan.models.length === 0 && <li>No device answered with its model and version.</li>}
        </ul>
      </div>
      {several && (
        <fieldset className="field firmware-model-choice">
          <legend className="field-label">The model this image is for</legend>
          {plan.models.map((m) => (
            <label key={m.model} className="choice">
              <input
                type="radio"
                name="firmware-model"
                checked={model === m.model}
                onChange={() => onModel(m.model)}
              />
              {m.modelName !== undefined && m.modelName !== m.model ? `${m.model} (${m.modelName})` : m.model}
              {` — ${count(m.devices, 'device')}`}
            </label>
          ))}
          <span className="field-hint">
            An image is built for one model and Minerdeck cannot read which: the devices of the other models
            are skipped.
          </span>
        </fieldset>
      )}
      {plan.refusal !== undefined ? (
        <p className="field-error" role="alert">
          {several ? 'Choose the model above: nothing is sent until one is chosen.' : plan.refusal}
        </p>
      ) : (
        <p className="firmware-steps" data-steps>
          {sent.length === 0
            ? 'Nothing to do: every device is skipped (why below).'
            : `${count(plan.uploads, 'device')} to update${verifying > 0 ? `, ${verifying} to verify` : ''} — ${stepsLine(plan)}.`}
        </p>
      )}
      <div className="firmware-table-box">
        <table className="data-table firmware-table" aria-label="Plan of the firmware update">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Model</th>
              <th scope="col">Now</th>
              <th scope="col">Step</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {[...skipped, ...sent].map((d) => (
              <tr key={d.deviceId} data-role={d.role}>
                <td className="mono">{hostOf(d.address)}</td>
                <td>{d.model ?? '—'}</td>
                <td>{d.from ?? '—'}</td>
                <td>
                  <span className={`badge ${d.role === 'skip' ? 'badge-idle' : 'firmware-role'}`}>
                    {d.role === 'batch' && d.step !== undefined
                      ? (plan.steps[d.step]?.name ?? ROLE_WORDS.batch)
                      : ROLE_WORDS[d.role]}
                  </span>
                </td>
                <td>{d.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
