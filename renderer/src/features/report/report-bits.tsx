/**
 * The small pieces every part of the report preview uses: a dash for nothing, text from a device, a file
 * or a person shown as the printed report shows it (control and text-direction characters escaped,
 * shared/format/printable.ts), "N devices", the "and 3 more …" line of a cut list, and the report's own
 * translator — the preview reads in the document's language (the customer's), which may not be the
 * window's (issue 35).
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { Translator } from '../../../../shared/i18n/translate';
import { printableLines } from '../../../../shared/format/printable';
import { countText } from '../../../../shared/format/report-words';
import { useT } from '../../i18n/i18n-provider';

const ReportTranslator = createContext<Translator | undefined>(undefined);
export const ReportTranslatorProvider = ReportTranslator.Provider;

/** The document's translator inside the preview; the window's outside it. */
export function useReportT(): Translator {
  const window = useT();
  return useContext(ReportTranslator) ?? window;
}

export const Dash = (): ReactNode => <span className="report-muted">–</span>;
/** Text from a device, a file or a person, as the printed report shows it. */
export const shown = printableLines;
export const text = (value: string | null): ReactNode =>
  value === null || value === '' ? <Dash /> : shown(value);
/** "1 device", "12 devices", "12 устройств". */
export const devices = (tr: Translator, n: number): string =>
  tr.t('report.inForce.devices', { count: n, n: countText(tr, n) });

/** "and 3 more pools": a plural message with `count` and `n`. */
export function More({ n, what }: { n: number; what: MessageId }): ReactNode {
  const tr = useReportT();
  return n > 0 ? <li className="report-muted">{tr.t(what, { count: n, n: countText(tr, n) })}</li> : null;
}
