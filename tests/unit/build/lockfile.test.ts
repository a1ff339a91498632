/**
 * `npm ci` on a fresh machine refuses a lockfile that names an optional dependency without an entry for
 * it — the gap npm leaves when a lockfile is updated in place (npm/cli#4828). Catch it here, before CI
 * does; `bash scripts/refresh-lockfile.sh` repairs it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/run-cli';

interface LockPackage {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

/** Node's resolution: the package's own node_modules first, then each parent's, up to the root. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[`${base === '' ? '' : `${base}/`}node_modules/${name}`] !== undefined) return true;
    if (base === '') return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${name} (needed by ${path || 'the root'})`),
    );
    expect(missing, 'run bash scripts/refresh-lockfile.sh').toEqual([]);
  });
});
