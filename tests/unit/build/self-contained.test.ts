/**
 * A clone with nothing beside it must pass `npm ci && npm test`: nothing the product, its tests, its
 * scripts or its docs use may live outside the repository. CI clones the repository with its old sibling
 * folders still beside it, so a path that escapes the root would keep working there and only break for
 * the next person who clones it alone. Two checks:
 *
 * - static: every repository text file is searched for paths that resolve outside the root — imports and
 *   `new URL(…, import.meta.url)` in code, `resolve/join(<this file's folder or the root>, …)`, markdown
 *   links and inline-code paths, shell `$(dirname "$0")/…`, absolute paths of the build machine, and
 *   mentions of the folder that used to sit beside the checkout;
 * - runtime: the repository's files alone are copied into a fresh `<tmp>/lone/repo` (node_modules linked),
 *   and there every unit test that reads the recorded payloads or the vendor document runs, and the
 *   simulator answers with them over loopback HTTP.
 *
 * "The repository's files" are the tracked ones plus the new, not ignored ones (what the next commit
 * holds), so the check also holds before the files are committed.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getJson } from '../simulator/http-client';

const REPO = resolve(import.meta.dirname, '../../..');
const SELF = relative(REPO, import.meta.filename);

/** Tracked files plus new, not ignored ones, that exist on disk (a deleted tracked file is skipped). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const names = [...new Set(out.split('\0').filter((name) => name !== ''))];
  return names.filter((name) => existsSync(join(REPO, name))).sort();
}

const FILES = repositoryFiles();

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SHELL = /(\.sh$|^\.ci\/)/;

/** Whether `path` (absolute) lies outside the repository root. */
function escapes(path: string): boolean {
  const rel = relative(REPO, path);
  return rel === '..' || rel.startsWith('../') || isAbsolute(rel);
}

interface Finding {
  line: number;
  what: string;
}

/**
 * Imports (`from`, `import()`, `require()`, `vi.mock()`) and `new URL('<rel>', import.meta.url)`: resolved
 * from the file's own folder. Other strings are left alone: a relative path inside generated code (a
 * bundle's banner) is relative to where that code will run, not to this file.
 */
function relativeLiterals(text: string, dir: string): Finding[] {
  const found: Finding[] = [];
  const forms = [
    /\bfrom\s+(['"])(\.{1,2}(?:\/[^'"]*)?)\1/g,
    /\b(?:import|require|vi\.mock|vi\.doMock)\(\s*(['"])(\.{1,2}(?:\/[^'"]*)?)\1/g,
    /\bnew URL\(\s*(['"`])(\.{1,2}(?:\/[^'"`$]*)?)[^)]*?,\s*import\.meta\.url\s*\)/g,
  ];
  for (const form of forms) {
    for (const m of text.matchAll(form)) {
      if (escapes(resolve(dir, m[2]!))) found.push({ line: lineOf(text, m.index), what: m[2]! });
    }
  }
  return found;
}

/** `resolve/join(<base>, 'a', 'b', …)` where the base is the file's folder or the repository root. */
function joinedLiterals(text: string, dir: string): Finding[] {
  const found: Finding[] = [];
  const call =
    /\b(?:resolve|join)\(\s*(__dirname|import\.meta\.dirname|dirname\(fileURLToPath\(import\.meta\.url\)\)|REPO_ROOT|REPO)((?:\s*,\s*'[^']*')+)/g;
  for (const m of text.matchAll(call)) {
    const base = m[1] === 'REPO_ROOT' || m[1] === 'REPO' ? REPO : dir;
    const parts = [...m[2]!.matchAll(/'([^']*)'/g)].map((p) => p[1]!);
    if (escapes(resolve(base, ...parts))) found.push({ line: lineOf(text, m.index), what: m[0] });
  }
  return found;
}

/** Markdown links and inline-code paths, resolved from the document's folder. */
function markdownPaths(text: string, dir: string): Finding[] {
  const found: Finding[] = [];
  const link = /\]\(([^)\s]+)\)|`(\.\.?\/[^`\s]*)`/g;
  for (const m of text.matchAll(link)) {
    const target = (m[1] ?? m[2]!).split('#')[0]!;
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    if (escapes(resolve(dir, target))) found.push({ line: lineOf(text, m.index), what: m[0] });
  }
  return found;
}

/**
 * Shell: `$(dirname "$0")/…` from the script's folder; a word starting `../` from the root (scripts cd
 * there).
 */
function shellPaths(text: string, dir: string): Finding[] {
  const found: Finding[] = [];
  for (const m of text.matchAll(/\$\(dirname "\$0"\)\/([^"\s)]+)/g)) {
    if (escapes(resolve(dir, m[1]!))) found.push({ line: lineOf(text, m.index), what: m[0] });
  }
  for (const m of text.matchAll(/(?<=^|[\s'"=])\.\.\/\S*/gm)) {
    found.push({ line: lineOf(text, m.index), what: m[0] });
  }
  return found;
}

/** npm scripts run from the root: a `../` in one reaches outside. */
function packageScripts(text: string): Finding[] {
  const scripts = (JSON.parse(text) as { scripts?: Record<string, string> }).scripts ?? {};
  return Object.entries(scripts)
    .filter(([, command]) => /(^|[\s'"=])\.\.\//.test(command))
    .map(([name, command]) => ({ line: lineOf(text, text.indexOf(`"${name}"`)), what: command }));
}

/** The build machine's absolute checkout paths, and the folder that used to sit beside the checkout. */
const ABSOLUTE = new RegExp(`(^|[\\s'"\`(=:])/${'work'}/`, 'g');
const OLD_SIBLING = new RegExp(`\\.\\./${'shared'}/(fixtures|spec|hooks|DESIGN)`, 'g');

function anywhere(text: string): Finding[] {
  return [...text.matchAll(ABSOLUTE), ...text.matchAll(OLD_SIBLING)].map((m) => ({
    line: lineOf(text, m.index),
    what: m[0].trim(),
  }));
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function outsidePaths(name: string): string[] {
  const buffer = readFileSync(join(REPO, name));
  if (buffer.includes(0)) return [];
  const text = buffer.toString('utf8');
  const dir = dirname(join(REPO, name));
  const findings = [
    ...anywhere(text),
    ...(CODE.test(name) ? [...relativeLiterals(text, dir), ...joinedLiterals(text, dir)] : []),
    ...(name.endsWith('.md') ? markdownPaths(text, dir) : []),
    ...(SHELL.test(name) ? shellPaths(text, dir) : []),
    ...(name === 'package.json' ? packageScripts(text) : []),
  ];
  const lines = new Map<number, string>();
  for (const f of findings) if (!lines.has(f.line)) lines.set(f.line, `${name}:${f.line}: ${f.what}`);
  return [...lines.values()];
}

describe('the repository is self-contained', () => {
  it('lists its files (git ls-files), including the recorded payloads and the device API docs', () => {
    expect(FILES).toContain('tests/fixtures/device/info.proto-fleet-s21pro-vnish1.2.7.json');
    expect(FILES).toContain('docs/device-api/miner-device-http-api.md');
    expect(FILES).toContain('docs/device-api/vendor/xminer-api-1.2.6.openapi.json');
  });

  it('names no path that resolves outside the repository', () => {
    const found = FILES.filter(
      (name) => existsSync(join(REPO, name)) && lstatSync(join(REPO, name)).isFile(),
    ).flatMap(outsidePaths);
    expect(found).toEqual([]);
  });
});

/** Unit tests that read the recorded payloads or the vendor document, through the one module naming them. */
const LOADERS = /from '[^']*\/(?:fixtures\/paths|support\/vendor-spec|fakes\/device-fixtures)'/;
const LOADER_TESTS = FILES.filter(
  (name) => /^tests\/unit\/.*\.test\.tsx?$/.test(name) && name !== SELF,
).filter((name) => LOADERS.test(readFileSync(join(REPO, name), 'utf8')));

let lone = '';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (lone !== '') rmSync(lone, { recursive: true, force: true });
});

/** `<tmp>/lone/repo` holding the repository's files and nothing else beside it; node_modules linked. */
function loneClone(): string {
  lone = mkdtempSync(join(tmpdir(), 'minerdeck-lone-'));
  const repo = join(lone, 'lone', 'repo');
  for (const name of FILES) {
    // Skip this test (so the inner run can never start it again) and a file deleted since listing.
    if (name === SELF || !existsSync(join(REPO, name))) continue;
    mkdirSync(dirname(join(repo, name)), { recursive: true });
    copyFileSync(join(REPO, name), join(repo, name));
  }
  symlinkSync(join(REPO, 'node_modules'), join(repo, 'node_modules'), 'dir');
  return repo;
}

/** The environment without the outer run's vitest variables, so the inner run is a run of its own. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST'),
  );
  delete env['FORCE_COLOR'];
  return { ...env, NO_COLOR: '1' };
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs a node child in `cwd`, killed after `ms`. */
function runNode(cwd: string, args: string[], ms: number): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

describe('a lone clone', () => {
  it('runs the tests that read the payloads and the vendor document, and the simulator serves them', async () => {
    expect(LOADER_TESTS.length).toBeGreaterThanOrEqual(5);
    const repo = loneClone();

    const vitest = join('node_modules', 'vitest', 'vitest.mjs');
    const run = await runNode(repo, [vitest, 'run', '--reporter=dot', ...LOADER_TESTS], 75_000);
    expect(run.code, run.output).toBe(0);
    const files = /Test Files\s+(\d+) passed \((\d+)\)/.exec(run.output);
    expect(files?.slice(1), run.output).toEqual([String(LOADER_TESTS.length), String(LOADER_TESTS.length)]);

    const block = `127.${randomInt(16, 251)}.${randomInt(0, 240)}`;
    const port = randomInt(20_000, 60_000);
    const args = ['--count', '1', '--host-base', block, '--port', String(port)];
    const simulator = spawn(process.execPath, ['--import', 'tsx', 'tests/simulator/cli.ts', ...args], {
      cwd: repo,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(simulator);
    let out = '';
    simulator.stdout.on('data', (c: Buffer) => (out += c.toString()));
    simulator.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((done) => simulator.on('exit', (code) => done(code)));
    const started = Date.now();
    while (!out.includes('Running.') && simulator.exitCode === null && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(out).toContain('Running.');

    const base = `http://${block}.1:${port}`;
    const page = await getJson(`${base}/`);
    const vendorDoc = await getJson(`${base}/docs/api-doc.json`);
    const info = await getJson(`${base}/api/v1/info`);
    simulator.kill('SIGTERM');
    expect(await exited).toBe(0);

    const fixtures = join(REPO, 'tests/fixtures/device');
    expect(page.body).toBe(
      readFileSync(join(fixtures, 'root-index-html.proto-fleet-s21pro-vnish1.2.7.html'), 'utf8'),
    );
    expect(vendorDoc.body).toBe(
      readFileSync(join(REPO, 'docs/device-api/vendor/xminer-api-1.2.6.openapi.json'), 'utf8'),
    );
    expect(info.status).toBe(200);
    expect(out).toContain('Simulator stopped.');
  }, 120_000);
});
