/**
 * The monitoring vocabulary shared by core, the CLI and the renderer: the states a device can be in (with
 * the reason a person reads), the compact reading sent in diffs, alerts, and fleet totals. Schemas live
 * here so the `monitor:diff` event is validated on IPC with the same shapes core builds.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { ALERT_KINDS, MONITOR_STATES } from './kinds';
import { implausibleValueSchema, MINER_STATE_KINDS } from './reading';

// The word lists live in kinds.ts (zod-free, for the renderer); they are part of this module's API too.
export { ALERT_KINDS, MONITOR_STATES };
export type { AlertKind, MonitorState } from './kinds';

export const monitorStateSchema = z.enum(MONITOR_STATES);

export const alertSchema = z.object({
  /** Unique for this monitoring run. */
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  deviceId: z.string(),
  address: z.string(),
  message: z.string(),
  /** `message` as a key and values, for the window's language (issue 35); absent for a state's reason. */
  text: messageRefSchema.optional(),
  /** Epoch milliseconds. */
  raisedAt: z.number(),
  clearedAt: z.number().optional(),
});
export type MonitorAlert = z.infer<typeof alertSchema>;

/**
 * The few numbers a fleet view shows per device, in fixed units (hash rates in H/s) so the renderer sums
 * and sorts without knowing each device's unit. The full reading is fetched for one device on demand.
 */
export const readingSummarySchema = z.object({
  minerState: z.string(),
  minerKind: z.enum(MINER_STATE_KINDS),
  /** Realtime (else average) hash rate in H/s; absent when the device's unit is unknown. */
  hashRate: z.number().optional(),
  nominalHashRate: z.number().optional(),
  chipTempMax: z.number().optional(),
  boardTempMax: z.number().optional(),
  powerW: z.number().optional(),
  efficiency: z.number().optional(),
  /** Fans that reported a speed, and the slowest one's rpm (a stopped fan shows as 0). */
  fanCount: z.number().optional(),
  fanRpmMin: z.number().optional(),
  /** Set flags only: `restart-required`, `reboot-required`, `locate-led`, `throttled`. */
  flags: z.array(z.string()).optional(),
  /**
   * Fields above that the device sent implausible input for (`field` is the field's name): that input is
   * left out (the field may be absent), so totals and alerts never count it; the fleet shows "implausible".
   */
  implausible: z.array(implausibleValueSchema).optional(),
});
export type ReadingSummary = z.infer<typeof readingSummarySchema>;

export const monitorDeviceSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  state: monitorStateSchema,
  reason: z.string(),
  /** When the device entered this state (epoch ms). */
  since: z.number(),
  /** Polls in a row without an answer. */
  missedPolls: z.number(),
  lastAnswerAt: z.number().optional(),
  reading: readingSummarySchema.optional(),
  /** Kinds of the alerts active on the device. */
  alerts: z.array(z.enum(ALERT_KINDS)),
});
export type MonitorDeviceView = z.infer<typeof monitorDeviceSchema>;

export const fleetTotalsSchema = z.object({
  devices: z.number(),
  byState: z.record(monitorStateSchema, z.number()),
  /** Sum over devices that answered with a hash rate, in H/s. */
  hashRate: z.number(),
  nominalHashRate: z.number(),
  powerW: z.number(),
  activeAlerts: z.number(),
  /**
   * When this laptop left the site network (epoch ms): every poll since failed on the laptop's side (no
   * route, interface down) or the whole fleet fell silent at once. Devices keep their last state, not
   * checked, with no offline alarm. Absent while the laptop is on the network.
   */
  laptopOffNetworkSince: z.number().optional(),
});
export type FleetTotals = z.infer<typeof fleetTotalsSchema>;

/** What changed since the last diff: only the devices that changed, plus the totals. */
export const monitorDiffSchema = z.object({
  at: z.number(),
  devices: z.array(monitorDeviceSchema),
  removed: z.array(z.string()),
  raised: z.array(alertSchema),
  cleared: z.array(alertSchema),
  totals: fleetTotalsSchema,
});
export type MonitorDiff = z.infer<typeof monitorDiffSchema>;
