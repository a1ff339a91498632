import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../electron/core/handlers';
import { openCoreServices } from '../../../../electron/core/open-services';
import { ok } from '../../../../shared/result';
import { keychainOver } from '../../../support/credential-services';

const identity = { name: 'm', version: '0', platform: 'linux', versions: {} };
const system = {
  copyText: async () => ok({ where: 'the clipboard' }),
  openExternal: async () => ok(undefined),
};

describe('core services with credentials', () => {
  it('are built by the shell over the keychain it was given, and disposed with the rest', async () => {
    const services = await openCoreServices({
      identity,
      system,
      keychain: keychainOver(),
      suggest: () => [],
    });
    expect(services.credentials.keychain.store.kind).toBe('memory');
    expect(services.credentials.vault.persistent).toBe(false);
    await services.dispose();
    await services.dispose();
  });

  it('run session-only as one state the channels read: said with its reason, storing writes refused', async () => {
    const services = await openCoreServices({
      identity,
      system,
      keychain: keychainOver(),
      suggest: () => [],
    });
    const handlers = createHandlers(services);
    expect(await handlers['credentials:keychain']()).toMatchObject({
      ok: true,
      value: { state: 'unavailable', persistent: false },
    });
    expect(await handlers['credentials:provision']({ deviceIds: ['mac:02:00:00:00:00:01'] })).toMatchObject({
      ok: false,
      error: {
        code: 'KEYCHAIN_UNAVAILABLE',
        message: expect.stringMatching(
          /^The keychain is unavailable, so API keys are not created/,
        ) as unknown,
      },
    });
    await services.dispose();
  });
});
