/**
 * The pool accepting work: accepted shares rising during the window, and rejected ones at most the given
 * share of them (counted over the window, the customer's pools only: the firmware's fee pool is not
 * the customer's work).
 */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { count, oneDecimal, plural } from './words';

/** Rejected as a share of accepted over the window, in % with one decimal; null when none was accepted. */
export function rejectedPercent(window: DeviceWindow): number | null {
  const { accepted, rejected } = window.shares;
  return accepted > 0 ? Math.round((rejected / accepted) * 1000) / 10 : null;
}

export function poolCheck(window: DeviceWindow, criteria: AcceptanceCriteria): CheckOutcome {
  const { accepted, rejected, compared, last } = window.shares;
  if (last === null) {
    const text = message(
      window.shares.onlyFeePool ? 'outcomes.acceptance.pool.feeOnly' : 'outcomes.acceptance.pool.unread',
    );
    const words = window.shares.onlyFeePool
      ? 'no pool of the customer’s is set (only the firmware’s fee pool is listed)'
      : 'no pool’s share counters were read (/summary)';
    return { check: 'pool', pass: false, words, text };
  }
  if (compared === 0) {
    return {
      check: 'pool',
      pass: false,
      words: 'the pool’s shares could not be compared (one reading only)',
      text: message('outcomes.acceptance.pool.oneReading'),
    };
  }
  if (accepted === 0) {
    const refused = rejected > 0 ? ` (${plural(rejected, 'share')} rejected)` : '';
    const text =
      rejected > 0
        ? message('outcomes.acceptance.pool.noneAcceptedRejected', { rejected })
        : message('outcomes.acceptance.pool.noneAccepted');
    return { check: 'pool', pass: false, words: `no share accepted during the window${refused}`, text };
  }
  const share = (rejected / accepted) * 100;
  const figures = `${plural(accepted, 'share')} accepted, ${count(rejected)} rejected (${oneDecimal(share)} %)`;
  const pass = share <= criteria.maxRejectedPercent;
  const values = { accepted, rejected, percent: Math.round(share * 10) / 10 };
  return {
    check: 'pool',
    pass,
    words: pass ? figures : `${figures}, over ${oneDecimal(criteria.maxRejectedPercent)} %`,
    text: pass
      ? message('outcomes.acceptance.pool.ok', values)
      : message('outcomes.acceptance.pool.high', {
          ...values,
          max: Math.round(criteria.maxRejectedPercent * 10) / 10,
        }),
  };
}
