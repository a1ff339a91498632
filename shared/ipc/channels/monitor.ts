/**
 * The fleet: which devices the app watches (added from a scan, removed by the technician), what is
 * stored for each (metadata only), and the monitor's live view of them. The table is loaded once with
 * `monitor:snapshot`; after that `monitor:diff` and `fleet:changed` events carry only what changed.
 * One device's full reading, raw bodies and history come with `monitor:device`, on demand.
 */
import { z } from 'zod';
import { deviceIdentitySchema } from '../../domain/inventory';
import { alertSchema, fleetTotalsSchema, monitorDeviceSchema } from '../../domain/monitor';
import { deviceReadingSchema } from '../../domain/reading';
import { deviceOutcomeSchema } from './credentials';

const deviceId = z.string().min(1).max(128);
const deviceIds = z.array(deviceId).min(1).max(20_000);

/** What is stored for a device, as badges: never a secret. */
export const credentialBadgesSchema = z.object({
  /** `site`: the site's shared password; `rejected`: the stored one was refused and will not be sent. */
  password: z.enum(['none', 'device', 'site', 'rejected']),
  apiKey: z.boolean(),
  apiKeyDescription: z.string().optional(),
  /**
   * Its working password (stored, or given this session) is the vendor default `admin`: an open door on the
   * LAN.
   */
  factoryPassword: z.boolean().optional(),
});
export type CredentialBadges = z.infer<typeof credentialBadgesSchema>;

export const fleetDeviceSchema = z.object({
  deviceId,
  /** Canonical address, `http://host[:port]`. */
  address: z.string(),
  identity: deviceIdentitySchema,
  credentials: credentialBadgesSchema,
  /**
   * Addresses of the other fleet devices that report the same MAC (a cloned or misconfigured control
   * board): each is a device of its own, flagged "same MAC as …". Absent when there are none.
   */
  sameMacAs: z.array(z.string()).optional(),
  /** The monitor's view; absent while monitoring is stopped and before the first poll. */
  view: monitorDeviceSchema.optional(),
});
export type FleetDevice = z.infer<typeof fleetDeviceSchema>;

export const fleetSnapshotSchema = z.object({
  running: z.boolean(),
  devices: z.array(fleetDeviceSchema),
  totals: fleetTotalsSchema,
  alerts: z.array(alertSchema),
});
export type FleetSnapshot = z.infer<typeof fleetSnapshotSchema>;

const seriesValues = z.array(z.number().nullable());

export const deviceDetailSchema = z.object({
  device: fleetDeviceSchema,
  reading: deviceReadingSchema.optional(),
  /** The latest bodies exactly as the device sent them, for the raw JSON viewers. */
  raw: z.object({
    status: z.unknown().optional(),
    summary: z.unknown().optional(),
    info: z.unknown().optional(),
    at: z.number().optional(),
  }),
  /** The credential the last answered poll used. */
  credential: z.enum(['token', 'apiKey']).optional(),
  alerts: z.array(alertSchema),
  history: z.object({
    at: z.array(z.number()),
    values: z.object({
      hashRate: seriesValues,
      chipTempMax: seriesValues,
      boardTempMax: seriesValues,
      powerW: seriesValues,
    }),
  }),
  lastPollMs: z.number().optional(),
});
export type DeviceDetailView = z.infer<typeof deviceDetailSchema>;

export const newFleetDeviceSchema = z.object({
  address: z.string().min(1).max(300),
  identity: deviceIdentitySchema.optional(),
});

export const monitorChannels = {
  /** Adds devices to the fleet (a device already there keeps its place) and starts watching them. */
  'monitor:add': {
    input: z.object({ devices: z.array(newFleetDeviceSchema).min(1).max(20_000) }),
    output: z.object({ added: z.number(), alreadyThere: z.number() }),
  },
  'monitor:remove': {
    input: z.object({ deviceIds }),
    output: z.object({ removed: z.number() }),
  },
  'monitor:snapshot': { input: z.void(), output: fleetSnapshotSchema },
  'monitor:device': { input: z.object({ deviceId }), output: deviceDetailSchema },
  /** Polling on or off for the whole fleet. */
  'monitor:start': { input: z.void(), output: z.object({ running: z.boolean() }) },
  'monitor:stop': { input: z.void(), output: z.object({ running: z.boolean() }) },
  /** Looks for the devices again (anonymous reads only) and polls those that answer at once. */
  'monitor:rescan': {
    input: z.object({ deviceIds }),
    output: z.object({ outcomes: z.array(deviceOutcomeSchema) }),
  },
  /** Opens the device's own web page in the system browser (known devices, http(s) only). */
  'monitor:open-web-page': {
    input: z.object({ deviceId }),
    output: z.object({ url: z.string() }),
  },
} as const;
