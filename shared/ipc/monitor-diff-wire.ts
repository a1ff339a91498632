/**
 * The `monitor:diff` event as it crosses IPC: the changed devices as columns (one array per field, one
 * entry per device) instead of one object per device. A diff where all of 5,000 devices changed was
 * ~2 MB of nested objects, and the renderer's main thread paid for every one of them (Electron's
 * structured clone and contextBridge copy, JSON.parse in the browser harness): ~15 ms, a dropped frame
 * per diff. As columns of small integers and a few strings it is several times smaller and costs a
 * couple of milliseconds. Each diff is still self-contained (every changed device in full, as it is now),
 * so a dropped or late event never leaves a row wrong for longer than the next diff of that device.
 *
 * What the columns mean (core's encoder and the renderer's decoder: monitor-diff-codec.ts):
 * - times are whole milliseconds before `at` (`since`, `lastAnswer`);
 * - `state` is a position in MONITOR_STATES, `minerKind` in MINER_STATE_KINDS, `alerts` a bit set over
 *   ALERT_KINDS (bit i = ALERT_KINDS[i]);
 * - `reason` and `minerState` are positions in `strings`, this diff's distinct texts; `flags` a position
 *   in `flagSets`, its distinct flag lists; `implausible` a position in `implausibleSets`, its distinct
 *   lists of implausible values (rare: most diffs have none);
 * - reading numbers are rounded to what a person reads and packed (packed-number.ts; digits per field in
 *   the codec's WIRE_DIGITS);
 * - `null` is "absent"; a `null` `minerKind` means the device has no reading at all.
 */
import { z } from 'zod';
import { ALERT_KINDS, MINER_STATE_KINDS, MONITOR_STATES } from '../domain/kinds';
import { alertSchema, fleetTotalsSchema } from '../domain/monitor';
import { implausibleValueSchema } from '../domain/reading';

const column = z.array(z.number());
const optionalColumn = z.array(z.number().nullable());

export const deviceColumnsSchema = z.object({
  ids: z.array(z.string()),
  addresses: z.array(z.string()),
  strings: z.array(z.string()),
  flagSets: z.array(z.array(z.string())),
  implausibleSets: z.array(z.array(implausibleValueSchema)),
  state: column,
  reason: column,
  since: column,
  missedPolls: column,
  lastAnswer: optionalColumn,
  alerts: column,
  minerKind: optionalColumn,
  minerState: optionalColumn,
  hashRate: optionalColumn,
  nominalHashRate: optionalColumn,
  chipTempMax: optionalColumn,
  boardTempMax: optionalColumn,
  powerW: optionalColumn,
  efficiency: optionalColumn,
  fanCount: optionalColumn,
  fanRpmMin: optionalColumn,
  flags: optionalColumn,
  implausible: optionalColumn,
});
export type DeviceColumns = z.infer<typeof deviceColumnsSchema>;

/** The lists that columns point into, one entry per distinct value rather than per device. */
const DICTIONARIES = new Set(['strings', 'flagSets', 'implausibleSets']);

/** Every per-device number column (all but the id and address lists and the dictionaries). */
export type DeviceColumn = Exclude<
  keyof DeviceColumns,
  'ids' | 'addresses' | 'strings' | 'flagSets' | 'implausibleSets'
>;

const isIndex = (value: number | null, length: number): boolean =>
  value === null || (Number.isInteger(value) && value >= 0 && value < length);

/** Where each column's entries must point, so a bad position is refused at the schema, not met later. */
function checkColumns(columns: DeviceColumns): string | undefined {
  const n = columns.ids.length;
  for (const [name, values] of Object.entries(columns)) {
    if (!DICTIONARIES.has(name) && values.length !== n) {
      return `column ${name} has ${values.length} entries for ${n} devices`;
    }
  }
  const ranges: [DeviceColumn, number][] = [
    ['state', MONITOR_STATES.length],
    ['reason', columns.strings.length],
    ['minerKind', MINER_STATE_KINDS.length],
    ['minerState', columns.strings.length],
    ['flags', columns.flagSets.length],
    ['implausible', columns.implausibleSets.length],
    ['alerts', 2 ** ALERT_KINDS.length],
  ];
  for (const [name, length] of ranges) {
    const bad = columns[name].findIndex((value) => !isIndex(value, length));
    if (bad >= 0) return `column ${name}: entry ${bad} is not a position below ${length}`;
  }
  const noReading = columns.minerKind.findIndex(
    (kind, i) => (kind === null) !== (columns.minerState[i] === null),
  );
  if (noReading >= 0) return `device ${noReading}: minerKind and minerState must be both set or both null`;
  return undefined;
}

export const monitorDiffWireSchema = z.object({
  /** Epoch milliseconds, whole. */
  at: z.number().int(),
  devices: deviceColumnsSchema.superRefine((columns, ctx) => {
    const problem = checkColumns(columns);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  }),
  removed: z.array(z.string()),
  raised: z.array(alertSchema),
  cleared: z.array(alertSchema),
  totals: fleetTotalsSchema,
});
export type MonitorDiffWire = z.infer<typeof monitorDiffWireSchema>;
