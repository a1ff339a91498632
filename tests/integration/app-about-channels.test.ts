/**
 * The About box's channels over the core services built as Electron main builds them (open-services.ts),
 * with the real keychain probe (a private keyring under scripts/run-tests.sh): `app:about` tells what the
 * keychain really is, and `app:open-data-folder` hands the opener exactly the data folder, never a path
 * the renderer chose.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import { closeKeychain, openKeychain } from '../../electron/core/credentials/open-keychain';
import type { Keychain } from '../../electron/core/credentials/open-keychain';
import { openCoreServices } from '../../electron/core/open-services';
import type { CoreServices } from '../../electron/core/services';
import type { SystemGlue } from '../../electron/core/shell/system-glue';
import { contract } from '../../shared/ipc/contract';
import { err, ok } from '../../shared/result';
import { lockedKeychain } from '../support/test-keychain';

const root = mkdtempSync(join(tmpdir(), 'minerdeck-about-'));
const opened: string[] = [];
const open: Array<{ services: CoreServices; keychain: Keychain }> = [];

const system = (openPath?: SystemGlue['openPath']): SystemGlue => ({
  copyText: async () => ok({ where: 'the clipboard' }),
  openExternal: async () => err('FORBIDDEN', 'not in this test'),
  ...(openPath !== undefined ? { openPath } : {}),
});

async function start(
  dataDir: string,
  keychain: Keychain,
  glue = system(async (path) => {
    opened.push(path);
    return ok(undefined);
  }),
) {
  const services = await openCoreServices({
    identity: { name: 'minerdeck', version: '4.5.6', platform: process.platform, versions: {} },
    dataDir,
    keychain,
    hostname: 'laptop',
    suggest: () => [],
    system: glue,
  });
  open.push({ services, keychain });
  return { services, handlers: createHandlers(services) };
}

afterAll(async () => {
  for (const { services, keychain } of open) {
    await services.dispose();
    await closeKeychain(keychain);
  }
  rmSync(root, { recursive: true, force: true });
});

describe('app:about and app:open-data-folder', () => {
  it('tells the version, the data folder and what the real keychain is', async () => {
    const keychain = await openKeychain({ service: `minerdeck-about-test-${process.pid}` });
    const dataDir = join(root, 'real');
    const { services, handlers } = await start(dataDir, keychain);
    const about = await handlers['app:about']();
    expect(about.ok && contract['app:about'].output.safeParse(about.value).success).toBe(true);
    expect(about).toMatchObject({
      ok: true,
      value: {
        name: 'Minerdeck',
        version: '4.5.6',
        dataDir,
        keychain: { state: keychain.status.state, persistent: services.credentials!.vault.persistent },
      },
    });
  });

  it('says session-only when the keychain is locked', async () => {
    const { handlers } = await start(join(root, 'locked'), lockedKeychain());
    const about = await handlers['app:about']();
    expect(about).toMatchObject({
      ok: true,
      value: {
        keychain: { state: 'locked', persistent: false, summary: expect.stringMatching(/^Session-only/) },
      },
    });
  });

  it('opens the data folder, creating it first when nothing was saved yet', async () => {
    const dataDir = join(root, 'fresh');
    const { handlers } = await start(dataDir, lockedKeychain());
    rmSync(dataDir, { recursive: true, force: true });
    expect(await handlers['app:open-data-folder']()).toEqual(ok({ path: dataDir }));
    expect(opened.at(-1)).toBe(dataDir);
    expect(existsSync(dataDir)).toBe(true);
  });

  it("passes on the opener's failure, and says so where a shell cannot open folders", async () => {
    const failing = await start(
      join(root, 'failing'),
      lockedKeychain(),
      system(async () => err('INTERNAL', 'The folder could not be opened: no file manager.')),
    );
    expect(await failing.handlers['app:open-data-folder']()).toEqual(
      err('INTERNAL', 'The folder could not be opened: no file manager.'),
    );
    const bare = await start(join(root, 'bare'), lockedKeychain(), system());
    expect(await bare.handlers['app:open-data-folder']()).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });
});
