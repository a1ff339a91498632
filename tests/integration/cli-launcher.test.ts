/**
 * The `minerdeck` command of the installed app: resources/bin/minerdeck runs the bundled CLI
 * (resources/cli) with the app's own executable in Node mode. Here a fake installation is laid out the
 * way electron-builder's extraResources (package.json "build") lays it out on Linux, with a stand-in for
 * the Electron binary that is plain Node only when started with ELECTRON_RUN_AS_NODE=1 (Electron itself
 * cannot run here). The launcher, the bundle and the app root it finds (resources/app: the app's
 * package.json and node_modules) are the real ones.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, keychain } from '../support/requirements';
import { CLI_BIN, DEFAULT_TEST_KEYCHAIN_SERVICE, REPO_ROOT } from '../support/run-cli';

interface BuildConfig {
  productName: string;
  linux: { executableName: string };
  extraResources: { from: string; to: string }[];
}
const build = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { build: BuildConfig })
  .build;
const LAUNCHER = join(REPO_ROOT, 'resources/bin/minerdeck');
/** A version no real build has: seen in an export only when the CLI read the installed app's package.json. */
const APP_VERSION = '9.8.7-installed';

let root: string;
let install: string;
let dataDir: string;

/** Where electron-builder puts an extraResources entry, from the configuration itself. */
function resourcesFor(from: string): string {
  const entry = build.extraResources.find((e) => e.from === from);
  if (entry === undefined) throw new Error(`package.json build.extraResources has no entry for ${from}`);
  return join(install, 'resources', entry.to);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'minerdeck-launcher-'));
  install = join(root, 'opt/Minerdeck');
  dataDir = join(root, 'data');
  cpSync(join(REPO_ROOT, 'resources/bin'), resourcesFor('resources/bin'), { recursive: true });
  cpSync(dirname(CLI_BIN), resourcesFor('out/cli'), { recursive: true });
  const app = join(install, 'resources/app');
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'minerdeck', version: APP_VERSION }));
  symlinkSync(join(REPO_ROOT, 'node_modules/keytar'), join(app, 'node_modules/keytar'));
  const executable = join(install, build.linux.executableName);
  writeFileSync(
    executable,
    [
      '#!/bin/sh',
      '# Stands in for the Electron binary: Node when in Node mode, else it would open the window.',
      '[ "${ELECTRON_RUN_AS_NODE:-}" = 1 ] || { echo "started as the app, not in Node mode" >&2; exit 97; }',
      `exec '${process.execPath}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(executable, 0o755);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command as a shell would: no Node on the command line, the launcher's own shebang. */
function run(command: string, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        ELECTRON_RUN_AS_NODE: undefined,
        MINERDECK_DATA_DIR: dataDir,
        MINERDECK_KEYCHAIN_SERVICE: DEFAULT_TEST_KEYCHAIN_SERVICE,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const installed = (): string => join(resourcesFor('resources/bin'), 'minerdeck');

describe('resources/bin/minerdeck in an installed layout', () => {
  it('is an executable POSIX sh script in the repository (git keeps the mode it ships with)', () => {
    expect(statSync(LAUNCHER).mode & 0o111).toBe(0o111);
    expect(readFileSync(LAUNCHER, 'utf8')).toMatch(/^#!\/bin\/sh\n/);
  });

  it('`minerdeck help` prints the help through the app runtime in Node mode; exit 0', async () => {
    const help = await run(installed(), ['help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Minerdeck — commission mining devices on site.');
    expect(help.stdout).toContain('minerdeck scan <targets…>');
  });

  it('passes exit codes and standard input through: 2 for bad usage, 1 for a failed operation', async () => {
    const none = await run(installed(), []);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Usage:');
    const unknown = await run(installed(), ['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    // A password on standard input, for a port nothing listens on: the read fails, and says so.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const refused = await run(
      installed(),
      ['status', `127.0.0.1:${port}`, '--password-stdin', '--json', '--timeout', '2000'],
      'not-a-real-password',
    );
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout.split('\n')[0] ?? '{}')).toMatchObject({ ok: false });
  });

  it('works through a symlink elsewhere on PATH, as /usr/local/bin/minerdeck would be', async () => {
    const bin = join(root, 'usr-local-bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(installed(), join(bin, 'minerdeck'));
    const help = await run(join(bin, 'minerdeck'), ['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Minerdeck — commission mining devices on site.');
  });

  it("reads the installed app's package.json (resources/app), not the repository's", async () => {
    const out = join(root, 'export.json');
    const exported = await run(installed(), ['export', '--out', out]);
    expect(exported.code).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8')) as { exportedBy: { version: string } };
    expect(file.exportedBy.version).toBe(APP_VERSION);
  });
});

describeWith(keychain, 'the installed CLI and the keychain', () => {
  it("loads keytar from the installed app's node_modules (resources/app), outside any repository", async () => {
    const status = await run(installed(), ['keychain', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout.split('\n')[0] ?? '{}')).toMatchObject({ state: 'available' });
  });
});

describe('the launchers and the packaging configuration agree', () => {
  it('the POSIX launcher starts the Linux executable and the macOS bundle that package.json names', () => {
    const text = readFileSync(LAUNCHER, 'utf8');
    expect(text).toContain(`$resources/../${build.linux.executableName}`);
    expect(text).toContain(`$resources/../MacOS/${build.productName}`);
    expect(text).toContain('$resources/cli/minerdeck.mjs');
  });

  it('the Windows launcher runs <productName>.exe in Node mode with the same bundle, CRLF lines', () => {
    const text = readFileSync(join(REPO_ROOT, 'resources/bin/minerdeck.cmd'), 'utf8');
    expect(
      text
        .split('\n')
        .slice(0, -1)
        .every((line) => line.endsWith('\r')),
    ).toBe(true);
    expect(text).toContain('set "ELECTRON_RUN_AS_NODE=1"');
    expect(text).toContain(`"%~dp0..\\..\\${build.productName}.exe" "%~dp0..\\cli\\minerdeck.mjs" %*`);
    expect(text).toContain('exit /b %ERRORLEVEL%');
  });
});
