/**
 * The app's site metrics (Settings → "Site metrics"): serves what the app's monitor reads for the site's
 * own Prometheus, as `minerdeck monitor --metrics` does in a terminal, following the setting — started,
 * stopped or moved as soon as it changes. A port that is taken does not undo the setting: it stays saved
 * and the status says why nothing is served, so the user picks another port.
 *
 * Serving never slows polling: the monitor pays one cheap `record` call per poll (nothing while metrics
 * are off), and a scrape only reads what the monitor and the recorder already hold, streamed in chunks.
 */
import { zeroByState } from '../../../shared/domain/kinds';
import type { SiteMetricsSettings } from '../../../shared/domain/settings';
import type { MessageRef } from '../../../shared/i18n/message';
import type { SiteMetricsStatus } from '../../../shared/ipc/channels/metrics';
import type { MonitorSnapshot, MonitorStats } from '../monitor/monitor-reads';
import type { SettingsStore } from '../settings/settings-store';
import type { ExpositionInput } from './exposition';
import { expositionOf, streamExposition } from './exposition';
import { DeviceLabelCache } from './exposition-labels';
import type { MetricsServer } from './metrics-server';
import { parseMetricsAddress, startMetricsServer } from './metrics-server';
import type { PollDone } from './poll-recorder';
import { PollRecorder } from './poll-recorder';

/** What a scrape reads from the running monitor (the fleet's, rebuilt when the monitor settings change). */
export interface MetricsMonitor {
  snapshot(): MonitorSnapshot;
  stats(): Pick<MonitorStats, 'polls' | 'late'>;
}

export interface SiteMetricsService {
  /** Bound to the monitor's `onPollDone`; ignores polls while metrics are off. */
  readonly record: (done: PollDone) => void;
  /** Whether `record` takes polls now (metrics on): the monitor keeps every body parsed only then. */
  readonly listening: () => boolean;
  /** The status once any start or stop under way has finished. */
  status(): Promise<SiteMetricsStatus>;
  /** Stops serving and stops following the settings. Safe to call twice. */
  dispose(): Promise<void>;
}

export interface SiteMetricsServiceOptions {
  settings: Pick<SettingsStore, 'current' | 'onChange'>;
  /** The monitor running now; undefined while monitoring is paused (a scrape then shows no devices). */
  monitor: () => MetricsMonitor | undefined;
  /** The current site's name, the `site` label ('' when there is none). */
  site: () => string;
  now?: () => number;
}

/** What a scrape serves while no monitor runs: no devices, rather than an error Prometheus would retry. */
const idleMonitor = (now: number): MetricsMonitor => ({
  snapshot: (): MonitorSnapshot => ({
    at: now,
    devices: [],
    totals: {
      devices: 0,
      byState: zeroByState(),
      hashRate: 0,
      nominalHashRate: 0,
      powerW: 0,
      activeAlerts: 0,
    },
    alerts: [],
  }),
  stats: () => ({ polls: 0, late: 0 }),
});

/** "Site metrics: 127.0.0.1:9464 is in use…" → "127.0.0.1:9464 is in use…": the card has the title. */
const plainReason = (message: string): string => message.replace(/^Site metrics:\s*/, '');

export function createSiteMetricsService(options: SiteMetricsServiceOptions): SiteMetricsService {
  const now = options.now ?? Date.now;
  let recorder = new PollRecorder();
  const labels = new DeviceLabelCache();
  let served: MetricsServer | undefined;
  let applied: SiteMetricsSettings = { enabled: false, address: options.settings.current().metrics.address };
  let error: string | undefined;
  /** The same reason as a message, for the window's language. */
  let errorText: MessageRef | undefined;
  let disposed = false;
  let transition: Promise<void> = Promise.resolve();

  const input = (): ExpositionInput =>
    expositionOf(options.site(), options.monitor() ?? idleMonitor(now()), recorder, labels);

  async function stopServing(): Promise<void> {
    const current = served;
    served = undefined;
    await current?.close();
  }

  /** Brings the server in line with the setting: one step at a time, never two servers. */
  async function apply(wanted: SiteMetricsSettings): Promise<void> {
    if (disposed) return;
    // The same setting saved again retries after a failure (the port may be free now).
    const same = wanted.enabled === applied.enabled && wanted.address === applied.address;
    if (same && error === undefined) return;
    await stopServing();
    error = undefined;
    errorText = undefined;
    applied = wanted;
    if (!wanted.enabled) {
      // Off: what was recorded goes too, so turning it on again starts from fresh counts.
      recorder = new PollRecorder();
      return;
    }
    const address = parseMetricsAddress(wanted.address);
    if (!address.ok) {
      error = plainReason(address.error.message);
      errorText = address.error.text;
      return;
    }
    const started = await startMetricsServer({
      ...address.value,
      now,
      // Streamed, yielding between families: a scrape of thousands of devices never holds up a poll.
      stream: (format, write) => streamExposition(input(), format, write),
    });
    if (!started.ok) {
      error = plainReason(started.error.message);
      errorText = started.error.text;
      return;
    }
    if (disposed) {
      await started.value.close();
      return;
    }
    served = started.value;
  }

  const follow = (settings: SiteMetricsSettings): Promise<void> => {
    const step = () => apply({ enabled: settings.enabled, address: settings.address });
    transition = transition.then(step, step);
    return transition;
  };

  const unsubscribe = options.settings.onChange((settings) => void follow(settings.metrics));
  // Turned on in an earlier session: served from the start.
  void follow(options.settings.current().metrics);

  return {
    record: (done) => {
      if (applied.enabled) recorder.record(done);
    },
    listening: () => applied.enabled,
    async status() {
      await transition;
      const lastScrapeAt = served?.lastScrapeAt();
      return {
        enabled: applied.enabled,
        address: applied.address,
        ...(served !== undefined ? { url: served.url } : {}),
        ...(lastScrapeAt !== undefined ? { lastScrapeAt } : {}),
        ...(error !== undefined ? { error } : {}),
        ...(errorText !== undefined ? { errorText } : {}),
      };
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      transition = transition.then(stopServing, stopServing);
      await transition;
    },
  };
}
