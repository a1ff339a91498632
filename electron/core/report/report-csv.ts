/**
 * The report as CSV for a spreadsheet: the heading facts (site, date, laptop, counts by state) as
 * `name,value` rows first, a blank row, then one row per device under a header. Numbers are plain numbers
 * in fixed units (TH/s, %, °C) so a customer can sum and sort; every text cell goes through `csvCell`.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { Translator } from '../../../shared/i18n/translate';
import type { CellValue } from './csv-cell';
import { csvFile } from './csv-cell';
import { alertText, apiKeyText, localTime, percent, terahashes } from '../../../shared/format/report-text';
import { passwordStatusText } from '../../../shared/format/password-status-text';
import { lastRestartText, ledText, poolsText } from '../../../shared/format/setup-text';
import { standardCellText, standardPartsText } from '../../../shared/format/report-standard-text';
import { pendingOf } from '../../../shared/format/report-document';
import { devicesInReportOrder } from '../../../shared/format/report-racks';
import { reportTranslator } from '../../../shared/format/report-words';

/**
 * The device rows' header, one message each (issue 35): the column names follow the report's language
 * (`address`, `адрес`, `dirección`, `地址`), the cells under them stay machine-readable (plain numbers in
 * fixed units, codes, ISO times) in every language.
 */
const HEADER: readonly MessageId[] = [
  'report.csv.column.address',
  'report.csv.column.label',
  // Where it stands (issue 34): empty when not placed in a rack of the site's layout.
  'report.csv.column.area',
  'report.csv.column.rack',
  'report.csv.column.slot',
  'report.csv.column.mac',
  'report.csv.column.hostname',
  'report.csv.column.model',
  'report.csv.column.firmware',
  'report.csv.column.serial',
  'report.csv.column.state',
  'report.csv.column.stateReason',
  'report.csv.column.minerState',
  'report.csv.column.hashRateThs',
  'report.csv.column.nominalHashRateThs',
  'report.csv.column.hashRatePercentOfNominal',
  'report.csv.column.chipTempMaxC',
  'report.csv.column.boardTempMaxC',
  'report.csv.column.apiKey',
  'report.csv.column.password',
  'report.csv.column.passwordChangedAt',
  'report.csv.column.pools',
  'report.csv.column.led',
  'report.csv.column.lastRestart',
  'report.csv.column.commissioning',
  'report.csv.column.preset',
  'report.csv.column.worker',
  'report.csv.column.verdict',
  'report.csv.column.verdictReasons',
  'report.csv.column.acceptedAt',
  'report.csv.column.acceptanceMinutes',
  'report.csv.column.windowHashRatePercentOfNominal',
  'report.csv.column.windowHottestChipC',
  'report.csv.column.boardsSeen',
  'report.csv.column.boardsExpected',
  'report.csv.column.deadChips',
  'report.csv.column.sharesAccepted',
  'report.csv.column.sharesRejected',
  'report.csv.column.standard',
  'report.csv.column.problems',
  'report.csv.column.alerts',
  'report.csv.column.notes',
  'report.csv.column.firstSeen',
  'report.csv.column.lastSeen',
];

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

/**
 * The heading facts as `name,value` rows: the names in the report's language, the values as they are
 * (numbers, ISO-like local times, what core wrote).
 */
function headingRows(report: HandOverReport, tr: Translator): CellValue[][] {
  const label = (id: MessageId, values?: Record<string, string>): string => tr.t(id, values);
  return [
    [label('report.csv.label.site'), report.site.name],
    [label('report.csv.label.generated'), localTime(report.generatedAt)],
    [label('report.csv.label.laptop'), report.laptop],
    [label('report.csv.label.technician'), report.technician],
    [label('report.csv.label.app'), `${report.app.name} ${report.app.version}`],
    [
      label('report.csv.label.statesRead'),
      report.checkedAt === null ? label('report.csv.label.notRead') : localTime(report.checkedAt),
    ],
    [label('report.csv.label.devices'), report.counts.devices],
    [label('report.csv.label.online'), report.counts.online],
    [label('report.csv.label.accepted'), report.counts.accepted],
    [label('report.csv.label.failed'), report.counts.failed],
    // Still settling at the settle limit: not judged yet, never counted as failed.
    [label('report.csv.label.pending'), pendingOf(report).length],
    ...Object.entries(report.counts.byState).map(([state, count]): CellValue[] => [
      label('report.csv.label.state', { state }),
      count,
    ]),
    [label('report.csv.label.apiKey'), report.counts.apiKeys],
    [label('report.csv.label.factoryPassword'), report.counts.factoryPasswords],
    [label('report.csv.label.withProblems'), report.counts.withProblems],
    [label('report.csv.label.racks'), (report.racks ?? []).length],
    // The site against its standard: the line, then what the standard asks (never a secret).
    ...(report.standard === undefined
      ? []
      : [
          [label('report.csv.label.standard'), report.standard.line] as CellValue[],
          ...(report.standard.parts === null ? [] : standardPartsText(report.standard.parts, tr)).map(
            (part): CellValue[] => [label('report.csv.label.standardAsks'), part],
          ),
        ]),
    // The site's writes, oldest first: one line each, with the addresses a write failed on.
    ...report.activity.map((a): CellValue[] => [
      label('report.csv.label.activity'),
      `${localTime(a.at)} · ${a.by} · ${a.summary}`,
    ]),
  ];
}

/** `tr`: the language of the labels and the header (issue 35); English when none is given. */
export function reportCsv(report: HandOverReport, translator?: Translator): string {
  const tr = reportTranslator(translator);
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
  return csvFile([...headingRows(report, tr), [], HEADER.map((id) => tr.t(id)), ...devices]);
}
