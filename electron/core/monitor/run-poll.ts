/**
 * One poll of one device from start to end, as the scheduler runs it: the reads themselves
 * (poll-device.ts), then what the outcome changes — the device's state and reason, its alerts and
 * history, the fleet totals, the laptop's network — and the delay until its next poll. Built once per
 * monitor: a poll allocates only what its outcome needs.
 */
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import type { Clock } from '../clock/clock';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import type { NetworkSide } from '../device/network-errors';
import { networkSideOf } from '../device/network-errors';
import type { PollDone } from '../metrics/poll-recorder';
import type { DeviceRecord } from './device-record';
import { failureOf } from './device-record';
import type { ExpectedDisruption } from './disruption';
import { mayBeDisrupted } from './disruption';
import { shareOf } from './fleet-totals';
import { createDeviceHistory } from './history';
import type { MonitorParts } from './monitor-parts';
import { START_SPREAD_PER_DEVICE_MS } from './monitor-parts';
import type { MonitorTarget } from './poll-device';
import { createDevicePoller } from './poll-device';
import type { PollScheduler } from './scheduler';
import type { PollSummary } from './poll-summary';
import type { MachineState, PollEvent } from './state-machine';
import { jittered, nextPollDelay, withinKeptConnection } from './state-machine';
import { apply, expect, settle } from './record-changes';

export interface PollRunnerOptions {
  client: DeviceClient;
  sessions: SessionManager;
  /** Looked up when a device falls silent or reports a shutting-down or booting state (monitor.ts). */
  lookupDisruption?: (target: MonitorTarget) => Promise<ExpectedDisruption | undefined>;
  /** Told of every finished poll. */
  onPollDone?: (done: PollDone) => void;
  /** The monitor's clock (its polls' timeouts are field time on it); default the real one. */
  clock?: Clock;
}

/** Polls one device; resolves with the delay until its next poll (the scheduler's `run`). */
export type PollRunner = (deviceId: string, controller: AbortController) => Promise<number>;

/** The poll got no answer: the laptop's network refused it, or nobody answered. */
const isNoAnswer = (side: NetworkSide): boolean => side === 'laptop' || side === 'silent';

/** `scheduler` is read only when the laptop is back on the network (every device polled again soon). */
export function createPollRunner(
  parts: MonitorParts,
  options: PollRunnerOptions,
  scheduler: () => Pick<PollScheduler, 'pollSoon'>,
): PollRunner {
  const { settings, now, random, records, alerts, latency, network, diffs } = parts;
  const { sessions } = options;
  const poll = createDevicePoller({
    client: options.client,
    sessions,
    timeoutMs: settings.timeoutMs,
    recheckMs: settings.capabilityRecheckMs,
    now,
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
  });

  async function runPoll(deviceId: string, controller: AbortController): Promise<number> {
    const record = records.get(deviceId);
    if (record === undefined) return settings.intervalMs;
    const started = now();
    const before = record.machine;
    const opensSession = sessions.state(deviceId).kind === 'no-session' && record.credential !== 'apiKey';
    if (apply(parts, record, { kind: 'poll-started', opensSession }) !== before) diffs.markDirty(deviceId);
    const result = await poll(record.target, record.caps, controller);
    // Stopped, or removed meanwhile: the answer belongs to nobody. (The poll aborts its controller itself
    // when it runs late; that answer is a timeout and counts.)
    if (parts.stopped || records.get(deviceId) !== record) return settings.intervalMs;
    const at = now();
    record.lastPollAt = at;
    record.lastPollMs = at - started;
    latency.add(record.lastPollMs);
    options.onPollDone?.(
      result.ok
        ? {
            deviceId,
            ms: record.lastPollMs,
            // The bodies that stand for this poll: read by it, or kept from an earlier one.
            summary: result.summaryReused ? record.answer.summaryForListener : result.summary,
            info: result.info ?? record.answer.infoForListener,
          }
        : { deviceId, ms: record.lastPollMs, error: result.error.code },
    );

    const side: NetworkSide = result.ok ? 'answered' : networkSideOf(result.error);
    // Off the site network (or a poll begun while it was): no answer says nothing about the device.
    if (isNoAnswer(side) && (network.offNetworkSince !== undefined || started < parts.networkBackAt)) {
      if (network.offNetworkSince !== undefined) {
        network.observe({ deviceId, side, startedAt: started, endedAt: at }, records.size);
      }
      return notChecked(record, before);
    }

    let fresh: PollSummary | undefined;
    let event: PollEvent;
    if (result.ok) {
      // Only the summary is read per poll; the full reading is rebuilt from the kept bodies on demand
      // (device()).
      fresh = record.answer.take(result, at, settings.keepSummaries || record.openUntil > at);
      if (record.answer.summaryWanted) record.caps.summaryRead = false;
      const before = shareOf(record);
      record.summary = fresh.summary;
      settle(parts, record, before);
      record.notes = result.notes;
      record.credential = result.credential;
      event = { kind: 'answered', reading: fresh };
    } else {
      event = { kind: 'failed', failure: failureOf(result.error, record.target) };
    }
    if (options.lookupDisruption !== undefined && mayBeDisrupted(record.machine, event)) {
      const found = await options.lookupDisruption(record.target).catch(() => undefined);
      if (parts.stopped || records.get(deviceId) !== record) return settings.intervalMs;
      if (found !== undefined) expect(parts, record, found);
    }
    // A device rebooting on purpose says nothing about the laptop's network.
    const seen = record.machine.expected !== undefined && side !== 'answered' ? 'unknown' : side;
    const change = network.observe({ deviceId, side: seen, startedAt: started, endedAt: at }, records.size);
    if (change?.kind === 'lost') networkLost(change.quiet);
    else if (change?.kind === 'back') networkBack(change.at);
    // Off the site network — decided by this poll, or by another one while this one looked its device up
    // in the activity log above (networkLost() then found no miss of it to take back): no miss counted.
    if (isNoAnswer(side) && network.offNetworkSince !== undefined) return notChecked(record, before);
    const prev = record.machine;
    const next = apply(parts, record, event);
    const changes = alerts.update(
      deviceId,
      record.address,
      {
        state: next.state,
        reason: next.reason,
        reading: fresh === undefined ? undefined : record.summary,
        sameMacAs: record.target.sameMacAs,
        factoryPassword: record.target.factoryPassword,
      },
      at,
    );
    diffs.addAlerts(changes);
    record.history ??= createDeviceHistory(parts.capacity, parts.epoch);
    const s = fresh === undefined ? undefined : record.summary;
    record.history.push(
      at,
      {
        hashRate: s?.hashRate,
        chipTempMax: s?.chipTempMax,
        boardTempMax: s?.boardTempMax,
        powerW: s?.powerW,
      },
      MONITOR_STATES.indexOf(next.state),
    );
    if (next !== prev || fresh !== undefined || changes.raised.length + changes.cleared.length > 0) {
      diffs.markDirty(deviceId);
    }
    const delay = nextPollDelay(prev, next, settings, random);
    if (next.state !== 'online') return delay;
    const keptMs = options.client.keptConnectionMs?.(record.target.address);
    return keptMs === undefined
      ? delay
      : withinKeptConnection(delay, now() - started + keptMs, settings, random);
  }

  /**
   * A poll the laptop's network failed: the device keeps the state it had before it (a first poll that
   * began opening a session goes back to waiting), no miss counted, no alarm; polled again at the
   * interval (not its backoff) so the network's return is seen at once.
   */
  function notChecked(record: DeviceRecord, before: MachineState): number {
    if (record.machine.state === 'unlocking' && before.state === 'discovered') {
      const share = shareOf(record);
      record.machine = before;
      settle(parts, record, share);
      diffs.markDirty(record.target.deviceId);
    }
    return jittered(settings.intervalMs, settings.jitter, random);
  }

  /** The laptop left the site network: the polls missed since the last answer were its, not the devices'. */
  function networkLost(quiet: ReadonlySet<string>): void {
    for (const id of quiet) {
      const record = records.get(id);
      if (record === undefined || record.machine.missedPolls === 0 || record.machine.state === 'offline') {
        continue;
      }
      record.machine = { ...record.machine, missedPolls: 0 };
      diffs.markDirty(id);
    }
    diffs.markTotalsChanged();
  }

  /**
   * Back on the site network: every device is polled again within a short spread (as at start), none left
   * waiting out a backoff. Once per return, the only walk of the fleet this costs.
   */
  function networkBack(at: number): void {
    parts.networkBackAt = at;
    diffs.markTotalsChanged();
    const spread = Math.min(settings.intervalMs, records.size * START_SPREAD_PER_DEVICE_MS);
    const polls = scheduler();
    for (const id of records.keys()) polls.pollSoon(id, Math.floor(random() * spread));
  }

  return runPoll;
}
