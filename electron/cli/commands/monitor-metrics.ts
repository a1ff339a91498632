/**
 * `minerdeck monitor … --metrics <host:port>`: serves what the monitor reads as site metrics for
 * the site's own Prometheus while it monitors. Loopback unless the user names another address; the URL
 * goes to stderr, so stdout stays the monitor's own lines (or JSON).
 */
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import { expositionOf, streamExposition } from '../../core/metrics/exposition';
import { DeviceLabelCache } from '../../core/metrics/exposition-labels';
import type { MetricsServer } from '../../core/metrics/metrics-server';
import { parseMetricsAddress, startMetricsServer } from '../../core/metrics/metrics-server';
import type { PollRecorder } from '../../core/metrics/poll-recorder';
import type { Monitor } from '../../core/monitor/monitor';
import type { Output } from '../output';

/** Starts serving; the address was checked when the arguments were read. */
export async function serveMonitorMetrics(
  option: string,
  site: string,
  monitor: Monitor,
  recorder: PollRecorder,
  output: Output,
): Promise<Result<MetricsServer>> {
  const address = parseMetricsAddress(option);
  if (!address.ok) return address;
  const labels = new DeviceLabelCache();
  const server = await startMetricsServer({
    ...address.value,
    stream: (format, write) => streamExposition(expositionOf(site, monitor, recorder, labels), format, write),
  });
  if (!server.ok) return server;
  output.err(`Site metrics: ${server.value.url}`);
  return ok(server.value);
}
