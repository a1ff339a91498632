/**
 * The firmware plan main made for the selection (nothing was sent to make it): the image, the versions the
 * devices report now by model, the choice of model when they report several (an image is built for one),
 * the steps — canary, batches, how many reboot at once — and every device with what will happen to it, the
 * skipped ones first with their reason.
 */
import type { ReactNode } from 'react';
import type { FirmwarePlan, FirmwarePlanDevice, ModelVersions } from '../../../../shared/domain/firmware';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { numberText } from '../../../../shared/i18n/formats';
import { madeText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';

const MB = 1024 * 1024;
const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

/** "fw-s21.bin (64.0 MB, sha256 3f2a9c1b0d4e…)" */
export function imageWords(tr: Translator, image: FirmwarePlan['image']): string {
  const size =
    image.bytes >= 0.1 * MB
      ? tr.t('fleet-actions.firmwarePlan.megabytes', { size: numberText(tr, image.bytes / MB, 1) })
      : tr.t('fleet-actions.firmwarePlan.bytes', { count: image.bytes });
  return tr.t('fleet-actions.firmwarePlan.image', {
    name: image.name,
    size,
    sha: image.sha256.slice(0, 12),
  });
}

const ROLE_WORDS: Record<FirmwarePlanDevice['role'], MessageId> = {
  canary: 'fleet-actions.firmwarePlan.role.canary',
  batch: 'fleet-actions.firmwarePlan.role.batch',
  verify: 'fleet-actions.firmwarePlan.role.verify',
  skip: 'fleet-actions.common.skipped',
};

/**
 * A step's name as main wrote it ("canary", "batch 2 of 5", "finishing the earlier run"), in the
 * reader's language; a name of another shape as main wrote it.
 */
export function stepNameText(tr: Translator, name: string): string {
  if (name === 'canary') return tr.t('fleet-actions.firmwarePlan.stepCanary');
  if (name === 'finishing the earlier run') return tr.t('fleet-actions.firmwarePlan.stepEarlier');
  const batch = /^batch (\d+) of (\d+)$/.exec(name);
  if (batch !== null)
    return tr.t('fleet-actions.firmwarePlan.stepBatch', { at: Number(batch[1]), of: Number(batch[2]) });
  return name;
}

/** The batch sizes: "canary 1, then 10, 40, 160", "one batch of 10", "batches of 10, 40". */
function sizesText(tr: Translator, sizes: readonly number[], withCanary: boolean): string {
  if (sizes.length === 0) return '';
  const list = (ns: readonly number[]): string => ns.map((n) => numberText(tr, n)).join(', ');
  if (withCanary) {
    const [canary = 0, ...rest] = sizes;
    return rest.length > 0
      ? tr.t('fleet-actions.firmwarePlan.sizesCanaryThen', { canary, rest: list(rest) })
      : tr.t('fleet-actions.firmwarePlan.sizesCanary', { canary });
  }
  return sizes.length === 1
    ? tr.t('fleet-actions.firmwarePlan.sizesOne', { size: sizes[0] ?? 0 })
    : tr.t('fleet-actions.firmwarePlan.sizesMany', { sizes: list(sizes) });
}

/** "canary 1, then 10, 40, 160 · at most 500 offline at once · 5 uploads at a time · 15 min to come back". */
function stepsLine(tr: Translator, plan: FirmwarePlan): string {
  const earlier = plan.steps.find((s) => s.kind === 'earlier-run');
  const sizes = sizesText(
    tr,
    plan.batchSizes,
    plan.steps.some((s) => s.kind === 'canary'),
  );
  const { settings } = plan;
  return tr.t('fleet-actions.firmwarePlan.steps', {
    sizes:
      earlier === undefined
        ? sizes
        : sizes === ''
          ? tr.t('fleet-actions.firmwarePlan.earlier', { count: earlier.deviceIds.length })
          : tr.t('fleet-actions.firmwarePlan.earlierThen', { count: earlier.deviceIds.length, sizes }),
    offline: numberText(tr, settings.maxOffline),
    uploads: numberText(tr, settings.uploadsInFlight),
    minutes: numberText(tr, settings.deadlineMinutes),
  });
}

/** "S21 (Antminer S21): 1.2.5 on 3 devices, 1.2.6 on 1". */
function modelVersionsText(tr: Translator, model: ModelVersions): string {
  const versions = model.versions
    .map((v, i) =>
      tr.t(i === 0 ? 'fleet-actions.firmwarePlan.versionOnDevices' : 'fleet-actions.firmwarePlan.versionOn', {
        version: v.version,
        count: v.devices,
      }),
    )
    .join(', ');
  return model.modelName !== undefined && model.modelName !== model.model
    ? tr.t('fleet-actions.firmwarePlan.modelNamedVersions', {
        model: model.model,
        name: model.modelName,
        versions,
      })
    : tr.t('fleet-actions.firmwarePlan.modelVersions', { model: model.model, versions });
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
  const tr = useT();
  const { t } = tr;
  return (
    <div className="firmware-plan">
      <p className="firmware-image">
        {t('fleet-actions.firmwarePlan.imageLabel')} <strong>{imageWords(tr, plan.image)}</strong>
        {plan.version !== undefined && (
          <> · {t('fleet-actions.firmwarePlan.expected', { version: plan.version })}</>
        )}{' '}
        · {t('fleet-actions.firmwarePlan.settings')}{' '}
        {plan.settings.keepSettings ? (
          t('fleet-actions.firmwarePlan.kept')
        ) : (
          <strong>{t('fleet-actions.firmwarePlan.notKept')}</strong>
        )}
      </p>
      <div className="firmware-models">
        <span className="field-label">{t('fleet-actions.firmwarePlan.versionsNow')}</span>
        <ul aria-label={t('fleet-actions.firmwarePlan.versionsByModel')}>
          {plan.models.map((m) => (
            <li key={m.model}>{modelVersionsText(tr, m)}</li>
          ))}
          {plan.models.length === 0 && <li>{t('fleet-actions.firmwarePlan.noModels')}</li>}
        </ul>
      </div>
      {several && (
        <fieldset className="field firmware-model-choice">
          <legend className="field-label">{t('fleet-actions.firmwarePlan.modelChoice')}</legend>
          {plan.models.map((m) => (
            <label key={m.model} className="choice">
              <input
                type="radio"
                name="firmware-model"
                checked={model === m.model}
                onChange={() => onModel(m.model)}
              />
              {m.modelName !== undefined && m.modelName !== m.model
                ? t('fleet-actions.firmwarePlan.modelNamedDevices', {
                    model: m.model,
                    name: m.modelName,
                    count: m.devices,
                  })
                : t('fleet-actions.firmwarePlan.modelDevices', { model: m.model, count: m.devices })}
            </label>
          ))}
          <span className="field-hint">{t('fleet-actions.firmwarePlan.modelHint')}</span>
        </fieldset>
      )}
      {plan.refusal !== undefined ? (
        <p className="field-error" role="alert">
          {several
            ? t('fleet-actions.firmwarePlan.chooseModel')
            : plan.refusalText !== undefined
              ? t(plan.refusalText)
              : plan.refusal}
        </p>
      ) : (
        <p className="firmware-steps" data-steps>
          {sent.length === 0
            ? t('fleet-actions.firmwarePlan.nothing')
            : verifying > 0
              ? t('fleet-actions.firmwarePlan.summaryVerify', {
                  count: plan.uploads,
                  verifying,
                  steps: stepsLine(tr, plan),
                })
              : t('fleet-actions.firmwarePlan.summary', { count: plan.uploads, steps: stepsLine(tr, plan) })}
        </p>
      )}
      {plan.settings.trust === 'canary' && sent.length > 0 ? (
        <p className="firmware-steps" data-trust>
          {t('fleet-actions.firmwarePlan.trustCanary', { offline: numberText(tr, plan.settings.maxOffline) })}
        </p>
      ) : null}
      <div className="firmware-table-box">
        <table className="data-table firmware-table" aria-label={t('fleet-actions.firmwarePlan.table')}>
          <thead>
            <tr>
              <th scope="col">{t('fleet-actions.common.device')}</th>
              <th scope="col">{t('fleet-actions.firmwarePlan.model')}</th>
              <th scope="col">{t('fleet-actions.common.now')}</th>
              <th scope="col">{t('fleet-actions.common.step')}</th>
              <th scope="col">{t('fleet-actions.firmwarePlan.what')}</th>
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
                    {d.role === 'batch' && d.step !== undefined && plan.steps[d.step] !== undefined
                      ? stepNameText(tr, plan.steps[d.step]?.name ?? '')
                      : t(ROLE_WORDS[d.role])}
                  </span>
                </td>
                <td>{madeText(tr, d.detail, d.detailText)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
