/**
 * The fleet's state badge during a reboot or mining restart this laptop asked for: the monitor's own words
 * (written by core's disruption.ts, used here as they are) counted down from when the state began, and the
 * locate LED flag of a reading carried to the row.
 */
import { describe, expect, it } from 'vitest';
import { disruptionWords, expectedDisruption } from '../../../electron/core/monitor/disruption';
import { disruptionLabel as labelOf } from '../../../renderer/src/lib/disruption-words';
import { englishTranslator } from '../../../shared/i18n/translate';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { applyView } from '../../../renderer/src/stores/fleet-rows';
import type { MonitorDeviceView } from '../../../shared/domain/monitor';
import { fleetRow } from './jsdom-stand-ins';

const T0 = 1_800_000_000_000;

/** The label's words as an English reader sees them (its messages rendered). */
function disruptionLabel(
  ...args: Parameters<typeof labelOf>
): { headline: string; when: string } | undefined {
  const label = labelOf(...args);
  const { t } = englishTranslator();
  return label === undefined ? undefined : { headline: t(label.headline), when: t(label.when) };
}

describe('disruptionLabel', () => {
  it('counts the monitor`s "back in about N s" down from when the state began', () => {
    const reboot = expectedDisruption('rebooting', T0 + 300_000, { backAtMs: T0 + 95_000 }, T0);
    const reason = disruptionWords(reboot, T0);
    expect(reason).toBe('rebooting (back in about 95 s)');
    expect(disruptionLabel('rebooting', reason, T0, T0)).toEqual({
      headline: 'Rebooting',
      when: 'back in about 95 s',
    });
    expect(disruptionLabel('rebooting', reason, T0, T0 + 30_400)?.when).toBe('back in about 65 s');
    expect(disruptionLabel('rebooting', reason, T0, T0 + 95_000)?.when).toBe('back any moment');
  });

  it('says "Updating" for the reboot of a firmware update, counted down like a reboot', () => {
    const update = expectedDisruption(
      'rebooting',
      T0 + 900_000,
      { backAtMs: T0 + 170_000, cause: 'firmware' },
      T0,
    );
    const reason = disruptionWords(update, T0);
    expect(reason).toBe('updating (back in about 170 s)');
    expect(disruptionLabel('rebooting', reason, T0, T0 + 20_000)).toEqual({
      headline: 'Updating',
      when: 'back in about 150 s',
    });
  });

  it('says "Restarting" for a mining restart, and nothing for the other states', () => {
    const restart = expectedDisruption('restarting', T0 + 240_000, { backAtMs: T0 + 60_000 }, T0);
    const reason = disruptionWords(restart, T0);
    expect(disruptionLabel('restarting', reason, T0, T0 + 1_000)).toEqual({
      headline: 'Restarting',
      when: 'back in about 59 s',
    });
    expect(disruptionLabel('restarting', disruptionWords(restart, T0 + 61_000), T0, T0)?.when).toBe(
      'back any moment',
    );
    expect(disruptionLabel('offline', 'no answer for 2 polls', T0, T0)).toBeUndefined();
    expect(disruptionLabel('online', reason, T0, T0)).toBeUndefined();
  });
});

describe('disruptionLabel in Russian', () => {
  it('renders the headline and the count-down in the reader`s language, the number kept', () => {
    const { t } = createTranslator('ru');
    const label = labelOf('rebooting', 'rebooting (back in about 95 s)', T0, T0 + 30_400);
    expect(label && t(label.headline)).toBe('Перезагрузка');
    expect(label && t(label.when)).toBe('вернётся примерно через 65 с');
    const gone = labelOf('restarting', 'restarting (back in about 5 s)', T0, T0 + 9_000);
    expect(gone && t(gone.when)).toBe('вернётся с минуты на минуту');
  });
});

describe('the fleet row`s locate LED', () => {
  const row = fleetRow('d', '10.0.0.1');
  const view = (flags?: string[]): MonitorDeviceView => ({
    deviceId: 'd',
    address: 'http://10.0.0.1',
    state: 'online',
    reason: 'mining',
    since: T0,
    missedPolls: 0,
    reading: { minerState: 'mining', minerKind: 'mining', ...(flags !== undefined ? { flags } : {}) },
    alerts: [],
  });

  it('is on while the reading says `locate-led`, and off again after', () => {
    const on = applyView(row, view(['restart-required', 'locate-led']));
    expect(on.locateLed).toBe(true);
    expect(applyView(on, view(['restart-required', 'locate-led']))).toBe(on);
    expect(applyView(on, view(['restart-required'])).locateLed).toBeUndefined();
  });
});
