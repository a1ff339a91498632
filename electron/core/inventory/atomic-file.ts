/**
 * Writing a file so that a crash, a power cut or `kill -9` at any instant leaves either the old content or
 * the new one, never a mix (docs/design.md principle 5, "persisted data survives a crash"):
 * 1. write the new content to a temporary file in the same folder (a rename across file systems is a copy);
 * 2. fsync it, so its bytes are on disk before its name can replace the old file;
 * 3. rename it over the target, which POSIX and NTFS make atomic for a reader;
 * 4. fsync the folder, so the rename itself survives a power cut (skipped where the OS cannot, Windows).
 *
 * Temporary files carry the writer's PID, so a later writer can remove the leftovers of a killed one.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isProcessAlive } from './file-lock';

const TEMP_SUFFIX = '.tmp';

/** `<name>.<pid>.<random>.tmp` beside the target. */
function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`,
  );
}

/** Folders cannot be fsynced on Windows (EPERM/EISDIR); elsewhere a failure is real. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const temp = tempPathFor(path);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dirname(path));
}

/**
 * Removes temporary files of `path` left by writers that no longer run (killed mid-write). Files of a
 * live process, ours included, are left alone: that writer may be about to rename it.
 */
export async function removeStaleTempFiles(path: string): Promise<number> {
  const prefix = `${basename(path)}.`;
  let removed = 0;
  for (const name of await readdir(dirname(path)).catch(() => [] as string[])) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMP_SUFFIX)) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid)) continue;
    await rm(join(dirname(path), name), { force: true });
    removed += 1;
  }
  return removed;
}
