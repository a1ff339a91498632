/**
 * The firmware image as the window knows it: a button that opens main's own file dialog
 * (`firmware:choose-image`, through the store's `firmwareImageRequested`) and the chosen file's name, size
 * and the start of its SHA-256 — never its path, which main keeps. Shared by "Firmware…" and the
 * Standard… form, so both choose an image the same way and main uses the last one chosen.
 */
import type { ReactNode } from 'react';
import type { FirmwareImage } from '../../../../shared/domain/firmware';
import { imageWords } from './firmware-plan';
import './firmware.css';

/** A version as a device reports it and as `firmware:plan` / `standard:set` accept it: printable, ≤ 100. */
export const FIRMWARE_VERSION = /^[\x21-\x7e][\x20-\x7e]{0,99}$/;

export function FirmwareImageChoice({
  image,
  onChoose,
  none = 'No image chosen yet.',
}: {
  /** The image chosen (null: none to show). */
  image: FirmwareImage | null;
  onChoose: () => void;
  /** What is said while no image is shown. */
  none?: string;
}): ReactNode {
  return (
    <div className="firmware-image-choice">
      <button type="button" className="button" onClick={onChoose}>
        {image === null ? 'Choose the image…' : 'Choose another image…'}
      </button>
      <span className={image === null ? 'field-hint' : 'firmware-chosen'}>
        {image === null ? none : imageWords(image)}
      </span>
    </div>
  );
}
