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
import { standardCellText, standardPartsText } from '../../../shared/format/report-standard-text';
import { pendingOf } from '../../../shared/format/report-document';
import { devicesInReportOrder } from '../../../shared/format/report-racks';

const HEADER = [
  'address',
  'label',
  // Where it stands (issue 34): empty when not placed in a rack of the site's layout.
  'area',
  'rack',
  'slot',
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
  'preset',
  'worker',
  'verdict',
  'verdict_reasons',
  'accepted_at',
  'acceptance_minutes',
  'window_hash_rate_percent_of_nominal',
  'window_hottest_chip_c',
  'boards_seen',
  'boards_expected',
  'dead_chips',
  'shares_accepted',
  'shares_rejected',
  'standard',
  'problems',
  'alerts',
  'notes',
  'first_seen',
  'last_seen',
] as const;

/** "board 2: 5, 6; board 3: 4 graded red", or empty when every chip hashed. */
const deadChipsText = (
  boards: NonNullable<HandOverReport['devices'][number]['acceptance']>['evidence']['deadChips'],
) =>
  boards
    .map(
      (b) =>
        `board ${b.board}: ${b.chips.length > 0 ? b.chips.join(', ') + (b.count > b.chips.length ? ` (+${b.count - b.chips.length})` : '') : `${b.count} graded red`}`,
    )
    .join('; ');

export function reportCsv(report: HandOverReport): string {
  const heading: CellValue[][] = [
    ['site', report.site.name],
    ['generated', localTime(report.generatedAt)],
    ['laptop', report.laptop],
    ['technician', report.technician],
    ['app', `${report.app.name} ${report.app.version}`],
    ['states read', report.checkedAt === null ? 'not read' : localTime(report.checkedAt)],
    ['devices', report.counts.devices],
    ['online', report.counts.online],
    ['accepted', report.counts.accepted],
    ['failed acceptance', report.counts.failed],
    // Still settling at the settle limit: not judged yet, never counted as failed.
    ['pending acceptance', pendingOf(report).length],
    ...Object.entries(report.counts.byState).map(([state, count]): CellValue[] => [`state ${state}`, count]),
    ['with api key', report.counts.apiKeys],
    ['with factory password', report.counts.factoryPasswords],
    ['with problems or alerts', report.counts.withProblems],
    ['racks', (report.racks ?? []).length],
    // The site against its standard: the line, then what the standard asks (never a secret).
    ...(report.standard === undefined
      ? []
      : [
          ['standard', report.standard.line] as CellValue[],
          ...(report.standard.parts === null ? [] : standardPartsText(report.standard.parts)).map(
            (part): CellValue[] => ['standard asks', part],
          ),
        ]),
    // The site's writes, oldest first: one line each, with the addresses a write failed on.
    ...report.activity.map((a): CellValue[] => ['activity', `${localTime(a.at)} · ${a.by} · ${a.summary}`]),
  ];
  // In the printed report's order: rack by rack, slot by slot, the unplaced last (by address without a layout).
  const devices = devicesInReportOrder(report).map((d): CellValue[] => [
    d.address,
    d.label,
    d.area ?? null,
    d.rack ?? null,
    d.slot ?? null,
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
    d.preset,
    d.worker,
    d.acceptance?.verdict ?? null,
    d.acceptance?.reasons.join('; ') ?? null,
    d.acceptance?.endedAt ?? null,
    d.acceptance?.criteria.minutes ?? null,
    d.acceptance?.evidence.hashRate.percent ?? null,
    d.acceptance?.evidence.temperature.hottestChipC ?? null,
    d.acceptance?.evidence.boards.seen ?? null,
    d.acceptance?.evidence.boards.expected ?? null,
    d.acceptance === null ? null : deadChipsText(d.acceptance.evidence.deadChips),
    d.acceptance?.evidence.shares.accepted ?? null,
    d.acceptance?.evidence.shares.rejected ?? null,
    standardCellText(d.standard),
    d.problems.join('; '),
    d.alerts.map(alertText).join('; '),
    d.notes,
    d.firstSeen,
    d.lastSeen,
  ]);
  return csvFile([...heading, [], [...HEADER], ...devices]);
}
