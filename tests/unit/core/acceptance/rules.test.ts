/**
 * Every acceptance rule on recorded answers (tests/fixtures/device: the S21 Pro's summary, the S19's model,
 * chains and summary while in failure) and on hand-made edge cases: a board missing or dropping out, dead
 * chips, a failing board, a hot chip at one reading, a stopped fan, rejected shares, a restart resetting the
 * share counters, a device that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import type { AcceptanceCriteria } from '../../../../shared/domain/acceptance';
import { defaultCriteria } from '../../../../shared/domain/acceptance';
import type { DeviceWindow } from '../../../../electron/core/acceptance/device-window';
import { addSample, clockTime, newWindow } from '../../../../electron/core/acceptance/device-window';
import type { SampleBodies } from '../../../../electron/core/acceptance/read-sample';
import { sampleFrom } from '../../../../electron/core/acceptance/read-sample';
import { boardsHealthyCheck, boardsPresentCheck } from '../../../../electron/core/acceptance/rules/boards';
import { chipsHashingCheck } from '../../../../electron/core/acceptance/rules/chips';
import { fansCheck } from '../../../../electron/core/acceptance/rules/fans';
import { hashRateCheck } from '../../../../electron/core/acceptance/rules/hash-rate';
import { poolCheck } from '../../../../electron/core/acceptance/rules/pool';
import { readableCheck } from '../../../../electron/core/acceptance/rules/readable';
import { chipTemperatureCheck } from '../../../../electron/core/acceptance/rules/temperature';
import { verdictOf } from '../../../../electron/core/acceptance/verdict';
import { readModelChains } from '../../../../electron/core/device/hash-board-reader';
import { fixture } from '../device/fakes/device-fixtures';

const S21 = 'proto-fleet-s21pro-vnish1.2.7';
const S19 = 'apidoc1215510239-s19-xil-vnish1.2.6';
const T0 = new Date('2025-11-21T14:05:10').getTime();
const MINUTE = 60_000;

interface Chain {
  id: number;
  status: { state: string; failure_message?: string };
  hr_realtime: number;
  hr_nominal: number;
  chips: { id: number; hr: number; temp: number; errs: number; grade: string }[];
}

/** A `/chains` answer shaped like the vendor's `AntmChainChips`: `n` boards of 65 grey chips at 60 °C. */
function chains(n = 3, change: (board: Chain) => void = () => undefined): Chain[] {
  return Array.from({ length: n }, (_, i) => {
    const board: Chain = {
      id: i + 1,
      status: { state: 'mining' },
      hr_realtime: 60_000,
      hr_nominal: 65_505.727,
      chips: Array.from({ length: 65 }, (_c, id) => ({ id, hr: 900, temp: 60, errs: 0, grade: 'grey' })),
    };
    change(board);
    return board;
  });
}

type S21Summary = {
  miner: {
    pools: { pool_type: string; accepted: number; rejected: number }[];
    cooling: { fans: { rpm: number; status: string }[] };
    chains: { chip_temp: { max: number } }[];
    chip_temp: { max: number };
  };
};

/** The recorded S21 Pro summary, with its first (customer) pool's counters moved on by `accepted`/`rejected`. */
function s21Summary(accepted = 0, rejected = 0, change: (body: S21Summary) => void = () => undefined) {
  const body = structuredClone(fixture(`summary.${S21}.json`)) as S21Summary;
  const pool = body.miner.pools[0]!;
  pool.accepted += accepted;
  pool.rejected += rejected;
  change(body);
  return body;
}

const model3 = {
  full_name: 'Antminer S21 Pro',
  hr_measure: 'GH/s',
  chain: { num_chains: 3, chips_per_chain: 65 },
  cooling: { fan_min_count: { min: 1, max: 4, default: 4 } },
};

/** A window from readings one minute apart. */
function windowOf(modelBody: unknown, readings: SampleBodies[]): DeviceWindow {
  const window = newWindow(readModelChains(modelBody));
  readings.forEach((bodies, i) => addSample(window, sampleFrom(T0 + i * MINUTE, bodies, 'GH/s')));
  return window;
}

/** A healthy S21 Pro over three readings: the recorded summary, 100 shares accepted and 1 rejected since. */
const healthy = (change: Partial<Record<0 | 1 | 2, SampleBodies>> = {}): SampleBodies[] => [
  change[0] ?? { chains: chains(), summary: s21Summary() },
  change[1] ?? { chains: chains(), summary: s21Summary(50, 0) },
  change[2] ?? { chains: chains(), summary: s21Summary(100, 1) },
];

const criteria = (patch: Partial<AcceptanceCriteria> = {}): AcceptanceCriteria => ({
  ...defaultCriteria(),
  ...patch,
});

describe('acceptance on recorded answers', () => {
  it('the S19 in failure (model, chains [] and summary as recorded) fails for every reason it shows', () => {
    const recorded = {
      chains: fixture(`chains.${S19}.json`),
      summary: fixture(`summary-failure.${S19}.json`),
    };
    const window = windowOf(fixture(`model.${S19}.json`), [recorded, recorded]);
    const verdict = verdictOf(window, criteria(), {
      deviceId: 'mac:FE:07:26:3C:BE:1B',
      address: 'http://192.168.1.2',
      startedAt: new Date(T0),
      endedAt: new Date(T0 + MINUTE),
    });
    expect(verdict.verdict).toBe('fail');
    expect(verdict.reasons).toEqual([
      '0 of 3 hash boards present',
      'the chips could not be checked (no chip listed by /chains)',
      'no nominal hash rate reported (hr_nominal missing or 0)',
      'no fan reported; the model runs with 4',
      'no pool of the customer’s is set (only the firmware’s fee pool is listed)',
    ]);
    expect(verdict.evidence.boards).toEqual({ expected: 3, seen: 0, missing: [], failing: [] });
    expect(verdict.evidence.readings).toEqual({ taken: 2, failed: 0, failures: [] });
  });

  it('the S21 Pro’s recorded summary: 88.5 % of nominal fails 95 % and passes 85 %', () => {
    const window = windowOf(model3, healthy());
    expect(hashRateCheck(window, criteria())).toMatchObject({
      check: 'hash-rate',
      pass: false,
      words: 'average hash rate 88.5 % of nominal (173.87 of 196.52 TH/s), under 95 %',
    });
    expect(hashRateCheck(window, criteria({ minHashratePercent: 85 }))).toMatchObject({
      check: 'hash-rate',
      pass: true,
      words: 'average hash rate 88.5 % of nominal (173.87 of 196.52 TH/s)',
    });
  });

  it('the S21 Pro’s recorded temperatures: hottest chip 65 °C on board 1, inside 85 °C, over 60 °C', () => {
    const window = windowOf(model3, healthy());
    expect(chipTemperatureCheck(window, criteria()).words).toBe(
      'hottest chip 65 °C on board 1 (limit 85 °C)',
    );
    expect(chipTemperatureCheck(window, criteria({ maxChipTempC: 60 }))).toMatchObject({
      check: 'chip-temperature',
      pass: false,
      words: 'hottest chip 65 °C on board 1, over 60 °C',
    });
  });

  it('the S21 Pro’s recorded fans all turn', () => {
    expect(fansCheck(windowOf(model3, healthy()))).toMatchObject({
      check: 'fans',
      pass: true,
      words: '4 fans turning, slowest 5,880 rpm (the model runs with 4)',
    });
  });

  it('counts the customer’s pool over the window, never the firmware’s fee pool', () => {
    expect(poolCheck(windowOf(model3, healthy()), criteria())).toMatchObject({
      check: 'pool',
      pass: true,
      words: '100 shares accepted, 1 rejected (1 %)',
    });
    // Only the fee pool moved on: the customer's pool accepted nothing.
    const feeOnly = (n: number) =>
      s21Summary(0, 0, (body) => {
        body.miner.pools[2]!.accepted += n;
      });
    const window = windowOf(model3, [
      { chains: chains(), summary: feeOnly(0) },
      { chains: chains(), summary: feeOnly(40) },
    ]);
    expect(poolCheck(window, criteria())).toMatchObject({
      check: 'pool',
      pass: false,
      words: 'no share accepted during the window',
    });
  });

  it('a healthy device passes every check, with each check’s words and its evidence', () => {
    const verdict = verdictOf(windowOf(model3, healthy()), criteria({ minHashratePercent: 85 }), {
      deviceId: 'mac:AA:BB:CC:00:00:01',
      address: 'http://10.0.0.5',
      startedAt: new Date(T0),
      endedAt: new Date(T0 + 2 * MINUTE),
    });
    expect(verdict.verdict).toBe('pass');
    expect(verdict.reasons).toEqual([]);
    expect(verdict.checks.map((c) => [c.check, c.pass, c.words])).toEqual([
      ['readable', true, 'read at all 3 readings'],
      ['boards-present', true, '3 of 3 hash boards present'],
      ['boards-healthy', true, 'no board in failure, disconnected or stopped'],
      ['chips-hashing', true, 'every chip hashing (195 chips)'],
      ['hash-rate', true, 'average hash rate 88.5 % of nominal (173.87 of 196.52 TH/s)'],
      ['chip-temperature', true, 'hottest chip 65 °C on board 1 (limit 85 °C)'],
      ['fans', true, '4 fans turning, slowest 5,880 rpm (the model runs with 4)'],
      ['pool', true, '100 shares accepted, 1 rejected (1 %)'],
    ]);
    expect(verdict.evidence).toMatchObject({
      boards: { expected: 3, seen: 3, missing: [], failing: [] },
      deadChips: [],
      chipsSeen: 195,
      hashRate: { averageThs: 173.87, nominalThs: 196.52, percent: 88.5, lowestThs: 173.87 },
      temperature: { hottestChipC: 65, board: 1, hottestBoardC: 50 },
      fans: { count: 4, slowestRpm: 5880, stopped: [] },
      shares: { accepted: 100, rejected: 1, rejectedPercent: 1, restarted: false },
    });
    expect(verdict.startedAt).toBe(new Date(T0).toISOString());
  });
});

describe('acceptance edge cases', () => {
  it('a missing board is named when the device numbers its boards', () => {
    const window = windowOf(
      model3,
      healthy({ 1: { chains: chains(3).slice(0, 2), summary: s21Summary(50) } }),
    );
    expect(boardsPresentCheck(window)).toMatchObject({
      check: 'boards-present',
      pass: false,
      words: '2 of 3 hash boards present (board 3 missing)',
    });
  });

  it('a board that drops out at one reading fails, however it started and ended', () => {
    const lost = chains(3).filter((board) => board.id !== 2);
    const window = windowOf(model3, healthy({ 1: { chains: lost, summary: s21Summary(50) } }));
    expect(boardsPresentCheck(window).words).toBe('2 of 3 hash boards present (board 2 missing)');
  });

  it('an unknown model is no proof: the board count cannot pass', () => {
    const window = newWindow(undefined, 'timed out');
    addSample(window, sampleFrom(T0, { chains: chains(), summary: s21Summary() }));
    expect(boardsPresentCheck(window)).toMatchObject({
      check: 'boards-present',
      pass: false,
      words: 'the number of hash boards the model has is unknown (/model: timed out)',
    });
  });

  it('counts and names dead chips per board: hr 0 while mining, or graded red', () => {
    const dead = chains(3, (board) => {
      if (board.id === 1) board.chips[9]!.grade = 'red';
      if (board.id === 2) for (const id of [6, 5]) board.chips[id]!.hr = 0;
    });
    const window = windowOf(model3, healthy({ 2: { chains: dead, summary: s21Summary(100, 1) } }));
    expect(chipsHashingCheck(window)).toMatchObject({
      check: 'chips-hashing',
      pass: false,
      words: '3 chips not hashing (board 1: chip 9; board 2: chips 5 and 6)',
    });
  });

  it('chips of a board still initializing are not dead chips', () => {
    const starting = chains(3, (board) => {
      if (board.id === 3) {
        board.status.state = 'initializing';
        for (const chip of board.chips) chip.hr = 0;
      }
    });
    const window = windowOf(model3, healthy({ 0: { chains: starting, summary: s21Summary() } }));
    expect(chipsHashingCheck(window).pass).toBe(true);
  });

  it('names 24 chips of a board and counts the rest', () => {
    const dead = chains(3, (board) => {
      if (board.id === 2) for (const chip of board.chips.slice(0, 30)) chip.hr = 0;
    });
    const window = windowOf(model3, [{ chains: dead, summary: s21Summary() }]);
    expect(chipsHashingCheck(window).words).toBe(
      `30 chips not hashing (board 2: chips ${Array.from({ length: 24 }, (_, i) => i).join(', ')} and 6 more)`,
    );
  });

  it('judges chips by the summary’s red count when /chains lists none', () => {
    const noChips = chains(3, (board) => {
      board.chips = [];
    });
    const red = s21Summary(0, 0, (body) => {
      (body.miner.chains[1] as unknown as { chip_statuses: { red: number } }).chip_statuses.red = 4;
    });
    const window = windowOf(model3, [{ chains: noChips, summary: red }]);
    expect(chipsHashingCheck(window).words).toBe('4 chips not hashing (board 2: 4 graded red)');
  });

  it('a board in failure, disconnected or stopped at any reading fails, with the device’s message', () => {
    const failing = chains(3, (board) => {
      if (board.id === 2) board.status = { state: 'failure', failure_message: 'PIC read error' };
    });
    const window = windowOf(model3, healthy({ 1: { chains: failing, summary: s21Summary(50) } }));
    expect(boardsHealthyCheck(window)).toMatchObject({
      check: 'boards-healthy',
      pass: false,
      words: 'board 2 failure (“PIC read error”)',
    });
  });

  it('a chip hot at one reading fails the window, named with its board', () => {
    const hot = chains(3, (board) => {
      if (board.id === 3) board.chips[40]!.temp = 91;
    });
    const window = windowOf(model3, healthy({ 1: { chains: hot, summary: s21Summary(50) } }));
    expect(chipTemperatureCheck(window, criteria()).words).toBe('hottest chip 91 °C on board 3, over 85 °C');
  });

  it('a fan at 0 rpm or lost at one reading fails', () => {
    const stopped = s21Summary(50, 0, (body) => {
      body.miner.cooling.fans[2] = { ...body.miner.cooling.fans[2]!, rpm: 0 };
      body.miner.cooling.fans[3] = { ...body.miner.cooling.fans[3]!, status: 'lost' };
    });
    const window = windowOf(model3, healthy({ 1: { chains: chains(), summary: stopped } }));
    expect(fansCheck(window)).toMatchObject({
      check: 'fans',
      pass: false,
      words: 'fan 2 (0 rpm) and fan 3 (5,940 rpm, lost) not turning',
    });
  });

  it('fewer fans listed than the model runs with, at one reading, fail (/model cooling.fan_min_count)', () => {
    const three = s21Summary(50, 0, (body) => {
      body.miner.cooling.fans.pop();
    });
    const window = windowOf(model3, healthy({ 1: { chains: chains(), summary: three } }));
    expect(fansCheck(window)).toMatchObject({
      check: 'fans',
      pass: false,
      words: 'only 3 fans reported; the model runs with 4',
    });
  });

  it('a model that runs with no fan passes without one; any fan listed must still turn', () => {
    const noFans = (accepted: number) =>
      s21Summary(accepted, 0, (body) => {
        body.miner.cooling.fans = [];
      });
    const hydro = { ...model3, cooling: { fan_min_count: { min: 0, max: 4, default: 0 } } };
    const readings = [0, 50, 100].map((n) => ({ chains: chains(), summary: noFans(n) }));
    expect(fansCheck(windowOf(hydro, readings))).toMatchObject({
      check: 'fans',
      pass: true,
      words: 'no fan: the model needs none',
    });
    const stopped = s21Summary(50, 0, (body) => {
      body.miner.cooling.fans[0] = { ...body.miner.cooling.fans[0]!, rpm: 0 };
    });
    expect(fansCheck(windowOf(hydro, healthy({ 1: { chains: chains(), summary: stopped } }))).pass).toBe(
      false,
    );
  });

  it('without the model’s fan count, one fan is enough and the words say the count was not known', () => {
    const unknown = { ...model3, cooling: { fan_min_count: null } };
    expect(fansCheck(windowOf(unknown, healthy()))).toMatchObject({
      check: 'fans',
      pass: true,
      words:
        '4 fans turning, slowest 5,880 rpm; the model’s number of fans is not known (/model does not say)',
    });
    const none = [0, 50].map((n) => ({
      chains: chains(),
      summary: s21Summary(n, 0, (body) => {
        body.miner.cooling.fans = [];
      }),
    }));
    expect(fansCheck(windowOf({ chain: { num_chains: 3 } }, none))).toMatchObject({
      check: 'fans',
      pass: false,
      words: 'no fan reported; the model’s number of fans is not known (/model does not say)',
    });
  });

  it('rejected shares over 2 % of the accepted ones fail', () => {
    const window = windowOf(model3, healthy({ 2: { chains: chains(), summary: s21Summary(100, 3) } }));
    expect(poolCheck(window, criteria())).toMatchObject({
      check: 'pool',
      pass: false,
      words: '100 shares accepted, 3 rejected (3 %), over 2 %',
    });
  });

  it('counters that went back (a restart) count from the restart on', () => {
    const restarted = s21Summary(0, 0, (body) => {
      body.miner.pools[0]!.accepted = 30;
      body.miner.pools[0]!.rejected = 0;
    });
    const window = windowOf(model3, healthy({ 2: { chains: chains(), summary: restarted } }));
    expect(poolCheck(window, criteria()).words).toBe('80 shares accepted, 0 rejected (0 %)');
    expect(window.shares.restarted).toBe(true);
  });

  it('one reading cannot show shares rising', () => {
    const window = windowOf(model3, [{ chains: chains(), summary: s21Summary() }]);
    expect(poolCheck(window, criteria()).words).toBe(
      'the pool’s shares could not be compared (one reading only)',
    );
  });

  it('a device that cannot be read fails with that reason in words, and every other check says why', () => {
    const window = newWindow(undefined, 'no answer (connection refused)');
    for (let i = 0; i < 3; i += 1) {
      addSample(window, sampleFrom(T0 + i * MINUTE, { errors: ['no answer (connection refused)'] }));
    }
    const verdict = verdictOf(window, criteria(), {
      deviceId: 'addr:10.0.0.9:80',
      address: 'http://10.0.0.9',
      startedAt: new Date(T0),
      endedAt: new Date(T0 + 2 * MINUTE),
    });
    expect(verdict.verdict).toBe('fail');
    expect(verdict.reasons[0]).toBe(
      `the device could not be read (3 tries; ${clockTime(T0)} no answer (connection refused))`,
    );
    expect(verdict.reasons).toHaveLength(8);
  });

  it('a reading missed in the middle is a failure with its time', () => {
    const window = windowOf(model3, healthy({ 1: { errors: ['/summary: timed out'] } }));
    expect(readableCheck(window)).toMatchObject({
      check: 'readable',
      pass: false,
      words: `the device could not be read at 1 of 3 readings (${clockTime(T0 + MINUTE)} /summary: timed out)`,
    });
  });
});
