/**
 * Readings outside physical bounds (plausible-bounds.ts): left out of the typed reading and the per-poll
 * summary, listed as implausible with the raw value, warned about — and the two readers agree.
 */
import { describe, expect, it } from 'vitest';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { readPollSummary } from '../../../../electron/core/monitor/poll-summary';
import { summarizeReading } from '../../../support/reading-summary-oracle';

const DAYS_52767249433 = 52767249433 * 86_400;

/** A device that sends nonsense in most places, as seen from real and fake devices. */
const status = { miner_state: 'initializing', miner_state_time: DAYS_52767249433, unlocked: true };
const summary = {
  miner: {
    hr_realtime: -5,
    hr_average: 170_000,
    hr_nominal: 196_517.17,
    chip_temp: { min: 50, max: 5000 },
    pcb_temp: { min: 40, max: 60 },
    power_consumption: 25_000,
    power_efficiency: 14.8,
    cooling: {
      fans: [
        { id: 0, rpm: 5880 },
        { id: 1, rpm: -1200 },
        { id: 2, rpm: 6000 },
      ],
    },
    chains: [
      { id: 0, hashrate_rt: 1e28, chip_temp: { min: 50, max: 70 }, power_consumption: 900 },
      { id: 1, chip_temp: { min: 50, max: 255 } },
    ],
  },
};
const info = { miner: 'Antminer S21', hr_measure: 'GH/s', system: { network_status: { mac: 'N/A' } } };

describe('implausible values in the full reading', () => {
  const reading = readStatus(status, summary, info);

  it('leaves them out of the typed values, keeping every plausible neighbour', () => {
    expect(reading.state).toEqual({ name: 'initializing', kind: 'starting' });
    expect(reading.hashRate).toEqual({ unit: 'GH/s', average: 170_000, nominal: 196_517.17 });
    expect(reading.chipTemp).toEqual({ min: 50, max: null });
    expect(reading.boardTemp).toEqual({ min: 40, max: 60 });
    expect(reading.powerW).toBeUndefined();
    expect(reading.efficiency).toBe(14.8);
    expect(reading.fans.map((f) => f.rpm)).toEqual([5880, undefined, 6000]);
    expect(reading.boards[0]).toEqual({ id: 0, chipTemp: { min: 50, max: 70 }, powerW: 900 });
    expect(reading.boards[1]?.chipTemp).toEqual({ min: 50, max: null });
    // Text that is not a MAC is not the MAC.
    expect(reading.identity).toEqual({ model: 'Antminer S21' });
  });

  it('lists each with the raw value and the bound it left, and warns about each', () => {
    expect(reading.implausible).toEqual([
      { field: 'identity.mac', value: 'N/A', text: `"N/A" is not a device's MAC address` },
      {
        field: 'state.sinceSeconds',
        value: DAYS_52767249433,
        text: '4559090351011200 s (plausible: 0 to 10 years)',
      },
      { field: 'hashRate.realtime', value: -5, text: '-5 GH/s (plausible: 0 to 10 PH/s)' },
      { field: 'fans[1].rpm', value: -1200, text: '-1200 rpm (plausible: 0 to 30,000 rpm)' },
      { field: 'boards[0].hashRate', value: 1e28, text: '1e+28 GH/s (plausible: 0 to 10 PH/s)' },
      { field: 'boards[1].chipTemp.max', value: 255, text: '255 °C (plausible: -40 to 150 °C)' },
      { field: 'chipTemp.max', value: 5000, text: '5000 °C (plausible: -40 to 150 °C)' },
      { field: 'powerW', value: 25_000, text: '25000 W (plausible: 0 to 20 kW)' },
    ]);
    expect(reading.warnings).toEqual(
      expect.arrayContaining([
        'summary.miner.hr_realtime is implausible: -5 GH/s (plausible: 0 to 10 PH/s); left out',
        'miner_state_time is implausible: 4559090351011200 s (plausible: 0 to 10 years); left out',
        `info.system.network_status.mac is implausible: "N/A" is not a device's MAC address; left out`,
        'summary.miner.cooling.fans[1].rpm is implausible: -1200 rpm (plausible: 0 to 30,000 rpm); left out',
      ]),
    );
    expect(reading.warnings).toHaveLength(8);
  });

  it('has no list at all for a plausible device', () => {
    expect(readStatus({ miner_state: 'mining', miner_state_time: 60 }).implausible).toBeUndefined();
  });

  it('judges hash rates in the device unit: 1e28 EH/s is implausible; in an unknown unit only < 0 is', () => {
    const eh = readStatus({}, { miner: { hr_realtime: 1e28 } }, { hr_measure: 'EH/s' });
    expect(eh.hashRate).toEqual({ unit: 'EH/s' });
    expect(eh.implausible?.[0]?.text).toBe('1e+28 EH/s (plausible: 0 to 10 PH/s)');
    const na = readStatus({}, { miner: { hr_realtime: 5e20, hr_average: -1 } }, { hr_measure: 'N/A' });
    expect(na.hashRate).toEqual({ unit: 'N/A', realtime: 5e20 });
    expect(na.implausible?.map((e) => e.field)).toEqual(['hashRate.average']);
  });

  it.each([
    ['chip_temp max', { chip_temp: { max: 150 } }, { chip_temp: { max: 150.5 } }],
    ['chip_temp min', { chip_temp: { min: -40 } }, { chip_temp: { min: -40.5 } }],
    ['fan rpm', { cooling: { fans: [{ rpm: 30_000 }] } }, { cooling: { fans: [{ rpm: 30_001 }] } }],
    ['fan at rest', { cooling: { fans: [{ rpm: 0 }] } }, { cooling: { fans: [{ rpm: -1 }] } }],
    ['power', { power_consumption: 20_000 }, { power_consumption: 20_001 }],
    ['efficiency', { power_efficiency: 1000 }, { power_efficiency: -0.1 }],
    ['hash rate (10 PH/s in GH/s)', { hr_realtime: 1e7 }, { hr_realtime: 1.0001e7 }],
    ['zero hash rate', { hr_realtime: 0 }, { hr_realtime: -0.01 }],
  ])('keeps %s at its bound and leaves it out just past it', (_, edge, past) => {
    expect(readStatus({}, { miner: edge }).implausible).toBeUndefined();
    expect(readStatus({}, { miner: past }).implausible).toHaveLength(1);
  });

  it('keeps a state time of ten years, not more', () => {
    expect(readStatus({ miner_state_time: 10 * 365 * 86_400 }).state.sinceSeconds).toBe(315_360_000);
    expect(readStatus({ miner_state_time: 10 * 365 * 86_400 + 1 }).state.sinceSeconds).toBeUndefined();
    expect(readStatus({ miner_state_time: -1 }).implausible?.[0]?.field).toBe('state.sinceSeconds');
  });
});

describe('implausible values in the per-poll summary', () => {
  it('leaves them out of the numbers totals and alerts read, and says which, as the full reading does', () => {
    const polled = readPollSummary(status, summary, info);
    expect(polled.summary).toEqual({
      minerState: 'initializing',
      minerKind: 'starting',
      // Realtime was sent, and is nonsense: no hash rate (the average is another number).
      nominalHashRate: 196_517.17e9,
      // The device's own max is nonsense: the hottest plausible board's.
      chipTempMax: 70,
      boardTempMax: 60,
      efficiency: 14.8,
      fanCount: 2,
      fanRpmMin: 5880,
      implausible: [
        { field: 'hashRate', value: -5, text: '-5 GH/s (plausible: 0 to 10 PH/s)' },
        { field: 'chipTempMax', value: 5000, text: '5000 °C (plausible: -40 to 150 °C)' },
        { field: 'powerW', value: 25_000, text: '25000 W (plausible: 0 to 20 kW)' },
        { field: 'fanRpmMin', value: -1200, text: '-1200 rpm (plausible: 0 to 30,000 rpm)' },
      ],
    });
    expect(polled.summary).toEqual(summarizeReading(readStatus(status, summary, info)));
  });

  it('notes a board only when the device gives no plausible max of its own', () => {
    const boards = { chains: [{ chip_temp: { max: 255 } }, { chip_temp: { max: 71 } }] };
    expect(readPollSummary({}, { miner: { chip_temp: { max: 65 }, ...boards } }, undefined).summary).toEqual({
      minerState: 'unknown',
      minerKind: 'unknown',
      chipTempMax: 65,
    });
    const fromBoards = readPollSummary({}, { miner: boards }, undefined).summary;
    expect(fromBoards.chipTempMax).toBe(71);
    expect(fromBoards.implausible).toEqual([
      { field: 'chipTempMax', value: 255, text: '255 °C (plausible: -40 to 150 °C)' },
    ]);
  });
});
