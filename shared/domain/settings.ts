/**
 * The technician's settings: how often and how hard the app talks to devices, and when it raises an
 * alert. One schema for the file in the data folder, the IPC channel and the Settings view, with the
 * defaults the core capabilities use (monitor-options.ts, scanner.ts, bulk.ts), so "reset to defaults"
 * means the same everywhere. Nothing here is secret.
 */
import { z } from 'zod';
import { SITE_ID_PATTERN } from './inventory';
import { DEFAULT_METRICS_ADDRESS, METRICS_ADDRESS_PROBLEM, splitMetricsAddress } from './metrics-address';
import { isLanguageChoice, isLocale } from '../i18n/locales';
import type { LanguageChoice, Locale } from '../i18n/locales';

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

export const monitorSettingsSchema = z.object({
  /** Time between two polls of one device. */
  intervalMs: whole(100, 600_000),
  /** Total time allowed to one poll (status and summary). */
  timeoutMs: whole(50, 120_000),
  /** Polls in flight at once, fleet-wide. */
  concurrency: whole(1, 2048),
  /** Polls in a row without an answer before a device is called offline. */
  offlineAfterMissedPolls: whole(1, 20),
  /** Hottest chip allowed, °C, before a temperature alert. */
  chipTempMaxC: z.number().min(30).max(150),
  /** Share of the nominal hash rate below which a mining device gets an alert, in percent. */
  hashRateMinPercent: z.number().min(1).max(100),
});

export const discoverySettingsSchema = z.object({
  /** Ports probed on addresses written without one; 443 and 8443 are probed as https. */
  ports: z.array(whole(1, 65_535)).min(1).max(16),
  /** TCP connect timeout per address. */
  connectTimeoutMs: whole(20, 60_000),
  /** Addresses probed at once. */
  concurrency: whole(1, 4096),
});

export const credentialSettingsSchema = z.object({
  /** Devices unlocked or provisioned at once. */
  concurrency: whole(1, 256),
  /** Where a shared password is remembered (`site/<id>/password`) when no inventory site is current. */
  siteId: z.string().regex(SITE_ID_PATTERN),
});

/**
 * Site metrics served by the app for the site's own Prometheus. Off until the user turns it on; the address
 * stays loopback unless the user names another one (anything else shows readings to the network).
 */
export const siteMetricsSettingsSchema = z.object({
  enabled: z.boolean(),
  address: z
    .string()
    .max(64)
    .refine((text) => splitMetricsAddress(text) !== undefined, { message: METRICS_ADDRESS_PROBLEM }),
});

/** A fleet column's id (fleet-columns.tsx); the window ignores one it does not know (a later version's). */
const COLUMN_ID = /^[a-zA-Z][a-zA-Z0-9-]{0,31}$/;

/** How the fleet table looks on this laptop: the columns the technician hid (Columns menu). */
export const fleetViewSettingsSchema = z.object({
  hiddenColumns: z
    .array(z.string().regex(COLUMN_ID, { message: 'A column is named by letters, digits and "-".' }))
    .max(32),
});

/**
 * The languages (issue 35): the window's (`system` follows the operating system's preference) and the
 * hand-over report's default (`app`: the window's; the customer's may differ, so the Report view can
 * choose again per report). Codes, never words: a settings file reads the same in any language.
 */
export const languageSettingsSchema = z.object({
  app: z.custom<LanguageChoice>(isLanguageChoice, { message: 'Not a language Minerdeck speaks.' }),
  report: z.custom<'app' | Locale>((value) => value === 'app' || isLocale(value), {
    message: 'Not a report language Minerdeck speaks.',
  }),
});

export const appSettingsSchema = z.object({
  monitor: monitorSettingsSchema,
  discovery: discoverySettingsSchema,
  credentials: credentialSettingsSchema,
  metrics: siteMetricsSettingsSchema,
  fleetView: fleetViewSettingsSchema,
  language: languageSettingsSchema,
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export type MonitorAppSettings = z.infer<typeof monitorSettingsSchema>;
export type DiscoverySettings = z.infer<typeof discoverySettingsSchema>;
export type CredentialSettings = z.infer<typeof credentialSettingsSchema>;
export type SiteMetricsSettings = z.infer<typeof siteMetricsSettingsSchema>;
export type FleetViewSettings = z.infer<typeof fleetViewSettingsSchema>;
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;

/** What `settings:update` takes: any subset of fields, each checked like the whole. */
export const settingsPatchSchema = z.object({
  monitor: monitorSettingsSchema.partial().optional(),
  discovery: discoverySettingsSchema.partial().optional(),
  credentials: credentialSettingsSchema.partial().optional(),
  metrics: siteMetricsSettingsSchema.partial().optional(),
  fleetView: fleetViewSettingsSchema.partial().optional(),
  language: languageSettingsSchema.partial().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: AppSettings = {
  monitor: {
    intervalMs: 5_000,
    timeoutMs: 4_000,
    concurrency: 512,
    offlineAfterMissedPolls: 3,
    chipTempMaxC: 85,
    hashRateMinPercent: 80,
  },
  discovery: { ports: [80], connectTimeoutMs: 500, concurrency: 512 },
  credentials: { concurrency: 32, siteId: 'site' },
  metrics: { enabled: false, address: DEFAULT_METRICS_ADDRESS },
  fleetView: { hiddenColumns: [] },
  language: { app: 'system', report: 'app' },
};

/** A patch applied over settings; the caller validates the result with `appSettingsSchema`. */
export function mergeSettings(base: AppSettings, patch: SettingsPatch): AppSettings {
  return {
    monitor: { ...base.monitor, ...defined(patch.monitor) },
    discovery: { ...base.discovery, ...defined(patch.discovery) },
    credentials: { ...base.credentials, ...defined(patch.credentials) },
    metrics: { ...base.metrics, ...defined(patch.metrics) },
    fleetView: { ...base.fleetView, ...defined(patch.fleetView) },
    language: { ...base.language, ...defined(patch.language) },
  };
}

/** A field given as `undefined` means "unchanged", not "remove". */
function defined<T extends object>(part: T | undefined): Partial<T> {
  if (part === undefined) return {};
  return Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as Partial<T>;
}
