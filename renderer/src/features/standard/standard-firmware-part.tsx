/**
 * The standard's firmware part: a version and its image, chosen as Firmware… chooses one (main's file
 * dialog; the window sees only name, size and SHA-256). A kept part shows its image by file name.
 */
import type { ReactNode } from 'react';
import { pacingWords } from '../../../../shared/format/pacing-text';
import { FirmwareImageChoice } from '../fleet/firmware-image-choice';
import type { Kept } from './standard-form-input';
import { fileName } from './standard-form-input';
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

export function FirmwarePart({ form, kept }: { form: StandardFormState; kept: Kept }): ReactNode {
  const { on, version, chosenHere, asked } = form.firmware;
  const { store } = form;
  return (
    <Part
      id="firmware"
      label="Firmware"
      hint="Devices on another version get this image, staged as Firmware… does it (a canary, then batches), each verified by the version it reports."
      on={on.value}
      onToggle={on.set}
    >
      <FirmwareImageChoice
        image={kept?.firmware !== undefined && !chosenHere ? null : store.image}
        none={
          kept?.firmware !== undefined
            ? `The kept image: ${fileName(kept.firmware.imagePath)} (for ${kept.firmware.version}).`
            : 'No image chosen yet.'
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
        <span className="field-label">Firmware version</span>
        <input
          type="text"
          value={version.value}
          placeholder="1.2.7"
          aria-invalid={form.attempted && form.firmwareOut.badVersion === true}
          onChange={(e) => version.set(e.target.value)}
        />
      </label>
      <p className="field-hint">The version the image brings, as the devices report it after the update.</p>
      {kept?.firmware?.pacing !== undefined && (
        <p className="field-hint" data-pacing>
          Pacing for this site: {pacingWords(kept.firmware.pacing)} (kept with a new image; changed with
          minerdeck standard set --batch, --growth, --max-batch, --max-offline, --tolerate).
        </p>
      )}
    </Part>
  );
}
