/**
 * The firmware image on disk, checked before anything is sent: it must be a file, not empty, and
 * readable. Its SHA-256 (read streamed, never the whole image in memory) names it in the activity log,
 * so a later run knows it is continuing the same rollout. Minerdeck cannot read what is inside a real
 * image (which model, which version): the devices say that after the update.
 *
 * The file is uploaded later, once per device, straight from disk; `sameFileAs` tells whether it is still
 * the file the plan read (a technician copying a new image over it mid-rollout would send two images).
 */
import { message } from '../../../shared/i18n/message';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FirmwareImage } from '../../../shared/domain/firmware';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';

/** The image and where it is: the path stays in this process (the plan that crosses IPC has none). */
export interface FirmwareImageFile {
  path: string;
  image: FirmwareImage;
  /** Size, modification time and inode when read: the file is the same while these are. */
  identity: string;
}

const identityOf = (info: { size: number; mtimeMs: number; ino: number }): string =>
  `${info.size}:${info.mtimeMs}:${info.ino}`;

/** Why the file cannot be opened, in English and for the window (issue 35). */
function openError(path: string, error: unknown): Result<never> {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT')
    return errWithText(
      'INVALID_INPUT',
      `the firmware file ${path} does not exist.`,
      message('errors.firmware.fileMissing', { path }),
    );
  if (code === 'EACCES' || code === 'EPERM')
    return errWithText(
      'INVALID_INPUT',
      `the firmware file ${path} cannot be read (permission denied).`,
      message('errors.firmware.fileDenied', { path }),
    );
  const why = error instanceof Error ? error.message : String(error);
  return errWithText(
    'INVALID_INPUT',
    `the firmware file ${path} cannot be read: ${why}.`,
    message('errors.firmware.fileUnreadable', { path, why }),
  );
}

async function sha256Of(path: string, signal: AbortSignal | undefined): Promise<string> {
  const hash = createHash('sha256');
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024, ...(signal ? { signal } : {}) });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Reads the image's size and SHA-256; a missing, empty or unreadable file is refused in words (exit 2). */
export async function readFirmwareImage(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<Result<FirmwareImageFile>> {
  if (path.trim() === '')
    return errWithText(
      'INVALID_INPUT',
      'no firmware file given: add --file PATH.',
      message('errors.firmware.noFile'),
    );
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    return openError(path, error);
  }
  if (info.isDirectory())
    return errWithText(
      'INVALID_INPUT',
      `${path} is a folder, not a firmware file.`,
      message('errors.firmwareFile.folder', { path }),
    );
  if (!info.isFile())
    return errWithText(
      'INVALID_INPUT',
      `${path} is not a regular file.`,
      message('errors.firmwareFile.notFile', { path }),
    );
  if (info.size === 0)
    return errWithText(
      'INVALID_INPUT',
      `the firmware file ${path} is empty: nothing to upload.`,
      message('errors.firmwareFile.empty', { path }),
    );
  let sha256: string;
  try {
    sha256 = await sha256Of(path, options.signal);
  } catch (error) {
    if (options.signal?.aborted === true)
      return errWithText(
        'CANCELLED',
        'Reading the firmware file was cancelled.',
        message('errors.firmwareFile.cancelled'),
      );
    return openError(path, error);
  }
  return ok({
    path,
    image: { name: basename(path).slice(0, 300), bytes: info.size, sha256 },
    identity: identityOf(info),
  });
}

/** Whether the file at the image's path is still the one read (same size, time and inode). */
export async function sameFileAs(file: FirmwareImageFile): Promise<boolean> {
  const info = await stat(file.path).catch(() => undefined);
  return info !== undefined && identityOf(info) === file.identity;
}

/** "fw.bin (64.0 MB)" */
export function imageWords(image: FirmwareImage): string {
  const mb = image.bytes / (1024 * 1024);
  const size = mb >= 0.1 ? `${mb.toFixed(1)} MB` : `${image.bytes} bytes`;
  return `${image.name} (${size})`;
}
