import { describe, expect, it } from 'vitest';
import { createCredentialServices } from '../../../../electron/core/credentials/credential-services';
import { createDeviceClient } from '../../../../electron/core/device/client';
import { createCoreServices } from '../../../../electron/core/services';
import { keychainOver } from '../../../support/credential-services';

describe('core services with credentials', () => {
  it('are built explicitly by the shell over the core event hub, and disposed with it', async () => {
    const client = createDeviceClient();
    const services = createCoreServices({
      identity: { name: 'minerdeck', version: '0', platform: 'linux', versions: {} },
      credentials: (events) =>
        createCredentialServices({ client, keychain: keychainOver(), hostname: 'h', events }),
    });
    expect(services.credentials?.keychain.store.kind).toBe('memory');
    expect(services.credentials?.vault.persistent).toBe(false);
    await services.dispose();
    client.close();
  });

  it('are absent where the shell does not ask for them', async () => {
    const services = createCoreServices({
      identity: { name: 'm', version: '0', platform: 'linux', versions: {} },
    });
    expect(services.credentials).toBeUndefined();
    await services.dispose();
  });
});
