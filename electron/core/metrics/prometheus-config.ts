/**
 * The hand-over configuration for a site's own Prometheus: a scrape configuration for
 * Minerdeck's `/metrics` (one monitor, or several when the site is split by address blocks), alerting
 * rules that mirror Minerdeck's own alerts, recording rules that add the monitors' fleet totals up to the
 * site's, and the site's devices as a file-based service discovery target list. Pure: text in, text out; the CLI writes the files and the
 * tests hand them to `promtool check config` / `check rules` and to a real Prometheus.
 *
 * The rules fire on `minerdeck_device_alert{kind}`, the alerts exactly as the monitor raises them (same
 * thresholds, same hysteresis), so Prometheus and the app never disagree about what is wrong.
 * YAML strings are written as JSON strings, which YAML reads as they are.
 */
import type { AlertKind } from '../../../shared/domain/monitor';
import { DEFAULT_ALERT_THRESHOLDS } from '../monitor/alerts';
import { FLEET_SERIES } from './exposition';

export const CONFIG_FILE = 'prometheus.yml';
export const RULES_FILE = 'minerdeck-alerts.yml';
export const SITE_RULES_FILE = 'minerdeck-site.yml';
export const TARGETS_FILE = 'minerdeck-devices.json';
export const METRICS_JOB = 'minerdeck';

export interface SiteDeviceTarget {
  id: string;
  /** Canonical address (`http://10.0.0.5`, `https://10.0.0.6:8443`). */
  address: string;
  model: string | null;
  firmware: string | null;
  label: string;
}

export interface PrometheusConfigOptions {
  site: string;
  /** Where the site's monitors serve `/metrics` (`host:port`), one or several. */
  metricsTargets: readonly string[];
  scrapeIntervalS?: number;
  /** A blackbox exporter (`host:port`) to probe the devices' HTTP from the target list; no job without it. */
  blackbox?: string;
}

const q = JSON.stringify;

export function scrapeConfig(options: PrometheusConfigOptions): string {
  const interval = `${options.scrapeIntervalS ?? 15}s`;
  const lines = [
    `# Written by "minerdeck export --prometheus" for site ${q(options.site)}. See docs/metrics.md.`,
    'global:',
    `  scrape_interval: ${interval}`,
    `  evaluation_interval: ${interval}`,
    'rule_files:',
    `  - ${RULES_FILE}`,
    `  - ${SITE_RULES_FILE}`,
    'scrape_configs:',
    '  # Each monitor of the site (one per laptop or process, each over address blocks of its own).',
    `  - job_name: ${METRICS_JOB}`,
    '    static_configs:',
    `      - targets: [${options.metricsTargets.map((target) => q(target)).join(', ')}]`,
  ];
  if (options.blackbox !== undefined) {
    lines.push(
      '  # Each device of the site, probed over HTTP by a blackbox exporter (module http_2xx).',
      '  - job_name: minerdeck-devices',
      '    metrics_path: /probe',
      '    params:',
      '      module: [http_2xx]',
      '    file_sd_configs:',
      `      - files: [${q(TARGETS_FILE)}]`,
      '    relabel_configs:',
      '      - source_labels: [__address__]',
      '        target_label: __param_target',
      '      - source_labels: [__param_target]',
      '        target_label: instance',
      '      - target_label: __address__',
      `        replacement: ${q(options.blackbox)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface RuleSpec {
  name: string;
  kind: AlertKind;
  severity: 'critical' | 'warning';
  summary: string;
  description: string;
}

const t = DEFAULT_ALERT_THRESHOLDS;

/** The alerts a site asks about first (offline, failure, heat, low hash rate, factory password). */
const RULES: RuleSpec[] = [
  {
    name: 'MinerdeckDeviceOffline',
    kind: 'offline',
    severity: 'critical',
    summary: '{{ $labels.address }} is offline',
    description: 'No answer to several polls in a row (not a reboot or restart asked for on site).',
  },
  {
    name: 'MinerdeckDeviceFailure',
    kind: 'failure',
    severity: 'critical',
    summary: '{{ $labels.address }} reports a failure',
    description: 'The device answers but its miner reports a failure state.',
  },
  {
    name: 'MinerdeckDeviceTemperature',
    kind: 'temperature',
    severity: 'warning',
    summary: '{{ $labels.address }} runs hot',
    description: `Hottest chip above ${t.chipTempMaxC} °C (clears ${t.tempClearMarginC} °C under it).`,
  },
  {
    name: 'MinerdeckDeviceHashRateLow',
    kind: 'hash-rate',
    severity: 'warning',
    summary: '{{ $labels.address }} hashes under its nominal rate',
    description: `Hash rate under ${Math.round(t.hashRateMinShare * 100)} % of nominal while mining.`,
  },
  {
    name: 'MinerdeckDeviceFactoryPassword',
    kind: 'factory-password',
    severity: 'warning',
    summary: '{{ $labels.address }} still has the factory password',
    description: 'Anyone on the LAN can change its pools: change its password.',
  },
];

export function alertingRules(): string {
  const lines = ['# Written by "minerdeck export --prometheus"; mirrors Minerdeck\'s own alerts.', 'groups:'];
  lines.push('  - name: minerdeck-devices', '    rules:');
  for (const rule of RULES) {
    lines.push(
      `      - alert: ${rule.name}`,
      `        expr: minerdeck_device_alert{kind=${q(rule.kind)}} == 1`,
      '        labels:',
      `          severity: ${rule.severity}`,
      '        annotations:',
      `          summary: ${q(rule.summary)}`,
      `          description: ${q(rule.description)}`,
    );
  }
  lines.push(
    '  - name: minerdeck-monitor',
    '    rules:',
    '      - alert: MinerdeckMetricsDown',
    `        expr: up{job=${q(METRICS_JOB)}} == 0`,
    '        for: 2m',
    '        labels:',
    '          severity: critical',
    '        annotations:',
    `          summary: ${q('Minerdeck at {{ $labels.instance }} does not answer scrapes')}`,
    `          description: ${q('Nothing is watching the devices while it is down.')}`,
    '      - alert: MinerdeckLaptopOffSiteNetwork',
    '        expr: minerdeck_monitor_network_up == 0',
    '        labels:',
    '          severity: critical',
    '        annotations:',
    `          summary: ${q('The Minerdeck laptop at {{ $labels.instance }} is not on the site network')}`,
    `          description: ${q('No device is checked until it is back (devices keep their last state; no device alarm is raised for it): check its cable or Wi-Fi.')}`,
    '      - alert: MinerdeckMissedPolls',
    '        expr: increase(minerdeck_monitor_missed_polls_total[10m]) > 0',
    '        labels:',
    '          severity: warning',
    '        annotations:',
    `          summary: ${q('Minerdeck polls devices late')}`,
    `          description: ${q('Polls started more than one interval late: too many devices or a busy machine.')}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The site's totals over all its monitors, one series each whatever the number of monitors, so a
 * dashboard shows the site as one (`site:minerdeck_fleet_power_watts:sum{site="Hall 1"}`). Each
 * monitor's own totals stay as they are for a look at one part.
 */
const SITE_TOTALS: readonly { series: string; by: string }[] = [
  { series: FLEET_SERIES.devices, by: 'site, state' },
  { series: FLEET_SERIES.hashRate, by: 'site' },
  { series: FLEET_SERIES.nominalHashRate, by: 'site' },
  { series: FLEET_SERIES.powerW, by: 'site' },
  { series: FLEET_SERIES.alerts, by: 'site, kind' },
];

/** Recording rules summing the fleet totals across monitors, and the check that they add up. */
export function siteRules(): string {
  const job = `job=${q(METRICS_JOB)}`;
  const lines = [
    '# Written by "minerdeck export --prometheus": the site\'s totals summed over all its monitors.',
    'groups:',
    '  - name: minerdeck-site',
    '    rules:',
  ];
  for (const { series, by } of SITE_TOTALS) {
    lines.push(`      - record: site:${series}:sum`, `        expr: sum by (${by}) (${series}{${job}})`);
  }
  lines.push(
    '      # How many monitors the site has, and how many answer: a part missing from the totals shows.',
    '      - record: site:minerdeck_monitors:count',
    `        expr: count(up{${job}})`,
    '      - record: site:minerdeck_monitors_up:sum',
    `        expr: sum(up{${job}})`,
    '  - name: minerdeck-site-split',
    '    rules:',
    '      - alert: MinerdeckDeviceMonitoredTwice',
    `        expr: count by (site, device_id) (minerdeck_device_info{${job}}) > 1`,
    '        for: 5m',
    '        labels:',
    '          severity: warning',
    '        annotations:',
    `          summary: ${q('{{ $labels.device_id }} is watched by more than one monitor')}`,
    `          description: ${q("Its address is in the blocks of two monitors, so the site's totals count it twice: give each monitor address blocks of its own.")}`,
  );
  return `${lines.join('\n')}\n`;
}

const hostPortOf = (address: string): string => address.replace(/^[a-z]+:\/\//, '').replace(/\/.*$/, '');

/** Prometheus file_sd: one group per device, labelled like the metrics (no secret is known here). */
export function fileSdTargets(site: string, devices: readonly SiteDeviceTarget[]): string {
  const groups = devices.map((device) => ({
    targets: [hostPortOf(device.address)],
    labels: {
      site,
      device_id: device.id,
      address: device.address,
      model: device.model ?? '',
      firmware: device.firmware ?? '',
      label: device.label,
    },
  }));
  return `${JSON.stringify(groups, null, 2)}\n`;
}
