/**
 * The technician's settings in the data folder (`settings.json`): read once at start-up, written
 * atomically on every change, so a crash never leaves half a file. A file that cannot be used (not JSON,
 * or values out of range after a hand edit) is kept aside as `settings.corrupt-<time>.json` and reported,
 * never silently overwritten; the app then starts from the defaults.
 */
import { message } from '../../../shared/i18n/message';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppSettings, SettingsPatch } from '../../../shared/domain/settings';
import { appSettingsSchema, DEFAULT_SETTINGS, mergeSettings } from '../../../shared/domain/settings';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { writeFileAtomic } from '../inventory/atomic-file';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStore {
  current(): AppSettings;
  /** Validates the merged result; nothing changes (in memory or on disk) when it is invalid. */
  update(patch: SettingsPatch): Promise<Result<AppSettings>>;
  /** Called after every successful change, with the new settings. */
  onChange(listener: (settings: AppSettings) => void): () => void;
  /** What loading found, for the UI: e.g. a damaged file kept aside. */
  problems(): string[];
}

export interface SettingsStoreOptions {
  /** Undefined: memory only (tests, the CLI). */
  dataDir?: string;
  /** Applied over the defaults before the file (tests and the demo start with short intervals). */
  initial?: SettingsPatch;
  now?: () => Date;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function openSettingsStore(options: SettingsStoreOptions = {}): Promise<SettingsStore> {
  const base = mergeSettings(DEFAULT_SETTINGS, options.initial ?? {});
  const path = options.dataDir === undefined ? undefined : join(options.dataDir, SETTINGS_FILE);
  const problems: string[] = [];
  const listeners = new Set<(settings: AppSettings) => void>();
  let settings = base;
  let writing: Promise<void> = Promise.resolve();

  if (path !== undefined && options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? undefined : Promise.reject(error),
    );
    if (text !== undefined) {
      const parsed = parseSettings(text, base);
      if (parsed.ok) {
        settings = parsed.value;
      } else {
        const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
        const keptAt = join(options.dataDir, `settings.corrupt-${stamp}.json`);
        await rename(path, keptAt);
        problems.push(`${parsed.error.message} It was kept as ${keptAt}; the defaults are used.`);
      }
    }
  }

  return {
    current: () => settings,
    async update(patch) {
      const next = appSettingsSchema.safeParse(mergeSettings(settings, patch));
      if (!next.success) {
        const listed = next.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        return errWithText(
          'INVALID_INPUT',
          `These settings cannot be used: ${listed}.`,
          message('errors.settings.invalid', { issues: listed }),
        );
      }
      settings = next.data;
      if (path !== undefined) {
        const content = `${JSON.stringify({ version: 1, settings }, null, 2)}\n`;
        // Writes are chained so two quick changes land in order.
        writing = writing.then(() => writeFileAtomic(path, content));
        const written = await writing.then(
          () => undefined,
          (error: unknown) => messageOf(error),
        );
        if (written !== undefined)
          return errWithText(
            'INTERNAL',
            `The settings could not be saved: ${written}.`,
            message('errors.settings.notSaved', { reason: written }),
          );
      }
      for (const listener of [...listeners]) listener(settings);
      return ok(settings);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    problems: () => [...problems],
  };
}

/** The file's content over `base`: fields it lacks (added in a later version) keep their defaults. */
/** The first field a hand edit put out of range, said in the window's language too. */
const outOfRange = (field: string | undefined): Result<never> =>
  errWithText(
    'INVALID_INPUT',
    `The settings file has values out of range (${field}).`,
    message('errors.settings.outOfRange', { field: String(field) }),
  );

function parseSettings(text: string, base: AppSettings): Result<AppSettings> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return errWithText(
      'INVALID_INPUT',
      'The settings file is not valid JSON.',
      message('errors.settings.fileNotJson'),
    );
  }
  const stored = (json as { settings?: unknown } | null)?.settings;
  if (typeof stored !== 'object' || stored === null) {
    return errWithText(
      'INVALID_INPUT',
      'The settings file has no settings in it.',
      message('errors.settings.fileEmpty'),
    );
  }
  const parts = stored as Partial<Record<keyof AppSettings, object>>;
  const parsed = appSettingsSchema.safeParse({
    monitor: { ...base.monitor, ...parts.monitor },
    discovery: { ...base.discovery, ...parts.discovery },
    credentials: { ...base.credentials, ...parts.credentials },
    // A file written before site metrics existed has none: they stay off, at the default address.
    metrics: { ...base.metrics, ...parts.metrics },
    // Nor had one from before the fleet's column choice: every column is shown.
    fleetView: { ...base.fleetView, ...parts.fleetView },
    // Nor had one from before the languages: the system's language, the report in the window's.
    language: { ...base.language, ...parts.language },
  });
  return parsed.success ? ok(parsed.data) : outOfRange(parsed.error.issues[0]?.path.join('.'));
}
