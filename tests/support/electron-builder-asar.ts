/**
 * Packs the app the way `electron-builder` would, without Electron (whose binary a test machine may not
 * have) and without any download: electron-builder's own steps, called in the order its platform
 * packager calls them (app-builder-lib/out/platformPackager.js: doPack and copyAppFiles), on the
 * configuration in package.json "build":
 * - the app's files: "files" with electron-builder's default exclusions added (getMainFileMatchers),
 *   minus what "extraResources" ships outside the archive;
 * - the production node_modules, as electron-builder collects them (`npm ls` of the production tree);
 * - package.json as electron-builder rewrites it (scripts and "build" removed);
 * - app.asar written by @electron/asar, "asarUnpack" and electron-builder's own detection of native
 *   files deciding what goes to app.asar.unpacked;
 * - "extraResources" copied beside it.
 * Only the Electron binary, signing and the installer formats are left out. The internals come from the
 * installed app-builder-lib; they are typed here just as far as this file uses them.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const lib = (path: string): unknown => require(`app-builder-lib/out/${path}`);

type Filter = (file: string, stat: unknown) => boolean;
interface FileMatcher {
  excludePatterns: unknown[] | null;
  macroExpander: (pattern: string) => string;
  computeParsedPatterns(result: unknown[], fromDir?: string): void;
  createFilter(): Filter;
}
type FileSet = { files: string[] };
interface FileMatcherModule {
  getMainFileMatchers(...args: unknown[]): FileMatcher[];
  getNodeModuleFileMatcher(...args: unknown[]): FileMatcher;
  getFileMatchers(config: unknown, name: string, destination: string, options: unknown): FileMatcher[] | null;
  copyFiles(matchers: FileMatcher[] | null, transformer: null): Promise<void>;
}
interface AppFileCopierModule {
  computeFileSets(
    matchers: FileMatcher[],
    transformer: unknown,
    packager: unknown,
    electronCompile: boolean,
  ): Promise<FileSet[]>;
  computeNodeModuleFileSets(packager: unknown, matcher: FileMatcher): Promise<FileSet[]>;
  transformFiles(transformer: unknown, fileSet: FileSet): Promise<void>;
}

const { getMainFileMatchers, getNodeModuleFileMatcher, getFileMatchers, copyFiles } = lib(
  'fileMatcher.js',
) as FileMatcherModule;
const { computeFileSets, computeNodeModuleFileSets, transformFiles } = lib(
  'util/appFileCopier.js',
) as AppFileCopierModule;
const { createTransformer } = lib('fileTransformer.js') as {
  createTransformer(dir: string, config: unknown, extraMetadata: unknown, extra: null): unknown;
};
const { AsarPackager } = lib('asar/asarUtil.js') as {
  AsarPackager: new (packager: unknown, options: unknown) => { pack(fileSets: FileSet[]): Promise<void> };
};
const { expandMacro } = lib('util/macroExpander.js') as {
  expandMacro(pattern: string, arch: string, appInfo: unknown, extra: Record<string, string>): string;
};
const { PM } = lib('node-module-collector/index.js') as { PM: { NPM: string } };
const { Platform } = lib('core.js') as { Platform: { LINUX: unknown } };
const { TmpDir } = require('temp-file') as { TmpDir: new (name: string) => { cleanup(): Promise<void> } };
const { CancellationToken } = require('builder-util-runtime') as { CancellationToken: new () => unknown };

/** The part of package.json "build" this packing reads. */
export interface BuildConfig {
  productName: string;
  directories?: { output?: string; buildResources?: string };
  files?: unknown;
  asarUnpack?: unknown;
  extraResources?: unknown;
  extraMetadata?: unknown;
  linux?: Record<string, unknown>;
}

export interface PackedApp {
  /** <out>/resources: app.asar, app.asar.unpacked and the extra resources. */
  resources: string;
  asar: string;
}

/** Packs `projectDir` (its package.json and built out/) for Linux x64 into `outDir`. */
export async function packLikeElectronBuilder(projectDir: string, outDir: string): Promise<PackedApp> {
  const metadata = require(join(projectDir, 'package.json')) as { name: string; build: BuildConfig };
  const config = metadata.build;
  const platformOptions = config.linux ?? {};
  const resources = join(outDir, 'resources');
  const destination = join(resources, 'app');
  mkdirSync(resources, { recursive: true });
  const appInfo = { productName: config.productName, sanitizedProductName: config.productName };
  const macroExpander = (pattern: string): string =>
    expandMacro(pattern, 'x64', appInfo, { os: 'linux', '/*': '{,/**/*}' });
  const tempDirManager = new TmpDir('minerdeck-pack');
  const info = {
    projectDir,
    appDir: projectDir,
    buildResourcesDir: resolve(projectDir, config.directories?.buildResources ?? 'build'),
    config,
    metadata,
    originalMetadata: metadata,
    nodePackageName: metadata.name,
    appInfo: { ...appInfo, type: 'module' },
    isPrepackedAppAsar: false,
    areNodeModulesHandledExternally: false,
    debugLogger: { isEnabled: false },
    tempDirManager,
    cancellationToken: new CancellationToken(),
    framework: {},
    getWorkspaceRoot: () => Promise.resolve(projectDir),
    getPackageManager: () => Promise.resolve(PM.NPM),
  };
  const packager = { info, config, platform: Platform.LINUX, platformSpecificBuildOptions: platformOptions };
  const globalOutDir = resolve(projectDir, config.directories?.output ?? 'dist');
  const matcherOptions = {
    macroExpander,
    customBuildOptions: platformOptions,
    globalOutDir,
    defaultSrc: projectDir,
  };
  try {
    // Extra resources are shipped outside the archive, so the app's files leave them out.
    const extraResources = getFileMatchers(config, 'extraResources', resources, matcherOptions);
    const excludePatterns: unknown[] = [];
    for (const matcher of extraResources ?? []) matcher.computeParsedPatterns(excludePatterns, projectDir);
    const main = getMainFileMatchers(
      projectDir,
      destination,
      macroExpander,
      platformOptions,
      packager,
      globalOutDir,
      false,
    );
    if (excludePatterns.length > 0) for (const matcher of main) matcher.excludePatterns = excludePatterns;
    const transformer = createTransformer(projectDir, config, config.extraMetadata, null);
    const modules = getNodeModuleFileMatcher(projectDir, destination, macroExpander, platformOptions, info);
    const fileSets = [
      ...(await computeFileSets(main, transformer, packager, false)),
      ...(await computeNodeModuleFileSets(packager, modules)),
    ].filter((set) => set.files.length > 0);
    for (const set of fileSets) await transformFiles(transformer, set);
    const unpack = getFileMatchers(config, 'asarUnpack', destination, matcherOptions)?.[0];
    await new AsarPackager(packager, {
      defaultDestination: destination,
      resourcePath: resources,
      options: {},
      unpackPattern: unpack?.createFilter(),
    }).pack(fileSets);
    await copyFiles(extraResources, null);
  } finally {
    await tempDirManager.cleanup();
  }
  return { resources, asar: join(resources, 'app.asar') };
}
