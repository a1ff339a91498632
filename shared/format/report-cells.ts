/**
 * The device table's cells that hold words or numbers, in the reader's language (issue 35), the same in
 * the printable HTML (core) and the app's preview (renderer): the hash rate against nominal, the hottest
 * chip, and the verdict (with the state when the device is not online). English reads as it always did
 * (shared/format/acceptance-text.ts's cells, used as they are); the CSV keeps its machine-readable numbers and codes.
 */
import type { ReportDevice, ReportState } from '../domain/report';
import type { MessageId } from '../i18n/catalogs';
import { SOURCE_LOCALE } from '../i18n/locales';
import { hashRatePercentText, hottestChipText, verdictCellText } from './acceptance-text';
import { decimalText, reportTranslator } from './report-words';
import type { Translator } from './report-words';

/** The window's average when accepted (the proof), else the last reading's: "90.1 %", "90,1 %". */
export function hashRateCellText(
  device: Pick<ReportDevice, 'acceptance' | 'hashRateShare'>,
  translator?: Translator,
): string {
  const tr = reportTranslator(translator);
  if (tr.locale === SOURCE_LOCALE) return hashRatePercentText(device);
  const proven = device.acceptance?.evidence.hashRate.percent ?? null;
  const value = proven ?? (device.hashRateShare === null ? null : device.hashRateShare * 100);
  return value === null ? '' : tr.t('report.percent', { value: decimalText(tr, value) });
}

/** The hottest over the window when accepted, else the last reading's: "78 °C", "78,5 °C". */
export function hottestChipCellText(
  device: Pick<ReportDevice, 'acceptance' | 'chipTempMax'>,
  translator?: Translator,
): string {
  const tr = reportTranslator(translator);
  if (tr.locale === SOURCE_LOCALE) return hottestChipText(device);
  const value = device.acceptance?.evidence.temperature.hottestChipC ?? device.chipTempMax;
  return value === null ? '' : tr.t('common.unit.celsius', { value: decimalText(tr, value) });
}

const VERDICT_IDS: Readonly<Record<'pass' | 'fail' | 'pending', MessageId>> = {
  pass: 'report.verdict.pass',
  fail: 'report.verdict.fail',
  pending: 'report.verdict.pending',
};

const STATE_IDS: Readonly<Record<ReportState, MessageId>> = {
  discovered: 'report.state.discovered',
  unlocking: 'report.state.unlocking',
  locked: 'report.state.locked',
  'needs-password': 'report.state.needsPassword',
  'auth-failed': 'report.state.authFailed',
  'locked-out': 'report.state.lockedOut',
  online: 'report.state.online',
  offline: 'report.state.offline',
  error: 'report.state.error',
  rebooting: 'report.state.rebooting',
  restarting: 'report.state.restarting',
  'not-checked': 'report.state.notChecked',
};

/** "Accepted", "Failed", "Pending", "not run"; and the state when it is not online now ("Failed · offline"). */
export function verdictText(
  device: Pick<ReportDevice, 'acceptance' | 'state'>,
  translator?: Translator,
): string {
  const tr = reportTranslator(translator);
  if (tr.locale === SOURCE_LOCALE) return verdictCellText(device);
  const verdict = tr.t(
    device.acceptance === null ? 'report.verdict.notRun' : VERDICT_IDS[device.acceptance.verdict],
  );
  return device.state === 'online' || device.state === 'not-checked'
    ? verdict
    : tr.t('report.verdict.withState', { verdict, state: tr.t(STATE_IDS[device.state]) });
}
