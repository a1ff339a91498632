/**
 * Several engineers run e2e suites on one checkout at once, each against the build of the sources as they
 * were when it started (tests/support/built-app.ts). A newer build must not remove a build another live
 * process still uses, nor one being built, while builds nobody uses any more are still removed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dropUnusedBuilds } from '../../support/built-app';
import { REPO_ROOT } from '../../support/run-cli';

const HOUR_AGO = new Date(Date.now() - 3_600_000);
let root = '';

/** A finished build folder, with a lease held by `pid` (taken an hour ago) when given. */
function build(name: string, pid?: number): string {
  const out = join(root, name);
  mkdirSync(join(out, 'renderer'), { recursive: true });
  writeFileSync(join(out, 'renderer/index.html'), '<!doctype html>');
  if (pid !== undefined) {
    mkdirSync(`${out}.users`, { recursive: true });
    writeFileSync(join(`${out}.users`, String(pid)), '');
    utimesSync(join(`${out}.users`, String(pid)), HOUR_AGO, HOUR_AGO);
  }
  return out;
}

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('dropping older app builds', () => {
  it('keeps a build a live process uses or someone is building, and drops the unused ones', () => {
    mkdirSync(join(REPO_ROOT, 'tests/.tmp'), { recursive: true });
    root = mkdtempSync(join(REPO_ROOT, 'tests/.tmp/built-app-test-'));
    const current = build('aaaaaaaaaaaaaaaa');
    const usedByLiveRun = build('bbbbbbbbbbbbbbbb', process.pid);
    const leftByDeadRun = build('cccccccccccccccc', deadPid());
    const neverLeased = build('dddddddddddddddd');
    const beingBuilt = join(root, 'eeeeeeeeeeeeeeee');
    mkdirSync(beingBuilt);
    mkdirSync(`${beingBuilt}.lock`);

    dropUnusedBuilds(root, 'aaaaaaaaaaaaaaaa');

    expect(existsSync(current)).toBe(true);
    expect(existsSync(join(usedByLiveRun, 'renderer/index.html'))).toBe(true);
    expect(existsSync(beingBuilt)).toBe(true);
    expect(existsSync(leftByDeadRun)).toBe(false);
    expect(existsSync(`${leftByDeadRun}.users`)).toBe(false);
    expect(existsSync(neverLeased)).toBe(false);
  });

  it('keeps a build whose lease was taken minutes ago, whatever became of that process', () => {
    mkdirSync(join(REPO_ROOT, 'tests/.tmp'), { recursive: true });
    root = mkdtempSync(join(REPO_ROOT, 'tests/.tmp/built-app-test-'));
    const recent = build('bbbbbbbbbbbbbbbb');
    mkdirSync(`${recent}.users`);
    writeFileSync(join(`${recent}.users`, String(deadPid())), '');
    dropUnusedBuilds(root, 'aaaaaaaaaaaaaaaa', Date.now());
    expect(existsSync(recent)).toBe(true);
  });
});
