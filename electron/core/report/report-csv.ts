/**
 * The report as CSV for a spreadsheet: the heading facts (site, date, laptop, counts by state) as
 * `name,value` rows first, a blank row, then one row per device under a header. Numbers are plain numbers
 * in fixed units (TH/s, %, °C) so a customer can sum and sort; every text cell goes through `csvCell`.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import type { CellValue } from './csv-cell';
import { csvFile } from './csv-cell';
import { alertText, apiKeyText, localTime, percent, terahashes } from '../../../shared/format/report-text';
import { passwordStatusText } from '../../../shared/format/password-status-text';
import { lastRestartText, ledText, poolsText } from '../../../shared/format/setup-text';

const HEADER = [
  'address',
  'label',
  'mac',
  'hostname',
  'model',
  'firmware',
  'serial',
  'state',
  'state_reason',
  'miner_state',
  'hash_rate_ths',
  'nominal_hash_rate_ths',
  'hash_rate_percent_of_nominal',
  'chip_temp_max_c',
  'board_temp_max_c',
  'api_key',
  'password',
  'password_changed_at',
  'pools',
  'led',
  'last_restart',
  'commissioning',
  'problems',
  'alerts',
  'notes',
  'first_seen',
  'last_seen',
] as const;

export function reportCsv(report: HandOverReport): string {
  const heading: CellValue[][] = [
    ['site', report.site.name],
    ['generated', localTime(report.generatedAt)],
    ['laptop', report.laptop],
    ['app', `${report.app.name} ${report.app.version}`],
    ['states read', report.checkedAt === null ? 'not read' : localTime(report.checkedAt)],
    ['devices', report.counts.devices],
    ...Object.entries(report.counts.byState).map(([state, count]): CellValue[] => [`state ${state}`, count]),
    ['with api key', report.counts.apiKeys],
    ['with factory password', report.counts.factoryPasswords],
    ['with problems or alerts', report.counts.withProblems],
    // The site's writes, oldest first: one line each, with the addresses a write failed on.
    ...report.activity.map((a): CellValue[] => ['activity', `${localTime(a.at)} · ${a.by} · ${a.summary}`]),
  ];
  const devices = report.devices.map((d): CellValue[] => [
    d.address,
    d.label,
    d.mac,
    d.hostname,
    d.model,
    d.firmware,
    d.serial,
    d.state,
    d.stateReason,
    d.minerState,
    terahashes(d.hashRate),
    terahashes(d.nominalHashRate),
    percent(d.hashRateShare),
    d.chipTempMax,
    d.boardTempMax,
    apiKeyText(d.apiKey),
    passwordStatusText({ ...d.password, changedAt: undefined }),
    d.password.changedAt ?? null,
    poolsText(d.pools),
    ledText(d.led),
    lastRestartText(d.lastRestart),
    d.commissioning,
    d.problems.join('; '),
    d.alerts.map(alertText).join('; '),
    d.notes,
    d.firstSeen,
    d.lastSeen,
  ]);
  return csvFile([...heading, [], [...HEADER], ...devices]);
}
