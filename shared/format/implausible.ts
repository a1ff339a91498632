/**
 * How values left out as implausible read to a person (electron/core/device/plausible-bounds.ts): the word
 * "implausible" where the value would be, and a line per value saying what the device sent. Shared by the
 * CLI, the UI and the report, so all three say it the same way.
 */
import type { ImplausibleValue } from '../domain/reading';

export const IMPLAUSIBLE = 'implausible';

/** Names of reading paths and summary fields, for a person. */
const LABELS = new Map<string, string>([
  ['hashRate', 'hash rate'],
  ['hashRate.realtime', 'hash rate'],
  ['hashRate.average', 'average hash rate'],
  ['hashRate.nominal', 'nominal hash rate'],
  ['nominalHashRate', 'nominal hash rate'],
  ['chipTemp.max', 'hottest chip'],
  ['chipTemp.min', 'coolest chip'],
  ['chipTempMax', 'hottest chip'],
  ['boardTemp.max', 'hottest board'],
  ['boardTemp.min', 'coolest board'],
  ['boardTempMax', 'hottest board'],
  ['powerW', 'power'],
  ['efficiency', 'efficiency'],
  ['fanRpmMin', 'fan speed'],
  ['state.sinceSeconds', 'time in this state'],
  ['identity.mac', 'MAC'],
]);

const BOARD_PARTS = new Map<string, string>([
  ['hashRate', 'hash rate'],
  ['nominalHashRate', 'nominal hash rate'],
  ['chipTemp.max', 'hottest chip'],
  ['chipTemp.min', 'coolest chip'],
  ['boardTemp.max', 'hottest sensor'],
  ['boardTemp.min', 'coolest sensor'],
  ['powerW', 'power'],
]);

/** `fans[1].rpm` → "fan 2 speed", `boards[0].chipTemp.max` → "board 1 hottest chip", `powerW` → "power". */
export function implausibleLabel(field: string): string {
  const known = LABELS.get(field);
  if (known !== undefined) return known;
  const fan = /^fans\[(\d+)\]\.(rpm|maxRpm)$/.exec(field);
  if (fan !== null) return `fan ${Number(fan[1]) + 1} ${fan[2] === 'rpm' ? 'speed' : 'top speed'}`;
  const board = /^boards\[(\d+)\]\.(.+)$/.exec(field);
  if (board !== null) return `board ${Number(board[1]) + 1} ${BOARD_PARTS.get(board[2] ?? '') ?? board[2]}`;
  return field;
}

/** "implausible fan 2 speed: -1200 rpm (plausible: 0 to 30,000 rpm)". */
export const implausibleLine = (entry: ImplausibleValue): string =>
  `${IMPLAUSIBLE} ${implausibleLabel(entry.field)}: ${entry.text}`;

/** The entry for one field, if the device sent an implausible value for it. */
export const implausibleAt = (
  list: readonly ImplausibleValue[] | undefined,
  field: string,
): ImplausibleValue | undefined => list?.find((entry) => entry.field === field);
