/**
 * One naming rule for the contract's files (docs/architecture.md, IPC): `shared/ipc/channels/<name>.ts`
 * exports `<name>Channels`, and `electron/core/channels/<name>-channels.ts` implements it as
 * `<name>Handlers` — the same `<name>` on both sides, so a reader finds one from the other.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../../shared/ipc/contract';

const root = path.resolve(__dirname, '../../../..');
const sharedDir = path.join(root, 'shared/ipc/channels');
const coreDir = path.join(root, 'electron/core/channels');

/** `site-setup` → `siteSetup`. */
const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const contractFiles = readdirSync(sharedDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();
const handlerFiles = readdirSync(coreDir)
  .filter((file) => file.endsWith('-channels.ts'))
  .map((file) => file.slice(0, -'-channels.ts'.length))
  .sort();

describe('contract files and their handler files', () => {
  it('pair one to one by name', () => {
    expect(contractFiles.length).toBeGreaterThan(10);
    expect(handlerFiles).toEqual(contractFiles);
  });

  it.each(contractFiles)(
    '%s.ts exports its channels under its own name, all in the contract',
    async (name) => {
      const module = (await import(path.join(sharedDir, `${name}.ts`))) as Record<string, unknown>;
      const channels = module[`${camel(name)}Channels`];
      expect(channels, `shared/ipc/channels/${name}.ts exports ${camel(name)}Channels`).toBeTypeOf('object');
      const missing = Object.keys(channels as object).filter((channel) => !(channel in contract));
      expect(missing).toEqual([]);
    },
  );

  it.each(handlerFiles)('%s-channels.ts exports its handlers under the same name', async (name) => {
    const module = (await import(path.join(coreDir, `${name}-channels.ts`))) as Record<string, unknown>;
    expect(module[`${camel(name)}Handlers`], `${name}-channels.ts exports ${camel(name)}Handlers`).toBeTypeOf(
      'function',
    );
  });
});
