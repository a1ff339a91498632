/**
 * What the monitor keeps per device, and the pure conversions around it: a poll's error into the
 * state machine's input (the message without the address, which the view shows anyway), and a record
 * into the compact view sent in diffs.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type {
  AlertKind,
  MonitorAlert,
  MonitorDeviceView,
  ReadingSummary,
} from '../../../shared/domain/monitor';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { DeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { readStatus } from '../device/status-reader';
import type { RawBodies } from './kept-answer';
import { KeptAnswer } from './kept-answer';
import type { DeviceHistoryField, Series, SeriesRing } from './history';
import { DEVICE_HISTORY_FIELDS } from './history';
import type { Capabilities, MonitorTarget } from './poll-device';
import { newCapabilities } from './poll-device';
import type { MachineState, PollFailure } from './state-machine';
import { initialState } from './state-machine';

export type { RawBodies } from './kept-answer';

export interface DeviceRecord {
  target: MonitorTarget;
  /** Canonical text form (`http://10.0.0.5`). */
  address: string;
  machine: MachineState;
  caps: Capabilities;
  /** The compact reading of the last answer; the full one is rebuilt from the kept bodies when asked for. */
  summary?: ReadingSummary;
  /** The last answer's bodies and what its last `/summary` said. */
  answer: KeptAnswer;
  /** Optional reads that failed at the last answer ("summary: timeout"), added to the reading's warnings. */
  notes: string[];
  /** The credential kind the last answered poll used. */
  credential?: DeviceCredential['kind'];
  /** Until when someone has it open (open-devices.ts): its whole `/summary` is kept meanwhile. */
  openUntil: number;
  /** Allocated at the first sample. */
  history?: SeriesRing<DeviceHistoryField>;
  lastPollAt?: number;
  lastPollMs?: number;
}

/** `listened`: a listener takes every poll's parsed bodies (kept-answer.ts). */
export function newRecord(
  target: MonitorTarget,
  now: number,
  listened: () => boolean = () => false,
): DeviceRecord {
  return {
    target,
    address: formatDeviceAddress(target.address),
    machine: initialState(now),
    caps: newCapabilities(),
    answer: new KeptAnswer(listened),
    notes: [],
    openUntil: 0,
  };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The state machine's view of an error: its code and facts, and its message without the address. */
export function failureOf(error: DeviceError, target: MonitorTarget): PollFailure {
  const where = new RegExp(`^${escapeRegExp(hostPort(target.address))}:?\\s*`);
  const { status, deviceMessage, retryAfterSeconds } = error.detail;
  return {
    code: error.code,
    text: error.message.replace(where, ''),
    ...(status !== undefined ? { status } : {}),
    ...(deviceMessage !== undefined ? { deviceMessage } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}

export function toView(record: DeviceRecord, alerts: AlertKind[]): MonitorDeviceView {
  const { machine } = record;
  return {
    deviceId: record.target.deviceId,
    address: record.address,
    state: machine.state,
    reason: machine.reason,
    since: machine.since,
    missedPolls: machine.missedPolls,
    ...(machine.lastAnswerAt !== undefined ? { lastAnswerAt: machine.lastAnswerAt } : {}),
    ...(record.summary !== undefined ? { reading: record.summary } : {}),
    alerts,
  };
}

/** Everything known about one device, for its detail view. */
export interface DeviceDetail {
  view: MonitorDeviceView;
  /** The full typed reading of the last answer. */
  reading?: DeviceReading;
  raw: RawBodies;
  capabilities: Pick<Capabilities, 'summary'>;
  credential?: DeviceCredential['kind'];
  alerts: MonitorAlert[];
  history: Series<DeviceHistoryField>;
  lastPollMs?: number;
}

const emptyHistory = (): Series<DeviceHistoryField> => ({
  at: [],
  values: Object.fromEntries(
    DEVICE_HISTORY_FIELDS.map((f) => [f, []]),
  ) as unknown as Series<DeviceHistoryField>['values'],
  codes: [],
});

/** Rebuilds the full reading from the raw bodies (pure), so records need not hold one per device. */
function readingOf(record: DeviceRecord, raw: RawBodies): DeviceReading {
  const reading = readStatus(raw.status, raw.summary, raw.info);
  reading.warnings.push(...record.notes);
  return reading;
}

export function toDetail(
  record: DeviceRecord,
  view: MonitorDeviceView,
  alerts: MonitorAlert[],
): DeviceDetail {
  const raw = record.answer.raw();
  return {
    view,
    ...(raw.status !== undefined ? { reading: readingOf(record, raw) } : {}),
    raw,
    capabilities: { summary: record.caps.summary },
    ...(record.credential !== undefined ? { credential: record.credential } : {}),
    alerts,
    history: record.history?.toSeries() ?? emptyHistory(),
    ...(record.lastPollMs !== undefined ? { lastPollMs: record.lastPollMs } : {}),
  };
}
