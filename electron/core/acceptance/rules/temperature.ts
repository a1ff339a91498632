/** The hottest chip stays at or under the limit at every reading. */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { oneDecimal } from './words';

export function chipTemperatureCheck(window: DeviceWindow, criteria: AcceptanceCriteria): CheckOutcome {
  const hottest = window.hottestChip;
  if (hottest === null) {
    return {
      check: 'chip-temperature',
      pass: false,
      words: 'the chip temperatures could not be read',
      text: message('outcomes.acceptance.temperature.unread'),
    };
  }
  const where = hottest.board === null ? '' : ` on board ${hottest.board}`;
  const pass = hottest.celsius <= criteria.maxChipTempC;
  const round = (n: number): number => Math.round(n * 10) / 10;
  const values = { celsius: round(hottest.celsius), limit: round(criteria.maxChipTempC) };
  const onBoard = hottest.board === null ? '' : 'OnBoard';
  const key = `outcomes.acceptance.temperature.${pass ? 'ok' : 'hot'}${onBoard}` as const;
  return {
    check: 'chip-temperature',
    pass,
    words: pass
      ? `hottest chip ${oneDecimal(hottest.celsius)} °C${where} (limit ${oneDecimal(criteria.maxChipTempC)} °C)`
      : `hottest chip ${oneDecimal(hottest.celsius)} °C${where}, over ${oneDecimal(criteria.maxChipTempC)} °C`,
    text: message(key, hottest.board === null ? values : { ...values, board: hottest.board }),
  };
}
