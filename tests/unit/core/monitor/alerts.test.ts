import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';
import { describe, expect, it } from 'vitest';
import type { ReadingSummary } from '../../../../shared/domain/monitor';
import type { AlertInput } from '../../../../electron/core/monitor/alerts';
import { AlertBook, DEFAULT_ALERT_THRESHOLDS } from '../../../../electron/core/monitor/alerts';
import { summarizeReading } from '../../../support/reading-summary-oracle';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { fixture } from '../device/fakes/device-fixtures';

const ADDRESS = 'http://10.0.0.5';
const reading = (patch: Partial<ReadingSummary> = {}): ReadingSummary => ({
  minerState: 'mining',
  minerKind: 'mining',
  hashRate: 190e12,
  nominalHashRate: 200e12,
  chipTempMax: 70,
  ...patch,
});
const onlineWith = (patch: Partial<ReadingSummary> = {}): AlertInput => ({
  state: 'online',
  reason: 'device reports mining',
  reading: reading(patch),
});

describe('alerts', () => {
  it('raises and clears an alert per condition, with their times', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    expect(book.update('d1', ADDRESS, onlineWith(), 1000)).toEqual({ raised: [], cleared: [] });
    const down = book.update(
      'd1',
      ADDRESS,
      { state: 'offline', reason: 'no answer for 3 polls', reading: undefined },
      2000,
    );
    expect(down.raised).toEqual([
      {
        id: 1,
        kind: 'offline',
        deviceId: 'd1',
        address: ADDRESS,
        message: 'no answer for 3 polls',
        raisedAt: 2000,
      },
    ]);
    expect(book.kindsFor('d1')).toEqual(['offline']);
    expect(book.activeCount).toBe(1);
    const back = book.update('d1', ADDRESS, onlineWith(), 9000);
    expect(back.cleared).toEqual([{ ...down.raised[0], clearedAt: 9000 }]);
    expect(book.activeCount).toBe(0);
    expect(book.cleared()).toHaveLength(1);
  });

  it('raises one alert per state that needs a person', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    const kinds = (['locked', 'needs-password', 'auth-failed', 'locked-out', 'error'] as const).map(
      (state, i) =>
        book
          .update(`d${i}`, ADDRESS, { state, reason: 'why', reading: undefined }, 1)
          .raised.map((a) => a.kind),
    );
    expect(kinds).toEqual([
      ['needs-password'],
      ['needs-password'],
      ['auth-failed'],
      ['locked-out'],
      ['error'],
    ]);
  });

  it('raises a failure alert with the device’s own description', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    const { raised } = book.update(
      'd1',
      ADDRESS,
      {
        state: 'online',
        reason: 'device reports failure: fan 2 stopped',
        reading: reading({ minerKind: 'failure', minerState: 'failure' }),
      },
      5,
    );
    expect(raised.map((a) => [a.kind, a.message])).toEqual([
      ['failure', 'device reports failure: fan 2 stopped'],
    ]);
  });

  it('alerts on temperature above the threshold, and clears it only a margin below', () => {
    const book = new AlertBook({ ...DEFAULT_ALERT_THRESHOLDS, chipTempMaxC: 80 });
    const hot = book.update('d1', ADDRESS, onlineWith({ chipTempMax: 81.5 }), 1).raised[0];
    expect(hot?.message).toBe('chips at 81.5 °C (alert above 80 °C)');
    // The same as a message with its numbers (issue 35): English word for word, Russian with its comma.
    expect(hot?.text).toEqual({ id: 'fleet.alertText.temperature', values: { chip: 81.5, limit: 80 } });
    expect(englishTranslator().t(hot!.text!)).toBe(hot?.message);
    expect(createTranslator('ru').t(hot!.text!)).toBe('чипы нагреты до 81,5 °C (тревога выше 80 °C)');
    expect(book.update('d1', ADDRESS, onlineWith({ chipTempMax: 79 }), 2).cleared).toEqual([]);
    expect(book.update('d1', ADDRESS, onlineWith({ chipTempMax: 77.5 }), 3).cleared).toHaveLength(1);
  });

  it('alerts on a hash rate under its share of nominal while mining, with hysteresis', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    const low = book.update('d1', ADDRESS, onlineWith({ hashRate: 150e12 }), 1).raised[0];
    expect(low?.message).toBe('hash rate at 75 % of nominal (alert under 80 %)');
    expect(low?.text).toEqual({ id: 'fleet.alertText.hashRate', values: { percent: 75, floor: 80 } });
    expect(englishTranslator().t(low!.text!)).toBe(low?.message);
    expect(createTranslator('es').t(low!.text!)).toBe(
      'tasa de hash al 75 % de la nominal (alerta por debajo del 80 %)',
    );
    expect(book.update('d1', ADDRESS, onlineWith({ hashRate: 162e12 }), 2).cleared).toEqual([]);
    expect(book.update('d1', ADDRESS, onlineWith({ hashRate: 170e12 }), 3).cleared).toHaveLength(1);
    // Tuning and starting devices hash less by design: no alert.
    expect(
      book.update('d2', ADDRESS, onlineWith({ hashRate: 10e12, minerKind: 'tuning' }), 4).raised,
    ).toEqual([]);
  });

  it('keeps reading alerts while there is no fresh reading, and clears them all when the device leaves', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    book.update('d1', ADDRESS, onlineWith({ chipTempMax: 95 }), 1);
    const down = book.update('d1', ADDRESS, { state: 'offline', reason: 'no answer', reading: undefined }, 2);
    expect(down.cleared).toEqual([]);
    expect(book.kindsFor('d1').sort()).toEqual(['offline', 'temperature']);
    expect(book.removeDevice('d1', 3).map((a) => [a.kind, a.clearedAt])).toEqual([
      ['temperature', 3],
      ['offline', 3],
    ]);
    expect(book.allActive()).toEqual([]);
  });

  it('raises a factory-password alert while the flag holds, whatever the state, and counts it', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    const raised = book.update('d1', ADDRESS, { ...onlineWith(), factoryPassword: true }, 1000);
    expect(raised.raised).toEqual([
      expect.objectContaining({
        kind: 'factory-password',
        message: expect.stringMatching(/factory default "admin"/),
        text: { id: 'fleet.alertText.factoryPassword' },
      }),
    ]);
    expect(englishTranslator().t(raised.raised[0]!.text!)).toBe(raised.raised[0]?.message);
    expect(book.activeCount).toBe(1);
    const offline = {
      state: 'offline' as const,
      reason: 'no answer',
      reading: undefined,
      factoryPassword: true,
    };
    expect(book.update('d1', ADDRESS, offline, 2000).cleared).toEqual([]);
    const changed = book.update('d1', ADDRESS, onlineWith(), 3000);
    expect(changed.cleared.map((a) => a.kind)).toEqual(['factory-password', 'offline']);
    expect(book.activeCount).toBe(0);
  });
});

describe('reading summary', () => {
  it('alerts while another address answers with the device’s MAC, whatever its state, and clears it after', () => {
    const book = new AlertBook(DEFAULT_ALERT_THRESHOLDS);
    const twins = ['http://10.0.0.12', 'http://10.0.0.14'];
    const raised = book.update('d1', ADDRESS, { ...onlineWith(), sameMacAs: twins }, 1000);
    expect(raised.raised).toEqual([
      expect.objectContaining({ kind: 'duplicate-mac', message: 'same MAC as 10.0.0.12 and 10.0.0.14' }),
    ]);
    expect(englishTranslator().t(raised.raised[0]!.text!)).toBe(raised.raised[0]?.message);
    expect(createTranslator('ru').t(raised.raised[0]!.text!)).toMatch(/10\.0\.0\.12.*10\.0\.0\.14/);
    const offline = { state: 'offline' as const, reason: 'no answer', reading: undefined, sameMacAs: twins };
    expect(book.update('d1', ADDRESS, offline, 2000).cleared).toEqual([]);
    expect(book.kindsFor('d1')).toEqual(['duplicate-mac', 'offline']);
    const alone = book.update('d1', ADDRESS, { ...onlineWith(), sameMacAs: [] }, 3000);
    expect(alone.cleared.map((a) => a.kind)).toEqual(['duplicate-mac', 'offline']);
  });

  it('reduces a real reading to fixed units', () => {
    const full = readStatus(
      { miner_state: 'mining', find_miner: true, restart_required: true },
      fixture('summary.proto-fleet-s21pro-vnish1.2.7.json'),
      fixture('info.proto-fleet-s21pro-vnish1.2.7.json'),
    );
    expect(summarizeReading(full)).toEqual({
      minerState: 'mining',
      minerKind: 'mining',
      hashRate: expect.closeTo(173870.94e9, -3),
      nominalHashRate: expect.closeTo(196517.17e9, -3),
      chipTempMax: 65,
      boardTempMax: 50,
      powerW: 2583,
      efficiency: expect.closeTo(14.81, 2),
      fanCount: 4,
      fanRpmMin: 5880,
      flags: ['restart-required', 'locate-led'],
    });
  });

  it('leaves out what a bare status does not say', () => {
    expect(summarizeReading(readStatus({ miner_state: 'stopped' }))).toEqual({
      minerState: 'stopped',
      minerKind: 'stopped',
    });
  });
});
