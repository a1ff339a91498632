/**
 * What the fleet table shows about stored credentials, from the vault's metadata listing: which password
 * a device would use (its own, its site's, or one it refused), whether it has an API key, and whether its
 * working password is the factory default (a password given this session counts first: the session
 * manager tries it before any stored one). Never a secret: the listing has none, and the session manager
 * only answers whether the given password is the default.
 */
import type { CredentialBadges } from '../../../shared/ipc/channels/monitor';
import type { GivenPassword } from '../credentials/password-status';
import { isFactoryPassword, passwordStatusOf } from '../credentials/password-status';
import type { SessionManager } from '../credentials/session-manager';
import type { CredentialVault, DeviceCredentialInfo } from '../credentials/vault';
import { FACTORY_PASSWORD } from '../credentials/vault-listing';

export const NO_CREDENTIALS: CredentialBadges = { password: 'none', apiKey: false };

export function badgesOf(info: DeviceCredentialInfo | undefined, given?: GivenPassword): CredentialBadges {
  const factory = isFactoryPassword(passwordStatusOf(info, given));
  if (info === undefined) return factory ? { ...NO_CREDENTIALS, factoryPassword: true } : NO_CREDENTIALS;
  const password =
    info.password === undefined ? 'none' : info.password.rejected ? 'rejected' : info.password.source;
  const description = info.apiKey?.description;
  return {
    password,
    apiKey: info.apiKey !== undefined,
    ...(description !== undefined ? { apiKeyDescription: description } : {}),
    ...(factory ? { factoryPassword: true } : {}),
  };
}

/** What the session manager says of the password given this session for a device, if one was. */
export function givenPasswordOf(
  sessions: Pick<SessionManager, 'givenPasswordIs'> | undefined,
  deviceId: string,
): GivenPassword | undefined {
  const factory = sessions?.givenPasswordIs(deviceId, FACTORY_PASSWORD);
  return factory === undefined ? undefined : { factory };
}

/**
 * Badges by device id: every device with something stored, plus `deviceIds` (the fleet's), whose
 * password may have been given this session only.
 */
export async function readBadges(
  vault: CredentialVault,
  sessions?: Pick<SessionManager, 'givenPasswordIs'>,
  deviceIds: readonly string[] = [],
): Promise<Map<string, CredentialBadges>> {
  const listing = await vault.list();
  const infos = new Map(listing.devices.map((info) => [info.deviceId, info]));
  const ids = new Set([...infos.keys(), ...deviceIds]);
  return new Map([...ids].map((id) => [id, badgesOf(infos.get(id), givenPasswordOf(sessions, id))]));
}
