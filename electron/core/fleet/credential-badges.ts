/**
 * What the fleet table shows about stored credentials, from the vault's metadata listing: which password
 * a device would use (its own, its site's, or one it refused), whether it has an API key, and whether its
 * password is the factory default — on evidence only: the device accepted `admin` (this session, which
 * counts first, or as the keychain remembers), never because nothing else is stored. Never a secret: the
 * listing has none, and the session manager only answers whether the accepted password is the default.
 */
import type { CredentialBadges } from '../../../shared/ipc/channels/monitor';
import type { AcceptedPassword } from '../credentials/password-status';
import { isFactoryPassword, passwordStatusOf } from '../credentials/password-status';
import type { SessionManager } from '../credentials/session-manager';
import type { CredentialVault, DeviceCredentialInfo } from '../credentials/vault';
import { FACTORY_PASSWORD } from '../credentials/vault-listing';

export const NO_CREDENTIALS: CredentialBadges = { password: 'none', apiKey: false };

export function badgesOf(
  info: DeviceCredentialInfo | undefined,
  accepted?: AcceptedPassword,
): CredentialBadges {
  const factory = isFactoryPassword(passwordStatusOf(info, accepted));
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

/** What the session manager says of the password the device accepted this session, if it accepted one. */
export function acceptedPasswordOf(
  sessions: Pick<SessionManager, 'acceptedPasswordIs'> | undefined,
  deviceId: string,
): AcceptedPassword | undefined {
  const factory = sessions?.acceptedPasswordIs(deviceId, FACTORY_PASSWORD);
  return factory === undefined ? undefined : { factory };
}

/**
 * Badges by device id: every device with something stored, plus `deviceIds` (the fleet's), whose
 * password may be known from this session only.
 */
export async function readBadges(
  vault: CredentialVault,
  sessions?: Pick<SessionManager, 'acceptedPasswordIs'>,
  deviceIds: readonly string[] = [],
): Promise<Map<string, CredentialBadges>> {
  const listing = await vault.list();
  const infos = new Map(listing.devices.map((info) => [info.deviceId, info]));
  const ids = new Set([...infos.keys(), ...deviceIds]);
  return new Map([...ids].map((id) => [id, badgesOf(infos.get(id), acceptedPasswordOf(sessions, id))]));
}
