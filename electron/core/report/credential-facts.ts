/**
 * The keychain as the report sees it: for each device id, whether an API key and a password (its own or
 * its site's) are stored. Built from the vault's listing, which carries metadata only, so no secret is
 * ever read to write a report.
 */
import type { CredentialListing, CredentialVault } from '../credentials/vault';
import type { StoredCredentialFacts } from './build-report';

export function credentialFactsOf(listing: CredentialListing): Map<string, StoredCredentialFacts> {
  return new Map(
    listing.devices.map((d) => [
      d.deviceId,
      { apiKey: d.apiKey !== undefined, password: d.password !== undefined },
    ]),
  );
}

/**
 * The facts for a report, read once more when the keychain fails (another process deleting an entry while
 * this one lists them makes the Secret Service fail a listing); after that the report says "unknown"
 * rather than not being written, and `onError` tells why.
 */
export async function readCredentialFacts(
  vault: Pick<CredentialVault, 'list'>,
  onError: (message: string) => void,
): Promise<Map<string, StoredCredentialFacts> | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return credentialFactsOf(await vault.list());
    } catch (error) {
      if (attempt >= 2) {
        onError(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    }
  }
}
