/**
 * What an installer built from this repository contains: the app built from the current sources (the
 * e2e suites' cached build, tests/support/built-app.ts, placed in out/ as `npm run build` places it) and
 * the CLI bundle, packed by electron-builder's own file selection and asar steps on package.json "build"
 * (tests/support/electron-builder-asar.ts). The archive must hold what the app runs — and nothing of the
 * repository besides: no sources, tests, simulator, benches, secrets or source maps. Every module the
 * built main process and preload import must resolve inside the package.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractAll, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApp } from '../support/built-app';
import type { PackedApp } from '../support/electron-builder-asar';
import { packLikeElectronBuilder } from '../support/electron-builder-asar';
import { WINDOW_ICON } from '../../electron/core/shell/window-icon';
import { REPO_ROOT } from '../support/run-cli';

let work: string;
let packed: PackedApp;
/** app.asar extracted (unpacked files included), outside the repository. */
let extracted: string;
/** Paths inside app.asar, relative, with forward slashes: `out/main/index.js`. */
let files: string[];

beforeAll(async () => {
  const built = await builtApp();
  for (const part of ['main', 'preload', 'renderer']) {
    rmSync(join(REPO_ROOT, 'out', part), { recursive: true, force: true });
    cpSync(join(built, part), join(REPO_ROOT, 'out', part), { recursive: true });
  }
  // out/cli is built by the test run's global setup (tests/support/build-cli-once.ts).
  work = mkdtempSync(join(tmpdir(), 'minerdeck-pack-'));
  packed = await packLikeElectronBuilder(REPO_ROOT, join(work, 'linux-unpacked'));
  files = listPackage(packed.asar, { isPack: false }).map((path) =>
    path.replace(/^[/\\]/, '').replaceAll('\\', '/'),
  );
  extracted = join(work, 'extracted');
  extractAll(packed.asar, extracted);
}, 170_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

const outsideModules = (): string[] =>
  files.filter((path) => path !== 'node_modules' && !path.startsWith('node_modules/'));

describe('app.asar', () => {
  it('holds the built main process, preload, renderer, package.json and the window icon', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'out/main/index.js',
        'out/preload/index.cjs',
        'out/renderer/index.html',
        'package.json',
        // Read by the main process from the app root at run time (electron/core/shell/window-icon.ts).
        WINDOW_ICON,
      ]),
    );
    expect(files.some((path) => /^out\/renderer\/assets\/.+\.js$/.test(path))).toBe(true);
  });

  it('package.json inside names the main entry and keeps neither the scripts nor the build configuration', () => {
    const inside = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { main: string };
    const pkg = JSON.parse(readFileSync(join(extracted, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.main).toBe(inside.main);
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.build).toBeUndefined();
  });

  it("keeps keytar's native module unpacked, as a real file beside the archive", () => {
    const native = files.filter((path) => path.startsWith('node_modules/keytar/') && path.endsWith('.node'));
    expect(native.length).toBeGreaterThan(0);
    for (const path of native) {
      expect((statFile(packed.asar, path) as { unpacked?: boolean }).unpacked).toBe(true);
      expect(statSync(join(`${packed.asar}.unpacked`, path)).size).toBeGreaterThan(0);
    }
  });

  it('holds nothing of the repository besides the build: no sources, tests, simulator or benches', () => {
    const app = outsideModules();
    const allowed = /^(out(\/(main|preload|renderer)(\/.*)?)?|package\.json)$/;
    const iconFolders = WINDOW_ICON.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    expect(app.filter((path) => !allowed.test(path) && !iconFolders.includes(path))).toEqual([]);
    for (const forbidden of [
      'tests',
      'electron',
      'renderer',
      'shared',
      'scripts',
      'resources/bin',
      'resources/icon.svg',
      'docs',
      'out/cli',
      'dist',
    ])
      expect(app.filter((path) => path === forbidden || path.startsWith(`${forbidden}/`))).toEqual([]);
  });

  it('holds no TypeScript, no source maps, no secrets, keys or certificates — in the app or its modules', () => {
    const suspicious =
      /(\.(ts|mts|cts|map|pem|key|crt|cer|p12|pfx)$)|(^|\/)\.env(\.|$)|(^|\/)(id_rsa|id_ed25519)$/;
    expect(files.filter((path) => suspicious.test(path) && !path.endsWith('.d.ts'))).toEqual([]);
  });

  it('holds production dependencies only: no renderer libraries (bundled by Vite), no dev tools', () => {
    const modules = new Set(
      files
        .filter((path) => path.startsWith('node_modules/'))
        .map((path) =>
          path
            .split('/')
            .slice(1, path.split('/')[1]?.startsWith('@') ? 3 : 2)
            .join('/'),
        ),
    );
    for (const runtime of ['zod', 'keytar', 'ipaddr.js', 'p-limit', 'http-parser-js'])
      expect(modules).toContain(runtime);
    for (const dev of [
      'react',
      'react-dom',
      'electron',
      'electron-builder',
      'vitest',
      'esbuild',
      'tsx',
      'typescript',
      'vite',
    ])
      expect(modules).not.toContain(dev);
  });

  it('every module the built main process and preload import resolves inside the package', () => {
    const dir = extracted;
    const specifiers = new Set<string>();
    for (const entry of ['out/main/index.js', 'out/preload/index.cjs']) {
      const code = readFileSync(join(dir, entry), 'utf8');
      const patterns = [
        /^\s*import\s[^'"]*?from\s*["']([^"']+)["']/gm,
        /^\s*import\s*["']([^"']+)["']/gm,
        /\bimport\(\s*["']([^"']+)["']\s*\)/g,
        /\brequire\(\s*["']([^"']+)["']\s*\)/g,
      ];
      for (const pattern of patterns)
        for (const match of code.matchAll(pattern)) specifiers.add(match[1] ?? '');
    }
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const external = [...specifiers].filter((s) => s !== 'electron' && !builtins.has(s));
    expect(external).toEqual(expect.arrayContaining(['zod', 'keytar']));
    // Resolved and loaded from beside the built main process, in a folder outside the repository, so
    // nothing can come from the repository's node_modules.
    const probe = join(dir, 'out/main/resolve-probe.mjs');
    writeFileSync(
      probe,
      `for (const s of ${JSON.stringify(external)}) { const url = import.meta.resolve(s); await import(s); console.log(url); }`,
    );
    const resolved = execFileSync(process.execPath, [probe], { encoding: 'utf8', timeout: 30_000 })
      .trim()
      .split('\n');
    expect(resolved).toHaveLength(external.length);
    for (const url of resolved) expect(url.startsWith(`file://${join(dir, 'node_modules')}/`)).toBe(true);
  });
});

describe('resources beside app.asar (extraResources)', () => {
  it('ship the CLI bundle and its launchers, the POSIX one executable', () => {
    expect(existsSync(join(packed.resources, 'cli/minerdeck.mjs'))).toBe(true);
    expect(existsSync(join(packed.resources, 'bin/minerdeck.cmd'))).toBe(true);
    expect(statSync(join(packed.resources, 'bin/minerdeck')).mode & 0o111).toBe(0o111);
  });
});

describe('the installer configuration', () => {
  const build = (
    JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      build: {
        linux: { target: string[]; icon: string };
        win: { target: string[]; icon: string };
        mac: { target: string[]; icon: string };
      };
    }
  ).build;

  it('builds AppImage and deb for Linux, NSIS for Windows, dmg for macOS', () => {
    expect(build.linux.target).toEqual(['AppImage', 'deb']);
    expect(build.win.target).toEqual(['nsis']);
    expect(build.mac.target).toEqual(['dmg']);
  });

  it('points at icons that exist (scripts/generate-icons.mjs writes them)', () => {
    expect(statSync(join(REPO_ROOT, build.linux.icon)).isDirectory()).toBe(true);
    expect(existsSync(join(REPO_ROOT, build.linux.icon, '512.png'))).toBe(true);
    expect(statSync(join(REPO_ROOT, build.win.icon)).size).toBeGreaterThan(0);
    expect(statSync(join(REPO_ROOT, build.mac.icon)).size).toBeGreaterThan(0);
  });
});
