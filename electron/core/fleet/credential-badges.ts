/**
 * What the fleet table shows about stored credentials, from the vault's metadata listing: which password
 * a device would use (its own, its site's, or one it refused), and whether it has an API key. Never a
 * secret: the listing has none.
 */
import type { CredentialBadges } from '../../../shared/ipc/channels/monitor';
import type { CredentialVault, DeviceCredentialInfo } from '../credentials/vault';

export const NO_CREDENTIALS: CredentialBadges = { password: 'none', apiKey: false };

export function badgesOf(info: DeviceCredentialInfo | undefined): CredentialBadges {
  if (info === undefined) return NO_CREDENTIALS;
  const password =
    info.password === undefined ? 'none' : info.password.rejected ? 'rejected' : info.password.source;
  const description = info.apiKey?.description;
  return {
    password,
    apiKey: info.apiKey !== undefined,
    ...(description !== undefined ? { apiKeyDescription: description } : {}),
  };
}

/** Badges for every device with something stored, by device id. */
export async function readBadges(vault: CredentialVault): Promise<Map<string, CredentialBadges>> {
  const listing = await vault.list();
  return new Map(listing.devices.map((info) => [info.deviceId, badgesOf(info)]));
}
