/**
 * The keychain as the report sees it: for each device id, whether an API key and a password (its own or
 * its site's) are stored. Built from the vault's listing, which carries metadata only, so no secret is
 * ever read to write a report.
 */
import type { CredentialListing } from '../credentials/vault';
import type { StoredCredentialFacts } from './build-report';

export function credentialFactsOf(listing: CredentialListing): Map<string, StoredCredentialFacts> {
  return new Map(
    listing.devices.map((d) => [
      d.deviceId,
      { apiKey: d.apiKey !== undefined, password: d.password !== undefined },
    ]),
  );
}
