/**
 * The Node version check CI runs before `npm ci` (.ci/check-node.mjs): the minimum comes from
 * package.json's engines, a Node older than it is named with both numbers, and an engines field it cannot
 * read is an error, not a pass. The project's minimum is the one its pinned Electron needs, and the
 * README states that same number.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/run-cli';

const SCRIPT = join(REPO_ROOT, '.ci/check-node.mjs');
const dir = mkdtempSync(join(tmpdir(), 'minerdeck-check-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
function packageWith(engines: unknown): string {
  const path = join(dir, `package-${(written += 1)}.json`);
  writeFileSync(path, JSON.stringify({ name: 'x', ...(engines === undefined ? {} : { engines }) }));
  return path;
}

async function check(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, ...args]);
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout.trim() };
  }
}

const minimumIn = (range: string): string => /(\d+\.\d+\.\d+)/.exec(range)?.[1] ?? 'none';
const parts = (version: string): number[] => version.split('.').map(Number);

describe('.ci/check-node.mjs', () => {
  const pkg = packageWith({ node: '>=22.12.0' });

  it('passes a Node at or above the minimum of package.json engines', async () => {
    for (const version of ['v22.12.0', 'v22.12.1', 'v22.23.3', 'v23.0.0', 'v100.0.0']) {
      expect(await check('--package', pkg, '--version', version), version).toEqual({
        code: 0,
        out: `node ${version} meets the minimum 22.12.0 (package.json engines)`,
      });
    }
  });

  it('fails an older Node, naming both versions', async () => {
    for (const version of ['v20.20.2', 'v22.11.9', 'v21.99.99', 'v9.99.99']) {
      expect(await check('--package', pkg, '--version', version), version).toEqual({
        code: 1,
        out: `node ${version} is older than the minimum 22.12.0 that package.json's engines name`,
      });
    }
  });

  it('prints the minimum for the installer step', async () => {
    expect(await check('--package', pkg, '--minimum')).toEqual({ code: 0, out: '22.12.0' });
  });

  it('refuses an engines field it cannot read as a minimum, and a malformed version', async () => {
    for (const engines of [undefined, { node: '^22.12.0' }, { node: '>=22' }, { npm: '>=10' }]) {
      const run = await check('--package', packageWith(engines), '--version', 'v99.0.0');
      expect(run.code, JSON.stringify(engines)).toBe(2);
      expect(run.out).toMatch(/must name the minimum Node as "engines": \{ "node": ">=X\.Y\.Z" \}/);
    }
    expect(await check('--package', pkg, '--version', '22')).toEqual({
      code: 2,
      out: "check-node: --version must look like v22.12.0, got '22'",
    });
    expect((await check('--package', join(dir, 'missing.json'))).code).toBe(2);
  });

  it("checks this repository's package.json by default: its minimum is what Electron needs, and the README says it", async () => {
    const { code, out: minimum } = await check('--minimum');
    expect(code).toBe(0);
    const electron = JSON.parse(
      readFileSync(join(REPO_ROOT, 'node_modules/electron/package.json'), 'utf8'),
    ) as {
      engines?: { node?: string };
    };
    const electronMinimum = parts(minimumIn(electron.engines?.node ?? ''));
    const ours = parts(minimum);
    // Ours is at least Electron's (compared part by part, major first).
    const firstDifference = ours.findIndex((n, i) => n !== electronMinimum[i]);
    expect(
      firstDifference < 0 || (ours[firstDifference] ?? 0) > (electronMinimum[firstDifference] ?? 0),
    ).toBe(true);
    const [major, minor] = ours;
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).toContain(
      `Node.js ${major}.${minor} or later`,
    );
  });
});
