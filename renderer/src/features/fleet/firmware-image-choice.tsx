/**
 * The firmware image as the window knows it: a button that opens main's own file dialog
 * (`firmware:choose-image`, through the store's `firmwareImageRequested`) and the chosen file's name, size
 * and the start of its SHA-256 — never its path, which main keeps. Shared by "Firmware…" and the
 * Standard… form, so both choose an image the same way and main uses the last one chosen.
 */
import type { ReactNode } from 'react';
import type { FirmwareImage } from '../../../../shared/domain/firmware';
import { useT } from '../../i18n/i18n-provider';
import { imageWords } from './firmware-plan';
import './firmware.css';

/** A version as a device reports it and as `firmware:plan` / `standard:set` accept it: printable, ≤ 100. */
export const FIRMWARE_VERSION = /^[\x21-\x7e][\x20-\x7e]{0,99}$/;

export function FirmwareImageChoice({
  image,
  onChoose,
  none,
}: {
  /** The image chosen (null: none to show). */
  image: FirmwareImage | null;
  onChoose: () => void;
  /** What is said while no image is shown (else: "No image chosen yet."). */
  none?: string;
}): ReactNode {
  const tr = useT();
  const { t } = tr;
  return (
    <div className="firmware-image-choice">
      <button type="button" className="button" onClick={onChoose}>
        {image === null ? t('fleet-actions.imageChoice.choose') : t('fleet-actions.imageChoice.another')}
      </button>
      <span className={image === null ? 'field-hint' : 'firmware-chosen'}>
        {image === null ? (none ?? t('fleet-actions.imageChoice.none')) : imageWords(tr, image)}
      </span>
    </div>
  );
}
