/**
 * The standard's firmware part: a version and its image, chosen as Firmware… chooses one (main's file
 * dialog; the window sees only name, size and SHA-256). A kept part shows its image by file name.
 */
import type { ReactNode } from 'react';
import type { RolloutPacing } from '../../../../shared/domain/firmware';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import { useT } from '../../i18n/i18n-provider';
import { FirmwareImageChoice } from '../fleet/firmware-image-choice';
import type { Kept } from './standard-form-input';
import { fileName } from './standard-form-input';
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

/** What a site's pacing sets, the rest the rollout's defaults (shared/format/pacing-text.ts says it in English). */
export function pacingMessages(pacing: RolloutPacing): MessageRef[] {
  const parts = [
    pacing.batch !== undefined ? message('standard.pacing.batch', { n: pacing.batch }) : undefined,
    pacing.growth !== undefined ? message('standard.pacing.growth', { n: pacing.growth }) : undefined,
    pacing.maxBatch !== undefined ? message('standard.pacing.maxBatch', { n: pacing.maxBatch }) : undefined,
    pacing.maxOffline !== undefined
      ? message('standard.pacing.maxOffline', { n: pacing.maxOffline })
      : undefined,
    pacing.tolerate !== undefined ? message('standard.pacing.tolerate', { n: pacing.tolerate }) : undefined,
    pacing.trust === 'canary' ? message('standard.pacing.trustCanary') : undefined,
  ].filter((p): p is MessageRef => p !== undefined);
  return parts.length === 0 ? [message('standard.pacing.defaults')] : parts;
}

export function FirmwarePart({ form, kept }: { form: StandardFormState; kept: Kept }): ReactNode {
  const { t } = useT();
  const { on, version, chosenHere, asked } = form.firmware;
  const { store } = form;
  return (
    <Part
      id="firmware"
      label={t('standard.firmware.label')}
      hint={t('standard.firmware.hint')}
      on={on.value}
      onToggle={on.set}
    >
      <FirmwareImageChoice
        image={kept?.firmware !== undefined && !chosenHere ? null : store.image}
        none={
          kept?.firmware !== undefined
            ? t('standard.firmware.keptImage', {
                file: fileName(kept.firmware.imagePath),
                version: kept.firmware.version,
              })
            : t('standard.firmware.noImage')
        }
        onChoose={() => {
          asked.set(true);
          void store.chooseImage();
        }}
      />
      {asked.value && store.imageError !== null && (
        <p className="field-error" role="alert">
          {store.imageError}
        </p>
      )}
      <label className="field standard-firmware-version">
        <span className="field-label">{t('standard.firmware.version')}</span>
        <input
          type="text"
          value={version.value}
          placeholder="1.2.7"
          aria-invalid={form.attempted && form.firmwareOut.badVersion === true}
          onChange={(e) => version.set(e.target.value)}
        />
      </label>
      <p className="field-hint">{t('standard.firmware.versionHint')}</p>
      {kept?.firmware?.pacing !== undefined && (
        <p className="field-hint" data-pacing>
          {t('standard.firmware.pacing', {
            pacing: pacingMessages(kept.firmware.pacing)
              .map((part) => t(part))
              .join(', '),
          })}
        </p>
      )}
    </Part>
  );
}
