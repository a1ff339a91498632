/**
 * The hash-board readers (`/model`, `/chains`, `/chains/factory-info`) on bodies shaped by the vendor
 * schema (no recording of these exists yet: tests/fixtures/device/README.md) and on hostile ones, and the
 * summary's per-board `chip_statuses` on the recorded S21 Pro summary.
 */
import { describe, expect, it } from 'vitest';
import {
  readFactoryInfo,
  readHashBoards,
  readModelChains,
} from '../../../../electron/core/device/hash-board-reader';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { fixture } from './fakes/device-fixtures';

const chip = (id: number, hr: number, grade = 'grey', temp = 62) => ({
  id,
  hr,
  freq: 495,
  volt: 1300,
  temp,
  errs: 0,
  grade,
  throttled: false,
});

describe('readModelChains', () => {
  it('reads num_chains, chips_per_chain, the unit and the name', () => {
    expect(
      readModelChains({
        full_name: 'Antminer S21 Pro',
        model: 's21pro',
        hr_measure: 'GH/s',
        chain: { num_chains: 3, chips_per_chain: 65, chips_per_domain: 5, topology: {} },
      }),
    ).toEqual({ fullName: 'Antminer S21 Pro', numChains: 3, chipsPerChain: 65, hashRateUnit: 'GH/s' });
  });

  it('reads the fans the model runs with: the recorded S19 says 4 (cooling.fan_min_count.default)', () => {
    expect(readModelChains(fixture('model.apidoc1215510239-s19-xil-vnish1.2.6.json'))).toMatchObject({
      numChains: 3,
      chipsPerChain: 76,
      fans: 4,
    });
    const fans = (fanMinCount: unknown) => readModelChains({ cooling: { fan_min_count: fanMinCount } }).fans;
    expect(fans({ min: 0, max: 4, default: 0 })).toBe(0);
    expect(fans(null)).toBeUndefined();
    expect(fans({ min: 1, max: 4 })).toBeUndefined();
    // Not a number of fans: left out, never taken as a count to judge against.
    for (const odd of [2.5, 1e6, -1, '4']) expect(fans({ min: 1, max: 4, default: odd })).toBeUndefined();
  });

  it('leaves out what is missing or wrong, never a throw', () => {
    expect(readModelChains({ chain: { num_chains: -1, chips_per_chain: '65' } })).toEqual({});
    expect(readModelChains(null)).toEqual({});
  });
});

describe('readHashBoards', () => {
  it('reads each board with its state, hash rates and chips', () => {
    const { boards, warnings } = readHashBoards([
      {
        id: 1,
        status: { state: 'mining' },
        hr_realtime: 60_797.19,
        hr_nominal: 65_505.72,
        freq: 495,
        sensors: [],
        chips: [chip(0, 935.3), chip(1, 0, 'red', 60)],
      },
    ]);
    expect(warnings).toEqual([]);
    expect(boards).toEqual([
      {
        id: 1,
        state: 'mining',
        hashRate: 60_797.19,
        nominalHashRate: 65_505.72,
        chips: [
          { id: 0, hr: 935.3, temp: 62, errs: 0, grade: 'grey' },
          { id: 1, hr: 0, temp: 60, errs: 0, grade: 'red' },
        ],
      },
    ]);
  });

  it('a board without an id takes its place; a failure keeps its message', () => {
    const { boards } = readHashBoards([
      { status: { state: 'failure', failure_message: 'chain break' }, chips: [] },
    ]);
    expect(boards).toEqual([{ id: 0, state: 'failure', failureMessage: 'chain break', chips: [] }]);
  });

  it('hostile values are left out with a warning, never believed', () => {
    const { boards, warnings } = readHashBoards([
      { id: 2, hr_realtime: -5, chips: [{ id: 0, hr: 900, temp: 32_767, errs: -1 }, 'x'] },
      7,
    ]);
    expect(boards).toEqual([{ id: 2, chips: [{ id: 0, hr: 900 }] }]);
    expect(warnings).toEqual([
      'chains[1] is a number, not an object',
      'chains[0].chips[1] is a string, not an object',
      'chains[0].hr_realtime is -5, below zero; left out',
      'chains[0].chips[0].temp is implausible: 32767 °C (plausible: -40 to 150 °C); left out',
      'chains[0].chips[0].errs is -1, below zero; left out',
    ]);
  });

  it('a list of 100,000 boards is cut to the first 16', () => {
    const { boards, warnings } = readHashBoards(
      Array.from({ length: 100_000 }, (_, id) => ({ id, chips: [] })),
    );
    expect(boards).toHaveLength(16);
    expect(warnings[0]).toBe('chains has 100000 entries; the first 16 read');
  });

  it('a body that is not a list is no boards', () => {
    expect(readHashBoards({})).toEqual({ boards: [], warnings: ['chains is an object, not a list'] });
  });
});

describe('readFactoryInfo', () => {
  it('reads hr_stock, the PSU and each board serial', () => {
    expect(
      readFactoryInfo({
        hr_stock: 237_088,
        psu_model: 'APW17',
        psu_serial: null,
        has_pics: true,
        chains: [
          {
            id: 0,
            board_model: 'BHB68606',
            serial: 'JYZZB3ABCD',
            chip_bin: 1,
            freq: 490,
            volt: 1300,
            hashrate: 79_029,
          },
        ],
      }),
    ).toEqual({
      hrStock: 237_088,
      psuModel: 'APW17',
      boards: [{ id: 0, serial: 'JYZZB3ABCD', boardModel: 'BHB68606', hashRate: 79_029 }],
      warnings: [],
    });
  });

  it('nulls are absent; a non-object is said', () => {
    expect(readFactoryInfo({ chains: null, hr_stock: null })).toEqual({ boards: [], warnings: [] });
    expect(readFactoryInfo('x')).toEqual({
      boards: [],
      warnings: ['factory-info is a string, not an object'],
    });
  });
});

describe('the summary boards carry chip_statuses', () => {
  it('recorded S21 Pro summary: red 0, orange 6, grey 59 on the first board', () => {
    const reading = readStatus(
      { miner_state: 'mining' },
      fixture('summary.proto-fleet-s21pro-vnish1.2.7.json'),
    );
    expect(reading.boards[0]?.chipStatuses).toEqual({ red: 0, orange: 6, grey: 59 });
    expect(reading.pools[0]).toMatchObject({ accepted: 1599, rejected: 9 });
  });
});
