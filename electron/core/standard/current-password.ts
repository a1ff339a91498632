/**
 * Commission's `currentPassword` (`standard:plan|commission`, `commission --password-stdin`): the password
 * new devices take now, usually the factory one. Only devices without a working credential (no session,
 * no API key, no password known that was not refused) are unlocked with it, once, through the same unlock
 * as `credentials:unlock` — kept as the device's own only when it accepts it, and a device that refused it
 * is never sent it again (the password guard remembers). Never echoed.
 */
import type { CredentialServices } from '../credentials/credential-services';
import type { SessionTarget } from '../credentials/session-target';

export const REFUSED_GIVEN = 'it refused the password given';
export const PASSWORD_NOT_KNOWN = 'its password is not known: give its current password';

export interface CurrentPasswordDeps {
  credentials: Pick<CredentialServices, 'unlockMany' | 'sessions' | 'vault'>;
}

/** Which devices have no working credential now (nothing would be sent to them but a guess). */
export async function withoutCredential(
  deps: CurrentPasswordDeps,
  targets: readonly SessionTarget[],
): Promise<SessionTarget[]> {
  const { sessions, vault } = deps.credentials;
  const lacking: SessionTarget[] = [];
  for (const target of targets) {
    if (sessions.state(target.deviceId).kind === 'unlocked') continue;
    if ((await vault.getApiKey(target.deviceId).catch(() => undefined)) !== undefined) continue;
    if ((await sessions.knownPassword(target).catch(() => undefined)) !== undefined) continue;
    lacking.push(target);
  }
  return lacking;
}

/**
 * Unlocks the devices without a credential with `password` (when given). Answers, per device id that
 * still has none, why: it refused the password, or none was given.
 */
export async function unlockWithCurrent(
  deps: CurrentPasswordDeps,
  targets: readonly SessionTarget[],
  password: string | undefined,
  options: { remember: boolean; concurrency?: number; signal?: AbortSignal },
): Promise<Map<string, string>> {
  const lacking = await withoutCredential(deps, targets);
  const why = new Map<string, string>();
  if (lacking.length === 0) return why;
  if (password === undefined) {
    for (const t of lacking) why.set(t.deviceId, PASSWORD_NOT_KNOWN);
    return why;
  }
  const outcomes = await deps.credentials.unlockMany(lacking, password, {
    remember: options.remember,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  outcomes.forEach((outcome, i) => {
    const target = lacking[i];
    if (target === undefined || outcome.ok) return;
    const refused = outcome.error.code === 'WRONG_PASSWORD' || outcome.error.code === 'AUTH_REQUIRED';
    why.set(target.deviceId, refused ? REFUSED_GIVEN : outcome.error.message);
  });
  return why;
}
