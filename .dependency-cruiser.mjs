// @ts-check
/**
 * The import-cycle check `npm run lint` runs over electron/, shared/ and renderer/ (docs/architecture.md,
 * "Layers and data flow"). A cycle means two modules can only be understood, tested and moved together, and
 * in Node it can hand a module a half-initialised import at load time; the cure is a home for the shared type
 * or text below both users. eslint-plugin-import's `no-cycle` skips `import type`, which is how this tree's
 * cycles started (a low module borrowing a type from a high one), so this check counts type imports too.
 *
 * The one kind of cycle allowed is zustand's slice pattern: renderer/src/stores/root-store.tsx assembles
 * every slice into `RootState`, and each slice is typed against the whole `RootState` (types.ts's
 * `SliceCreator`, and the helpers the slices share, such as site-setup-run.ts), so a slice and the root store
 * name each other. They name it by type only (the second rule keeps it so), so nothing runs in a circle when
 * the modules load. The root store's own imports (the slices it assembles) are therefore not followed; every
 * other cycle among the slices is still found.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import closes a cycle. Give the type or text both modules need a home of its own below both ' +
        '(a small module beside them), so each can be read, tested and moved on its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'stores-name-the-root-state-by-type-only',
      severity: 'error',
      comment:
        'Slices and their helpers may name RootState (renderer/src/stores/root-store.tsx) as a type only: ' +
        'the root store imports every slice, so a value import from a slice would be a real cycle at load time.',
      from: { path: '^renderer/src/stores/' },
      to: { path: '^renderer/src/stores/root-store\\.tsx$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'window-loads-languages-when-chosen',
      severity: 'error',
      comment:
        'The window bundles English only (issue 35): every other language is a chunk it loads with import() ' +
        'when chosen (renderer/src/i18n/catalog-loader.ts). shared/i18n/catalogs/index.ts and ' +
        'translate-sync.ts hold every catalog at once (main, the CLI, tests): the window names them by type only.',
      from: { path: '^renderer/' },
      to: {
        path: '^shared/i18n/(catalogs/index|translate-sync)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'window-imports-a-language-only-as-a-chunk',
      severity: 'error',
      comment:
        'A language other than English (and the pseudo-locale, made by shared/i18n/pseudo.ts) reaches the ' +
        'window only through import() in renderer/src/i18n/catalog-loader.ts, so it stays a chunk of its own.',
      from: { path: '^renderer/' },
      to: {
        path: '^shared/i18n/(catalogs/(ru|es|zh-hans)|pseudo)\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
  ],
  options: {
    // Only our own modules: packages cannot import us back, and skipping them keeps the check fast.
    includeOnly: '^(electron|shared|renderer)/',
    doNotFollow: { path: ['node_modules', '^renderer/src/stores/root-store\\.tsx$'] },
    // Count `import type` (TypeScript drops it when compiling, but a reader still has to read both files).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    progress: { type: 'none' },
  },
};
