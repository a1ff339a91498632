/** The average of the readings' real-time hash rate reaches the given share of nominal (`hr_nominal`). */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { oneDecimal, terahashes, thsText } from './words';

/** The window's average and its share of nominal, in TH/s and %; null where unknown. */
export function hashRateFigures(window: DeviceWindow): {
  averageThs: number | null;
  nominalThs: number | null;
  percent: number | null;
  lowestThs: number | null;
} {
  const { sumHs, count, nominalHs, lowestHs } = window.hashRate;
  const average = count > 0 ? sumHs / count : null;
  return {
    averageThs: average === null ? null : terahashes(average),
    nominalThs: nominalHs === null ? null : terahashes(nominalHs),
    percent: average === null || nominalHs === null ? null : Math.round((average / nominalHs) * 1000) / 10,
    lowestThs: lowestHs === null ? null : terahashes(lowestHs),
  };
}

export function hashRateCheck(window: DeviceWindow, criteria: AcceptanceCriteria): CheckOutcome {
  const { sumHs, count, nominalHs } = window.hashRate;
  if (count === 0)
    return {
      check: 'hash-rate',
      pass: false,
      words: 'the hash rate could not be read (/summary)',
      text: message('outcomes.acceptance.hashRate.unread'),
    };
  if (nominalHs === null) {
    return {
      check: 'hash-rate',
      pass: false,
      words: 'no nominal hash rate reported (hr_nominal missing or 0)',
      text: message('outcomes.acceptance.hashRate.noNominal'),
    };
  }
  const average = sumHs / count;
  const share = (average / nominalHs) * 100;
  const figures = `${oneDecimal(share)} % of nominal (${thsText(terahashes(average))} of ${thsText(terahashes(nominalHs))} TH/s)`;
  const pass = share >= criteria.minHashratePercent;
  const values = {
    percent: Math.round(share * 10) / 10,
    average: terahashes(average),
    nominal: terahashes(nominalHs),
  };
  return {
    check: 'hash-rate',
    pass,
    words: pass
      ? `average hash rate ${figures}`
      : `average hash rate ${figures}, under ${oneDecimal(criteria.minHashratePercent)} %`,
    text: pass
      ? message('outcomes.acceptance.hashRate.ok', values)
      : message('outcomes.acceptance.hashRate.low', {
          ...values,
          min: Math.round(criteria.minHashratePercent * 10) / 10,
        }),
  };
}
