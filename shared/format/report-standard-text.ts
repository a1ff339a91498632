/**
 * The report's words for the site standard (issue 26), shared by the printable HTML, the CSV (core) and
 * the app's preview (renderer) so the three never disagree: the Standard column's cell (✓, or what
 * differs, then what was not checked), what the standard asks in short parts, and the site line split
 * into its label and its counts. The words themselves are built in core (electron/core/report/
 * report-standard.ts); this only lays them out, and never holds a secret.
 */
import type { ReportDevice, ReportStandard } from '../domain/report';
import { criteriaText } from './acceptance-text';
import { choiceText } from './power-text';

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
export function standardShortText(standard: ReportDevice['standard']): string {
  if (standard === undefined || standard === null || standard.status === 'no-standard') return '';
  if (standard.status === 'at-standard') return '✓';
  const differs = standard.parts.filter((p) => p.state === 'differs').map((p) => p.words);
  const unchecked = standard.parts.some((p) => p.state === 'not-checked') ? ['not checked'] : [];
  return [...new Set([...differs, ...unchecked])].join(', ');
}

/**
 * What the standard asks, one short part each, for page 1 and the CSV: "site password (stored in this
 * keychain)", "pool 1: stratum+tcp://pool.example:3333, worker acct.{mac6} (pool password set)",
 * "firmware 1.2.7", "power: preset 3200", "acceptance: hash rate ≥ 95 % of nominal, …".
 */
export function standardPartsText(parts: NonNullable<ReportStandard['parts']>): string[] {
  const out: string[] = [];
  if (parts.password.required) {
    out.push(
      parts.password.stored === false
        ? 'site password (not in this keychain)'
        : parts.password.stored === true
          ? 'site password (stored in this keychain)'
          : 'site password',
    );
  }
  for (const [i, pool] of parts.pools.entries()) {
    out.push(
      `pool ${i + 1}: ${pool.url}, worker ${pool.worker}${pool.hasPassword ? ' (pool password set)' : ''}`,
    );
  }
  if (parts.firmware !== null) out.push(`firmware ${parts.firmware}`);
  if (parts.power !== null) out.push(`power: ${choiceText(parts.power)}`);
  if (parts.acceptance !== null) out.push(`acceptance: ${criteriaText(parts.acceptance)}`);
  if (out.length === 0) out.push('no part set yet');
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
