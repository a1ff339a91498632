#!/usr/bin/env node
/**
 * `npm run build:cli`: bundles the CLI (electron/cli/index.ts) with esbuild into out/cli/: the entry
 * out/cli/minerdeck.mjs (an ES module: the entry awaits at top level) and, in out/cli/chunks/, the
 * command modules it imports only when that command runs. Plain `node` runs it (the `minerdeck` bin), and
 * in the installed app the app's own runtime with ELECTRON_RUN_AS_NODE=1 (resources/bin/minerdeck).
 * No TypeScript loader at run time, and `minerdeck help` compiles ~120 kB instead of ~1.4 MB (zod and
 * the domain schemas stay in chunks it never loads), so it starts in little more than Node's own time.
 *
 * Two things the sources take from where they sit, and the bundle must keep true:
 * - `import.meta.url`: a module reads the app's package.json, and the keychain probe resolves keytar,
 *   relative to its own source file. Each such use becomes the URL that source file has inside the app
 *   root: the repository (out/cli/../..) in development, resources/app.asar in the installed app.
 * - keytar, a native addon, cannot be bundled: it is required (lazily, by the keychain commands only)
 *   from the app root's node_modules, which in the installed app lies inside app.asar (Electron's
 *   runtime reads it there, and its .node file from app.asar.unpacked).
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'out/cli');
/** The entry the `minerdeck` bin of package.json and the installed app's launchers run. */
export const CLI_BUNDLE = join(outDir, 'minerdeck.mjs');

/**
 * Heads every output file (the entry and each chunk): `require` for the CommonJS dependencies bundled in,
 * the app root (resources/app.asar or resources/app beside resources/cli in the installed app, else the
 * repository two levels up) and the module-URL helper every rewritten `import.meta.url` calls.
 */
const BANNER = `#!/usr/bin/env node
import { createRequire as __mdCreateRequire } from 'node:module';
import { existsSync as __mdExists } from 'node:fs';
import { dirname as __mdDirname, join as __mdJoin } from 'node:path';
import { fileURLToPath as __mdToPath, pathToFileURL as __mdToUrl } from 'node:url';
const require = __mdCreateRequire(import.meta.url);
const __mdFile = __mdDirname(__mdToPath(import.meta.url));
const __mdHere = __mdFile.endsWith('chunks') ? __mdDirname(__mdFile) : __mdFile;
const __mdRoot = [__mdJoin(__mdHere, '../app.asar'), __mdJoin(__mdHere, '../app')].find((p) => __mdExists(p)) ?? __mdJoin(__mdHere, '../..');
const __minerdeckModuleUrl = (path) => __mdToUrl(__mdJoin(__mdRoot, path)).href;`;

/** `import.meta.url` in a source file → that file's URL under the app root (see above). */
const moduleUrls = {
  name: 'minerdeck-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url') || args.path.includes(`${sep}node_modules${sep}`))
        return undefined;
      const path = relative(root, args.path).split(sep).join('/');
      const url = `__minerdeckModuleUrl(${JSON.stringify(path)})`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** `import('keytar')` → a require from the app root's node_modules, run when first imported. */
const keytarFromAppRoot = {
  name: 'minerdeck-keytar',
  setup(b) {
    b.onResolve({ filter: /^keytar$/ }, () => ({ path: 'keytar', namespace: 'minerdeck-keytar' }));
    b.onLoad({ filter: /.*/, namespace: 'minerdeck-keytar' }, () => ({
      contents: `export default require(require.resolve('keytar', { paths: [__mdRoot] }));`,
      loader: 'js',
    }));
  },
};

/** Unreferenced chunks younger than this may still be loaded by a CLI started from the previous build. */
const KEEP_OLD_CHUNKS_MS = 10 * 60_000;

/** Writes a file under a temporary name and renames it into place: a reader sees all of it or none. */
async function writeAtomically(path, contents) {
  const previous = await readFile(path).catch(() => undefined);
  if (previous !== undefined && Buffer.compare(previous, contents) === 0) return;
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  // The entry is also the bin: executable, so `out/cli/minerdeck.mjs help` runs as it is.
  await writeFile(temporary, contents, { mode: path === CLI_BUNDLE ? 0o755 : 0o644 });
  await rename(temporary, path);
}

/**
 * Builds out/cli while CLIs may be running from it (test suites of parallel runs rebuild it at start):
 * chunks are written before the entry that imports them, each file atomically and only when it changed,
 * and chunks the new entry no longer references stay a while for a CLI started before. `clean` (the
 * release build) drops every unreferenced chunk at once, so the package ships only the current ones.
 */
export async function buildCli({ clean = false } = {}) {
  const result = await build({
    entryPoints: { minerdeck: join(root, 'electron/cli/index.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    banner: { js: BANNER },
    plugins: [moduleUrls, keytarFromAppRoot],
    logLevel: 'warning',
    write: false,
  });
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path === CLI_BUNDLE) - Number(b.path === CLI_BUNDLE),
  );
  for (const file of files) await writeAtomically(file.path, file.contents);
  const current = new Set(files.map((file) => basename(file.path)));
  const chunks = join(outDir, 'chunks');
  for (const name of await readdir(chunks).catch(() => [])) {
    if (current.has(name)) continue;
    const path = join(chunks, name);
    const age = Date.now() - ((await stat(path).catch(() => undefined))?.mtimeMs ?? 0);
    if (clean || age > KEEP_OLD_CHUNKS_MS) await rm(path, { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildCli({ clean: process.argv.includes('--clean') });
