/**
 * When a command files the secrets it stored (journaled-store.ts) into their own keychain entries.
 * A short command files them as it ends: nothing runs in the background of a command that exits in a
 * second. A long one — Commission, a firmware rollout, an acceptance run, a bulk password change — files
 * them while it waits on the devices: at 1,000 devices filing one entry per password took 50 s of
 * gnome-keyring's time that Commission spent after its last verdict (the field bench's "last step → exit").
 */
const LONG_COMMANDS: ReadonlySet<string> = new Set(['commission', 'firmware', 'accept', 'password']);

/** The command's name as runCli finds it: the first word, `--data-dir DIR` anywhere taken out. */
export function filesInBackground(argv: readonly string[]): boolean {
  let skipValue = false;
  for (const arg of argv) {
    if (skipValue) skipValue = false;
    else if (arg === '--data-dir') skipValue = true;
    else if (!arg.startsWith('--data-dir=')) return LONG_COMMANDS.has(arg);
  }
  return false;
}
