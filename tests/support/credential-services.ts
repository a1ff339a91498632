/** Credential services over simulated devices with a session-only store, for integration tests and the bench. */
import { createCredentialServices } from '../../electron/core/credentials/credential-services';
import type { CredentialServices } from '../../electron/core/credentials/credential-services';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import type { Keychain } from '../../electron/core/credentials/open-keychain';
import type { SecureStore } from '../../electron/core/credentials/secure-store';
import type { DeviceClient } from '../../electron/core/device/client';
import type { EventHub } from '../../electron/core/events/event-hub';

/** A keychain as `openKeychain` would hand it over, around any store. */
export const keychainOver = (store: SecureStore = createMemoryStore()): Keychain => ({
  store,
  status: { state: store.kind === 'keychain' ? 'available' : 'unavailable', elapsedMs: 0 },
  service: 'minerdeck-test',
});

export function servicesFor(
  client: DeviceClient,
  options: { store?: SecureStore; events?: EventHub } = {},
): CredentialServices {
  return createCredentialServices({
    client,
    keychain: keychainOver(options.store),
    hostname: 'bench-laptop',
    ...(options.events !== undefined ? { events: options.events } : {}),
  });
}
