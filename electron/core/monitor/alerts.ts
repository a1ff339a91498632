/**
 * Alerts: conditions a technician must act on, raised and cleared with their times. Derived from the
 * device's monitoring state and its latest reading after every poll, so there is one source of truth.
 *
 * Thresholds have hysteresis (a chip at 85.2 °C then 84.9 °C is one alert, not two), and alerts that
 * come from readings are only re-evaluated on a fresh reading: a device that overheated and then dropped
 * off keeps its temperature alert, since nothing says it cooled down.
 */
import type { AlertKind, MonitorAlert, MonitorState, ReadingSummary } from '../../../shared/domain/monitor';
import { sameMacText, sameMacWords } from '../../../shared/domain/same-mac';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';

export interface AlertThresholds {
  /** Hottest chip, °C. */
  chipTempMaxC: number;
  /** Below this share of the nominal hash rate, while mining. */
  hashRateMinShare: number;
  /** An over-temperature alert clears this many °C under the threshold. */
  tempClearMarginC: number;
  /** A low hash-rate alert clears this share above the threshold. */
  hashRateClearMargin: number;
}

export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = {
  chipTempMaxC: 85,
  hashRateMinShare: 0.8,
  tempClearMarginC: 2,
  hashRateClearMargin: 0.02,
};

export interface AlertInput {
  state: MonitorState;
  reason: string;
  /** The reading of this poll when it answered with one, else undefined. */
  reading: ReadingSummary | undefined;
  /**
   * Other addresses answering with the device's MAC (a cloned or misconfigured board); the alert holds while
   * there are any.
   */
  sameMacAs?: readonly string[];
  /** Its working password is the factory default (the keychain's metadata); the alert holds while so. */
  factoryPassword?: boolean;
}

export const FACTORY_PASSWORD_ALERT =
  'its password is the factory default "admin": anyone on the LAN can change its pools (change it)';

/**
 * What an alert says: the English sentence (the CLI's, the logs', the report's) and, when the monitor made
 * the words, the same as a message with its numbers as numbers, for the window's language (issue 35). An
 * alert from the device's state says the state's reason, which the window reads by its shape.
 */
export interface AlertWords {
  readonly message: string;
  readonly text?: MessageRef;
}

const FACTORY_PASSWORD: AlertWords = {
  message: FACTORY_PASSWORD_ALERT,
  text: message('fleet.alertText.factoryPassword'),
};
/** A reading alert held without a fresh reading: its words stay those it was raised with. */
const KEPT: AlertWords = { message: '' };

const READING_KINDS = new Set<AlertKind>(['failure', 'temperature', 'hash-rate']);

const STATE_ALERTS: Partial<Record<MonitorState, AlertKind>> = {
  offline: 'offline',
  locked: 'needs-password',
  'needs-password': 'needs-password',
  'auth-failed': 'auth-failed',
  'locked-out': 'locked-out',
  error: 'error',
};

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** Which alert conditions hold now; `active` are the kinds already raised (for hysteresis). */
export function alertConditions(
  input: AlertInput,
  active: ReadonlySet<AlertKind>,
  t: AlertThresholds,
): Map<AlertKind, AlertWords> {
  const holds = new Map<AlertKind, AlertWords>();
  const fromState = STATE_ALERTS[input.state];
  if (fromState !== undefined) holds.set(fromState, { message: input.reason });
  const twins = input.sameMacAs ?? [];
  if (twins.length > 0)
    holds.set('duplicate-mac', { message: sameMacWords(twins), text: sameMacText(twins) });
  if (input.factoryPassword === true) holds.set('factory-password', FACTORY_PASSWORD);

  const reading = input.reading;
  if (input.state !== 'online' || reading === undefined) {
    // No fresh reading: reading alerts stay as they are.
    for (const kind of active) if (READING_KINDS.has(kind)) holds.set(kind, KEPT);
    return holds;
  }
  if (reading.minerKind === 'failure') holds.set('failure', { message: input.reason });
  const chip = reading.chipTempMax;
  if (chip !== undefined) {
    const limit = active.has('temperature') ? t.chipTempMaxC - t.tempClearMarginC : t.chipTempMaxC;
    if (chip > limit) {
      holds.set('temperature', {
        message: `chips at ${chip} °C (alert above ${t.chipTempMaxC} °C)`,
        text: message('fleet.alertText.temperature', { chip, limit: t.chipTempMaxC }),
      });
    }
  }
  const { hashRate, nominalHashRate } = reading;
  if (reading.minerKind === 'mining' && hashRate !== undefined && nominalHashRate !== undefined) {
    const share = hashRate / nominalHashRate;
    const floor = active.has('hash-rate') ? t.hashRateMinShare + t.hashRateClearMargin : t.hashRateMinShare;
    if (share < floor) {
      holds.set('hash-rate', {
        message: `hash rate at ${percent(share)} of nominal (alert under ${percent(t.hashRateMinShare)})`,
        // Whole percents as numbers: the window writes them as its locale does.
        text: message('fleet.alertText.hashRate', {
          percent: Math.round(share * 100),
          floor: Math.round(t.hashRateMinShare * 100),
        }),
      });
    }
  }
  return holds;
}

export interface AlertChanges {
  readonly raised: readonly MonitorAlert[];
  readonly cleared: readonly MonitorAlert[];
}

const NONE_ACTIVE: ReadonlySet<AlertKind> = new Set();
/** What every update that changed nothing answers. */
const NO_CHANGES: AlertChanges = Object.freeze({ raised: Object.freeze([]), cleared: Object.freeze([]) });

/** Active alerts per device and a bounded log of cleared ones. */
export class AlertBook {
  private nextId = 1;
  private readonly active = new Map<string, Map<AlertKind, MonitorAlert>>();
  private readonly log: MonitorAlert[] = [];
  private activeTotal = 0;

  constructor(
    private readonly thresholds: AlertThresholds,
    private readonly logLimit = 1000,
  ) {}

  update(deviceId: string, address: string, input: AlertInput, now: number): AlertChanges {
    const known = this.active.get(deviceId);
    const active = known === undefined ? NONE_ACTIVE : new Set(known.keys());
    const holds = alertConditions(input, active, this.thresholds);
    // Most polls of most devices: nothing raised before, nothing holds now. No map, no lists.
    if (known === undefined && holds.size === 0) return NO_CHANGES;
    const mine = known ?? new Map<AlertKind, MonitorAlert>();
    const raised: MonitorAlert[] = [];
    const cleared: MonitorAlert[] = [];
    for (const [kind, alert] of mine) {
      if (holds.has(kind)) continue;
      mine.delete(kind);
      cleared.push(this.retire(alert, now));
    }
    for (const [kind, said] of holds) {
      if (mine.has(kind)) continue;
      const alert: MonitorAlert = {
        id: this.nextId++,
        kind,
        deviceId,
        address,
        message: said.message,
        ...(said.text !== undefined ? { text: said.text } : {}),
        raisedAt: now,
      };
      mine.set(kind, alert);
      this.activeTotal += 1;
      raised.push(alert);
    }
    if (mine.size > 0) this.active.set(deviceId, mine);
    else this.active.delete(deviceId);
    return { raised, cleared };
  }

  /** A device leaves the monitor: its alerts are cleared. */
  removeDevice(deviceId: string, now: number): MonitorAlert[] {
    const mine = this.active.get(deviceId);
    this.active.delete(deviceId);
    return mine === undefined ? [] : [...mine.values()].map((alert) => this.retire(alert, now));
  }

  kindsFor(deviceId: string): AlertKind[] {
    const mine = this.active.get(deviceId);
    return mine === undefined ? [] : [...mine.keys()];
  }

  activeFor(deviceId: string): MonitorAlert[] {
    return [...(this.active.get(deviceId)?.values() ?? [])];
  }

  allActive(): MonitorAlert[] {
    return [...this.active.values()].flatMap((mine) => [...mine.values()]);
  }

  /** Cleared alerts, newest last. */
  cleared(): MonitorAlert[] {
    return [...this.log];
  }

  get activeCount(): number {
    return this.activeTotal;
  }

  private retire(alert: MonitorAlert, now: number): MonitorAlert {
    this.activeTotal -= 1;
    const done = { ...alert, clearedAt: now };
    this.log.push(done);
    if (this.log.length > this.logLimit) this.log.splice(0, this.log.length - this.logLimit);
    return done;
  }
}
