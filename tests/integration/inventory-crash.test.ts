/**
 * "Persisted data survives a crash": a child process rewrites the inventory in a loop and is
 * killed with SIGKILL at a random moment, 20 times. After each kill the file must load and validate, hold
 * exactly one write (the last one reported or the one in flight), never a mix, and the lock the dead
 * writer left must not stop the next writer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInventoryStore } from '../../electron/core/inventory/store';
import { ok } from '../../shared/result';
import { REPO_ROOT } from '../support/run-cli';

const WRITER_SOURCE = resolve(REPO_ROOT, 'tests/support/inventory-writer.ts');
const ROUNDS = 20;
const PARALLEL = 4;
const root = mkdtempSync(join(tmpdir(), 'minerdeck-crash-'));
const writer = join(root, 'inventory-writer.mjs');

// Bundled once with esbuild (tsx's and vite's own compiler): 20 writers then start in plain node in
// tens of milliseconds instead of compiling TypeScript each time.
beforeAll(async () => {
  await build({
    entryPoints: [WRITER_SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: writer,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Killed {
  dataDir: string;
  /** The last write the child reported as done before the kill. */
  lastDone: number;
}

/** Starts a writer, lets it write for a random while, kills it with SIGKILL. */
function writeAndKill(dataDir: string): Promise<Killed> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [writer, dataDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lastDone = -1;
    let stderr = '';
    let killAt: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const numbers = chunk.toString().trim().split('\n').map(Number);
      lastDone = Math.max(lastDone, ...numbers);
      // Writes are running: kill within the next few writes, at any point of one.
      killAt ??= setTimeout(() => child.kill('SIGKILL'), 5 + Math.random() * 60);
    });
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') fail(new Error(`writer ended with ${code}: ${stderr}`));
      else done({ dataDir, lastDone });
    });
  });
}

it(
  `a writer killed with SIGKILL mid-loop leaves the old or the new file, never a broken one (${ROUNDS} kills)`,
  { timeout: 90_000 },
  async () => {
    const outcomes: { lastDone: number; onDisk: number }[] = [];
    for (let round = 0; round < ROUNDS / PARALLEL; round += 1) {
      const dirs = Array.from({ length: PARALLEL }, (_, i) => join(root, `r${round}-${i}`));
      const killed = await Promise.all(dirs.map(writeAndKill));
      for (const { dataDir, lastDone } of killed) {
        const store = createInventoryStore({ dataDir, lock: { timeoutMs: 2_000 } });
        const loaded = await store.load();
        expect(loaded.ok, loaded.ok ? '' : loaded.error.message).toBe(true);
        if (!loaded.ok) return;
        expect(store.problems()).toEqual([]);
        const writes = new Set(loaded.value.devices.map((d) => /^write (\d+) /.exec(d.notes)?.[1]));
        expect(writes.size).toBe(1);
        const onDisk = Number([...writes][0]);
        expect([lastDone, lastDone + 1]).toContain(onDisk);
        expect(loaded.value.devices).toHaveLength(300);
        // The dead writer's lock and temporary file do not stop the next writer.
        const next = await store.update((inventory) => {
          inventory.settings.currentSiteId = null;
          return ok(undefined);
        });
        expect(next.ok, next.ok ? '' : next.error.message).toBe(true);
        expect(readdirSync(dataDir).sort()).toEqual(['inventory.json']);
        outcomes.push({ lastDone, onDisk });
      }
    }
    expect(outcomes).toHaveLength(ROUNDS);
  },
);
