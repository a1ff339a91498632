/**
 * The small pieces every part of the report preview uses: a dash for nothing, text from a device, a file
 * or a person shown as the printed report shows it (control and text-direction characters escaped,
 * shared/format/printable.ts), "N devices", and the "and 3 more …" line of a cut list.
 */
import type { ReactNode } from 'react';
import { printableLines } from '../../../../shared/format/printable';

export const Dash = (): ReactNode => <span className="report-muted">–</span>;
/** Text from a device, a file or a person, as the printed report shows it. */
export const shown = printableLines;
export const text = (value: string | null): ReactNode =>
  value === null || value === '' ? <Dash /> : shown(value);
export const devices = (n: number): string => `${n} ${n === 1 ? 'device' : 'devices'}`;

export function More({ n, what }: { n: number; what: string }): ReactNode {
  return n > 0 ? (
    <li className="report-muted">
      and {n} more {what}
    </li>
  ) : null;
}
