/** The hottest chip stays at or under the limit at every reading. */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import type { DeviceWindow } from '../device-window';
import { oneDecimal } from './words';

export function chipTemperatureCheck(window: DeviceWindow, criteria: AcceptanceCriteria): CheckOutcome {
  const hottest = window.hottestChip;
  if (hottest === null) {
    return { check: 'chip-temperature', pass: false, words: 'the chip temperatures could not be read' };
  }
  const where = hottest.board === null ? '' : ` on board ${hottest.board}`;
  const pass = hottest.celsius <= criteria.maxChipTempC;
  return {
    check: 'chip-temperature',
    pass,
    words: pass
      ? `hottest chip ${oneDecimal(hottest.celsius)} °C${where} (limit ${oneDecimal(criteria.maxChipTempC)} °C)`
      : `hottest chip ${oneDecimal(hottest.celsius)} °C${where}, over ${oneDecimal(criteria.maxChipTempC)} °C`,
  };
}
