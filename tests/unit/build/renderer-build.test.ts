/**
 * The real `electron-vite build`, into a temporary folder: main, the CommonJS preload and the renderer
 * must come out, and the shipped index.html must carry the strict CSP. Run as a child process so Vite's
 * process-wide settings (NODE_ENV and friends) never leak into other tests.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS } from '../../../shared/i18n/catalogs';
import { EN_CATALOG } from '../../../shared/i18n/catalogs/en';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../../..');
const tmpRoot = join(repo, 'tests/.tmp');

let outDir = '';
/** English texts: a translation that kept the English words (a brand, a unit) is not a sign of that language. */
const ENGLISH_VALUES = new Set(Object.values(EN_CATALOG));

/** The CSP meta's content attribute, or undefined when there is none. */
function cspOf(html: string): string | undefined {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return meta?.[1];
}

describe('electron.vite.config.ts', () => {
  it('keeps the native keytar addon external to main and builds the preload as CommonJS', async () => {
    const { default: config } = await import('../../../electron.vite.config');
    expect(config.main?.build?.rollupOptions?.external).toContain('keytar');
    expect(config.main?.build?.externalizeDeps).toMatchObject({ include: ['keytar'] });
    expect(config.preload?.build?.rollupOptions?.output).toMatchObject({
      format: 'cjs',
      entryFileNames: '[name].cjs',
    });
    expect(config.preload?.build?.externalizeDeps).toBe(false);
  });
});

describe('electron-vite build', () => {
  beforeAll(async () => {
    await mkdir(tmpRoot, { recursive: true });
    outDir = mkdtempSync(join(tmpRoot, 'build-'));
    const cli = join(repo, 'node_modules/electron-vite/bin/electron-vite.js');
    await run(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
      cwd: repo,
      timeout: 60_000,
    });
  }, 90_000);

  afterAll(() => {
    if (outDir !== '') rmSync(outDir, { recursive: true, force: true });
  });

  it('writes main as an ES module that loads electron at run time', () => {
    const main = readFileSync(join(outDir, 'main/index.js'), 'utf8');
    expect(main).toMatch(/^import .* from "electron";$/m);
    // Bundler-emitted CommonJS would read `require("…")`. The keychain probe's child-process script is a
    // string run by a separate `node` (single-quoted requires inside a template), not code of main.
    expect(main).not.toMatch(/\brequire\("/);
  });

  it('writes the preload as one self-contained CommonJS file (a sandboxed preload cannot be ESM)', () => {
    const preloadFiles = readdirSync(join(outDir, 'preload'));
    expect(preloadFiles).toEqual(['index.cjs']);
    const preload = readFileSync(join(outDir, 'preload/index.cjs'), 'utf8');
    expect(preload).toContain('require("electron")');
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    // Sandboxed preloads can require only electron and a few built-ins: everything else is bundled.
    const required = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(preload).toContain('exposeInMainWorld("api"');
  });

  it('writes the renderer with the strict CSP: no eval (WebAssembly only), no inline code, no remote origin', () => {
    const indexPath = join(outDir, 'renderer/index.html');
    expect(existsSync(indexPath)).toBe(true);
    const html = readFileSync(indexPath, 'utf8');
    const csp = cspOf(html);
    expect(csp).toBeDefined();

    const directives = new Map(
      csp!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0] !== '')
        .map(([name, ...sources]) => [name!, sources]),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    // WebAssembly only (the bundled label reader, issue 34): never eval or new Function.
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/(?<!wasm-)unsafe-eval/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/nonce-|https?:|wss?:|\*/);

    // Every script and stylesheet is a local file the CSP's 'self' allows; nothing is inline or remote.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style[\s>]/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = readdirSync(join(outDir, 'renderer/assets'));
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
    expect(assets.some((f) => f.endsWith('.css'))).toBe(true);
  });

  it('ships no eval and no remote URL the page would load in the renderer bundle', () => {
    const assets = join(outDir, 'renderer/assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(assets, file), 'utf8');
      expect(code, file).not.toMatch(/\beval\(|new Function\(/);
    }
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.css'))) {
      expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/url\(\s*['"]?https?:|@import/);
    }
  });

  it('ships the renderer minified, without zod (it decodes monitor diffs with plain loops)', () => {
    const assets = join(outDir, 'renderer/assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    expect(code).toContain('monitor:diff');
    expect(code).not.toMatch(/ZodError|\$ZodType/);
    // Unminified it is well over a megabyte, one statement per line.
    expect(code.split('\n').length).toBeLessThan(200);
  });

  it('loads only English at start: each other language is a chunk of its own, fetched when chosen', () => {
    const assets = join(outDir, 'renderer/assets');
    const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    // Nothing preloads a language: a <link rel="modulepreload"> would fetch it at start all the same.
    expect(html).not.toContain('modulepreload');
    const main = readFileSync(join(assets, entry!), 'utf8');
    // What the window parses at each start. Issue 34 added the Racks view and placing (main's 690 KB →
    // rackmap's 711 KB) and the ZXing label reader's chunk (~43 KB, loaded only when the camera starts);
    // issue 35 the English catalog (~120 KB) and FormatJS (~60 KB): 0.875 MB measured. With every
    // catalog in it, it was 1.30 MB; a language that slips back in shows here.
    expect(Buffer.byteLength(main)).toBeLessThan(920_000);
    expect(main).toContain(EN_CATALOG['settings.language.intro']);
    const files = readdirSync(assets);
    for (const [locale, name] of [
      ['ru', 'ru'],
      ['es', 'es'],
      ['zh-Hans', 'zh-hans'],
    ] as const) {
      const chunk = files.filter((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
      expect(chunk, locale).toHaveLength(1);
      const text = readFileSync(join(assets, chunk[0]!), 'utf8');
      // ~130–215 KB each with main's errors and words (Cyrillic and Chinese take 2–3 bytes a letter).
      expect(Buffer.byteLength(text), locale).toBeLessThan(260_000);
      // Longer sentences only (a short word may be spelt alike in the window's own code), without quotes or
      // backslashes (the bundler may escape those).
      const sentences = Object.values(CATALOGS[locale]).filter(
        (value) => value.length > 40 && !ENGLISH_VALUES.has(value) && !/["'\\\n]/.test(value),
      );
      expect(sentences.length, locale).toBeGreaterThan(50);
      for (const sentence of sentences.slice(0, 50)) {
        expect(text, locale).toContain(sentence);
        expect(main.includes(sentence), `${locale} in the main chunk: ${sentence}`).toBe(false);
      }
    }
  });
});
