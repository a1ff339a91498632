import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { readPollSummary } from '../../../../electron/core/monitor/poll-summary';
import { summarizeReading } from '../../../support/reading-summary-oracle';
import { allFixtures, fixture } from '../device/fakes/device-fixtures';

const S21 = 'proto-fleet-s21pro-vnish1.2.7';
const S19 = 'tntvlad-har-s19-88-vnish1.2.6';

/** What the monitor would get from the full reading: the status reader's state and the oracle's summary. */
function fromFullReading(status: unknown, summary: unknown, info: unknown) {
  const reading = readStatus(status, summary, info);
  const { name, kind, description, failureCode } = reading.state;
  return {
    state: Object.fromEntries(
      Object.entries({ name, kind, description, failureCode }).filter(([, v]) => v !== undefined),
    ),
    summary: summarizeReading(reading),
  };
}

// Bodies shaped like a device's, with every field sometimes right, missing, null or of another type.
const junk = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }),
);
const maybe = <T>(value: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: junk }), { nil: undefined });
// Plausible numbers and ones past every bound of plausible-bounds.ts (both sides, and just past them).
const num = fc.oneof(
  fc.integer({ min: -5, max: 200_000 }),
  fc.double({ min: -10, max: 1e6, noNaN: true }),
  fc.constantFrom(-1e6, -41, -1, 0, 150, 151, 1_000, 1_001, 20_001, 30_001, 5e15, 1e28),
);
const range = fc.record({ min: maybe(num), max: maybe(num) }, { requiredKeys: [] });
const stateWord = fc.constantFrom(
  'mining',
  'failure',
  'auto-tuning',
  ' stopped ',
  '',
  'Weird',
  'constructor',
);
const listOf = <T>(entry: fc.Arbitrary<T>) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: entry }, { weight: 1, arbitrary: junk }), { maxLength: 5 });

const statusBody = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record(
      {
        miner_state: maybe(stateWord),
        miner_state_time: maybe(num),
        description: maybe(fc.string({ maxLength: 8 })),
        failure_code: maybe(fc.oneof(num, fc.string({ maxLength: 3 }))),
        restart_required: maybe(fc.boolean()),
        reboot_required: maybe(fc.boolean()),
        find_miner: maybe(fc.boolean()),
        throttled: maybe(fc.boolean()),
        unlocked: maybe(fc.boolean()),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: junk },
);
const minerBody = fc.record(
  {
    hr_realtime: maybe(num),
    hr_average: maybe(num),
    hr_nominal: maybe(num),
    chip_temp: maybe(range),
    pcb_temp: maybe(range),
    power_consumption: maybe(num),
    power_efficiency: maybe(num),
    miner_status: maybe(fc.record({ miner_state: maybe(stateWord) }, { requiredKeys: [] })),
    cooling: maybe(fc.record({ fans: maybe(listOf(fc.record({ id: maybe(num), rpm: maybe(num) }))) })),
    chains: maybe(
      listOf(fc.record({ chip_temp: maybe(range), pcb_temp: maybe(range) }, { requiredKeys: [] })),
    ),
  },
  { requiredKeys: [] },
);
const summaryBody = fc.oneof(
  { weight: 8, arbitrary: fc.record({ miner: maybe(minerBody) }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: junk },
);
const infoBody = fc.oneof(
  fc.record({ hr_measure: maybe(fc.constantFrom('GH/s', 'TH/s', 'MH/s', 'N/A', ' ', 'gh/s')) }),
  fc.constant(undefined),
  junk,
);

describe('readPollSummary', () => {
  it('reads a real device to the numbers of the fleet view, hash rates in H/s', () => {
    const polled = readPollSummary(
      fixture(`status-after-unlock.${S19}.json`),
      fixture(`summary.${S21}.json`),
      fixture(`info.${S21}.json`),
    );
    expect(polled.state).toEqual({ name: 'mining', kind: 'mining' });
    expect(polled.summary).toEqual({
      minerState: 'mining',
      minerKind: 'mining',
      hashRate: 173870.94e9,
      nominalHashRate: 196517.17e9,
      chipTempMax: 65,
      boardTempMax: 50,
      powerW: 2583,
      efficiency: 14.812924,
      fanCount: 4,
      fanRpmMin: 5880,
    });
  });

  it('takes the hottest board when the device gives no max of its own; skips fans without a speed; lists flags', () => {
    const polled = readPollSummary(
      {
        miner_state: 'failure',
        description: 'fan lost',
        failure_code: 3,
        restart_required: true,
        find_miner: true,
        throttled: true,
      },
      {
        miner: {
          chip_temp: { min: 50, max: null },
          cooling: { fans: [{ id: 0 }, { id: 1, rpm: 4200 }, 'broken', { id: 2, rpm: 3900 }] },
          chains: [
            { chip_temp: { min: 50, max: 71 }, pcb_temp: { min: 40 } },
            { chip_temp: { min: 52, max: 78 }, pcb_temp: { min: 41, max: 55 } },
            7,
          ],
        },
      },
      undefined,
    );
    expect(polled.state).toEqual({
      name: 'failure',
      kind: 'failure',
      description: 'fan lost',
      failureCode: 3,
    });
    expect(polled.summary).toEqual({
      minerState: 'failure',
      minerKind: 'failure',
      chipTempMax: 78,
      boardTempMax: 55,
      fanCount: 2,
      fanRpmMin: 3900,
      flags: ['restart-required', 'locate-led', 'throttled'],
    });
  });

  it("uses the summary's state only when /status has none", () => {
    const summary = { miner: { miner_status: { miner_state: 'auto-tuning' } } };
    expect(readPollSummary({}, summary, undefined).state).toEqual({ name: 'auto-tuning', kind: 'tuning' });
    expect(readPollSummary({ miner_state: 'mining' }, summary, undefined).state.name).toBe('mining');
    expect(readPollSummary('garbage', 42, []).summary).toEqual({
      minerState: 'unknown',
      minerKind: 'unknown',
    });
  });

  it('says what the full reading says, for every real payload in every slot', () => {
    for (const { body } of allFixtures()) {
      for (const [status, summary, info] of [
        [body, undefined, undefined],
        [{}, body, undefined],
        [{}, fixture(`summary.${S21}.json`), body],
        [body, body, body],
      ]) {
        expect(readPollSummary(status, summary, info)).toEqual(fromFullReading(status, summary, info));
      }
    }
  });

  it('says what the full reading says, for arbitrary device-shaped bodies', () => {
    fc.assert(
      fc.property(statusBody, summaryBody, infoBody, (status, summary, info) => {
        expect(readPollSummary(status, summary, info)).toEqual(fromFullReading(status, summary, info));
      }),
      { numRuns: 1500 },
    );
  });
});
