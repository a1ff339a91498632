/**
 * The keychain as the report sees it: for each device id, whether an API key and a password (its own or
 * its site's) are stored, and what is known of its password (factory default, changed here, set
 * elsewhere, unknown). Built from the vault's listing, which carries metadata only, so no secret is ever
 * read to write a report; in the app the password a device accepted this session counts first (the
 * session manager only says whether it is the factory default).
 */
import { passwordStatusOf } from '../credentials/password-status';
import type { SessionManager } from '../credentials/session-manager';
import type { CredentialListing, CredentialVault } from '../credentials/vault';
import { acceptedPasswordOf } from '../fleet/credential-badges';
import type { StoredCredentialFacts } from './build-report';

type AcceptedSource = Pick<SessionManager, 'acceptedPasswordIs'>;

/** `deviceIds`: the report's devices, whose password may be known from this session only. */
export function credentialFactsOf(
  listing: CredentialListing,
  sessions?: AcceptedSource,
  deviceIds: readonly string[] = [],
): Map<string, StoredCredentialFacts> {
  const facts = new Map(
    listing.devices.map((d): [string, StoredCredentialFacts] => [
      d.deviceId,
      {
        apiKey: d.apiKey !== undefined,
        password: d.password !== undefined,
        passwordStatus: passwordStatusOf(d, acceptedPasswordOf(sessions, d.deviceId)),
      },
    ]),
  );
  for (const id of deviceIds) {
    const accepted = acceptedPasswordOf(sessions, id);
    if (facts.has(id) || accepted === undefined) continue;
    facts.set(id, { apiKey: false, password: false, passwordStatus: passwordStatusOf(undefined, accepted) });
  }
  return facts;
}

/**
 * The facts for a report, read once more when the keychain fails (another process deleting an entry while
 * this one lists them makes the Secret Service fail a listing); after that the report says "unknown"
 * rather than not being written, and `onError` tells why.
 */
export async function readCredentialFacts(
  vault: Pick<CredentialVault, 'list'>,
  onError: (message: string) => void,
  sessions?: AcceptedSource,
  deviceIds: readonly string[] = [],
): Promise<Map<string, StoredCredentialFacts> | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return credentialFactsOf(await vault.list(), sessions, deviceIds);
    } catch (error) {
      if (attempt >= 2) {
        onError(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    }
  }
}
