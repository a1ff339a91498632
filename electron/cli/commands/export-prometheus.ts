/**
 * `minerdeck export --prometheus <dir> [--site NAME] [--metrics host:port]… [--blackbox host:port]`
 *: the hand-over configuration for the site's own Prometheus — prometheus.yml scraping
 * Minerdeck's `/metrics` (where each `monitor --metrics` of the site serves it: `--metrics` once per
 * monitor), alerting rules mirroring Minerdeck's alerts, recording rules adding the monitors' totals up
 * to the site's, and the site's devices as file_sd targets. Each file is written atomically; no secret
 * is in any.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { writeFileAtomic } from '../../core/inventory/atomic-file';
import { parseMetricsAddress } from '../../core/metrics/metrics-server';
import { parseMonitorTargets } from '../../core/metrics/monitor-targets';
import {
  alertingRules,
  CONFIG_FILE,
  fileSdTargets,
  RULES_FILE,
  scrapeConfig,
  SITE_RULES_FILE,
  siteRules,
  TARGETS_FILE,
} from '../../core/metrics/prometheus-config';
import { toAppError } from '../../core/errors/to-app-error';

export interface PrometheusExportOptions {
  dir: string;
  /** One `host:port` per monitor of the site (none: 127.0.0.1:9464). */
  metrics: readonly string[];
  blackbox: string | undefined;
}

/** `127.0.0.1:9464` as Prometheus writes a target (`[::1]:9464` for IPv6). */
function target(text: string | undefined, option: string, fallback: string): Result<string> {
  if (text === undefined) return ok(fallback);
  const parsed = parseMetricsAddress(text);
  if (!parsed.ok) return err('INVALID_INPUT', parsed.error.message.replace('--metrics', `--${option}`));
  const { host, port } = parsed.value;
  return ok(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
}

/** Writes the four files; answers their paths. */
export async function writePrometheusExport(
  site: Pick<Site, 'name'>,
  devices: readonly Omit<InventoryDevice, 'siteId'>[],
  options: PrometheusExportOptions,
): Promise<Result<string[]>> {
  const metrics = parseMonitorTargets(options.metrics);
  if (!metrics.ok) return metrics;
  const blackbox = options.blackbox === undefined ? ok(undefined) : target(options.blackbox, 'blackbox', '');
  if (!blackbox.ok) return blackbox;
  const files: [string, string][] = [
    [
      CONFIG_FILE,
      scrapeConfig({
        site: site.name,
        metricsTargets: metrics.value,
        ...(blackbox.value !== undefined ? { blackbox: blackbox.value } : {}),
      }),
    ],
    [RULES_FILE, alertingRules()],
    [SITE_RULES_FILE, siteRules()],
    [
      TARGETS_FILE,
      fileSdTargets(
        site.name,
        devices.map((d) => ({
          id: d.id,
          address: d.address,
          model: d.identity.model,
          firmware: d.identity.firmware,
          label: d.label,
        })),
      ),
    ],
  ];
  const written: string[] = [];
  try {
    await mkdir(options.dir, { recursive: true });
    for (const [name, content] of files) {
      const path = join(options.dir, name);
      await writeFileAtomic(path, content);
      written.push(path);
    }
  } catch (error) {
    return err('INVALID_INPUT', `cannot write to ${options.dir}: ${toAppError(error).message}`);
  }
  return ok(written);
}
