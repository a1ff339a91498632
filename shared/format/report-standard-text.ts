/**
 * The report's words for the site standard (issue 26), shared by the printable HTML, the CSV (core) and
 * the app's preview (renderer) so the three never disagree: the Standard column's cell (✓, or what
 * differs, then what was not checked), what the standard asks in short parts, and the site line split
 * into its label and its counts. The words themselves are built in core (electron/core/report/
 * report-standard.ts); this only lays them out, and never holds a secret.
 */
import type { ReportDevice, ReportStandard } from '../domain/report';
import { STANDARD_PARTS } from '../domain/standard-parts';
import type { StandardPart } from '../domain/standard-parts';
import type { MessageId } from '../i18n/catalogs';
import { SOURCE_LOCALE } from '../i18n/locales';
import { countText } from './report-words';
import { criteriaText } from './acceptance-text';
import { choiceText } from './power-text';
import { reportTranslator } from './report-words';
import type { Translator } from './report-words';

/**
 * The Standard column: ✓ at the standard, else what differs first (a narrow column ends in "…"), then what
 * was not checked; empty without a standard.
 */
export function standardCellText(standard: ReportDevice['standard']): string {
  if (standard === undefined || standard === null || standard.status === 'no-standard') return '';
  if (standard.status === 'at-standard') return '✓';
  const differs = standard.parts.filter((p) => p.state === 'differs').map((p) => p.words);
  return [...new Set([...differs, ...standard.words])].join(', ');
}

/**
 * The printed table's Standard cell, short enough to sit on a line or two and never cut: ✓, what differs
 * ("acceptance failed", "firmware older (1.2.6)"), and "not checked" without its why (the same for most
 * devices: page 1's line and the CSV say it; an offline device says so in its Verdict cell).
 */
export function standardShortText(standard: ReportDevice['standard'], tr?: Translator): string {
  if (standard === undefined || standard === null || standard.status === 'no-standard') return '';
  if (standard.status === 'at-standard') return '✓';
  const differs = standard.parts.filter((p) => p.state === 'differs').map((p) => p.words);
  const unchecked = standard.parts.some((p) => p.state === 'not-checked')
    ? [reportTranslator(tr).t('report.standard.notChecked')]
    : [];
  return [...new Set([...differs, ...unchecked])].join(', ');
}

/**
 * What the standard asks, one short part each, for page 1 and the CSV: "site password (stored in this
 * keychain)", "pool 1: stratum+tcp://pool.example:3333, worker acct.{mac6} (pool password set)",
 * "firmware 1.2.7", "power: preset 3200", "acceptance: hash rate ≥ 95 % of nominal, …".
 */
export function standardPartsText(
  parts: NonNullable<ReportStandard['parts']>,
  translator?: Translator,
): string[] {
  const tr = reportTranslator(translator);
  const out: string[] = [];
  if (parts.password.required) {
    out.push(
      tr.t(
        parts.password.stored === false
          ? 'report.standard.part.passwordNotStored'
          : parts.password.stored === true
            ? 'report.standard.part.passwordStored'
            : 'report.standard.part.password',
      ),
    );
  }
  for (const [i, pool] of parts.pools.entries()) {
    const values = { n: i + 1, url: pool.url, worker: pool.worker };
    out.push(
      tr.t(pool.hasPassword ? 'report.standard.part.poolWithPassword' : 'report.standard.part.pool', values),
    );
  }
  if (parts.firmware !== null) out.push(tr.t('report.standard.part.firmware', { version: parts.firmware }));
  if (parts.power !== null) out.push(tr.t('report.standard.part.power', { choice: choiceText(parts.power) }));
  if (parts.acceptance !== null)
    out.push(tr.t('report.standard.part.acceptance', { criteria: criteriaText(parts.acceptance) }));
  if (out.length === 0) out.push(tr.t('report.standard.part.nothing'));
  return out;
}

/**
 * The site line as page 1 shows it, its label in bold: "The site standard" and "182 of 200 devices at
 * the standard; 18 differ: …".
 */
export function standardLineParts(line: string): { label: string; rest: string } {
  const [label = '', ...rest] = line.split(': ');
  return { label, rest: rest.join(': ') };
}

const PART_IDS: Readonly<Record<StandardPart, MessageId>> = {
  password: 'report.standard.partName.password',
  firmware: 'report.standard.partName.firmware',
  pools: 'report.standard.partName.pools',
  workers: 'report.standard.partName.workers',
  power: 'report.standard.partName.power',
  restart: 'report.standard.partName.restart',
  acceptance: 'report.standard.partName.acceptance',
};

/**
 * The site line in the reader's language: English as core wrote it (`line`, split by standardLineParts);
 * another language from the counts the report carries ("182 из 200 устройств по стандарту; отличаются
 * 18: пароль 12, пулы 6"), the parts that differ by their names rather than core's English words.
 */
export function standardLineText(
  section: Pick<ReportStandard, 'line' | 'set' | 'summary'>,
  translator?: Translator,
): { label: string; rest: string } {
  const tr = reportTranslator(translator);
  if (tr.locale === SOURCE_LOCALE) return standardLineParts(section.line);
  const label = tr.t('report.standard.lineLabel');
  const summary = section.summary;
  if (!section.set || summary === null) return { label, rest: tr.t('report.standard.noStandard') };
  const parts = [
    tr.t('report.standard.atStandard', {
      count: summary.total,
      total: countText(tr, summary.total),
      at: countText(tr, summary.atStandard),
    }),
  ];
  if (summary.differ > 0) {
    const byPart = STANDARD_PARTS.flatMap((part) => {
      const n = summary.byPart[part] ?? 0;
      return n > 0 ? [{ n, words: tr.t(PART_IDS[part], { n: countText(tr, n) }) }] : [];
    })
      .sort((a, b) => b.n - a.n)
      .map(({ words }) => words);
    parts.push(
      tr.t('report.standard.differ', { n: countText(tr, summary.differ), parts: byPart.join(', ') }),
    );
  }
  if (summary.notChecked > 0)
    parts.push(tr.t('report.standard.notCheckedCount', { n: countText(tr, summary.notChecked) }));
  return { label, rest: parts.join('; ') };
}
