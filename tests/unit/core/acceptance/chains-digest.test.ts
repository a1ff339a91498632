/**
 * The acceptance's lean `/chains` reading (chains-digest.ts) against the general reader
 * (device/hash-board-reader.ts) folded the way acceptance judged it before: the same boards, states,
 * nominal rates, chip counts, dead chips and hottest chip — on a recorded-shaped body, on the recorded S19
 * answer, and on hostile bodies of every shape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestChains } from '../../../../electron/core/acceptance/chains-digest';
import type { BoardDigest } from '../../../../electron/core/acceptance/chains-digest';
import { readHashBoards } from '../../../../electron/core/device/hash-board-reader';
import { fixture } from '../device/fakes/device-fixtures';

/** What acceptance took from the general reader's boards. */
function throughGeneralReader(body: unknown): BoardDigest[] {
  return readHashBoards(body).boards.map((board) => {
    const mining = board.state === undefined || board.state === 'mining';
    const dead: number[] = [];
    let hottest: number | undefined;
    for (const chip of board.chips) {
      if (chip.id === undefined) continue;
      if (chip.grade === 'red' || (mining && chip.hr === 0)) dead.push(chip.id);
      if (chip.temp !== undefined && (hottest === undefined || chip.temp > hottest)) hottest = chip.temp;
    }
    return {
      id: board.id,
      ...(board.state !== undefined ? { state: board.state } : {}),
      ...(board.failureMessage !== undefined ? { failureMessage: board.failureMessage } : {}),
      ...(board.nominalHashRate !== undefined ? { nominalHashRate: board.nominalHashRate } : {}),
      chips: board.chips.length,
      dead,
      ...(hottest !== undefined ? { hottestChipC: hottest } : {}),
    };
  });
}

const chip = (id: number, hr: number, grade = 'grey', temp = 62) => ({ id, hr, temp, errs: 0, grade });

describe('digestChains', () => {
  it('a board of chips: dead ones by id (hr 0 while mining, or red), the hottest, the nominal rate', () => {
    const body = [
      {
        id: 1,
        status: { state: 'mining' },
        hr_realtime: 60_000,
        hr_nominal: 65_505.7,
        chips: [chip(0, 900), chip(1, 0), chip(2, 880, 'red', 71), chip(3, 910, 'orange', 88)],
      },
      { id: 2, status: { state: 'initializing' }, hr_nominal: 65_505.7, chips: [chip(0, 0), chip(1, 0)] },
      { status: { state: 'failure', failure_message: 'ASIC 12 lost' }, chips: [] },
    ];
    expect(digestChains(body).boards).toEqual([
      { id: 1, state: 'mining', nominalHashRate: 65_505.7, chips: 4, dead: [1, 2], hottestChipC: 88 },
      { id: 2, state: 'initializing', nominalHashRate: 65_505.7, chips: 2, dead: [], hottestChipC: 62 },
      { id: 2, state: 'failure', failureMessage: 'ASIC 12 lost', chips: 0, dead: [] },
    ]);
    expect(digestChains(body).boards).toEqual(throughGeneralReader(body));
  });

  it('the recorded S19 in failure ([]) and a body that is no list give no board', () => {
    expect(digestChains(fixture('chains.apidoc1215510239-s19-xil-vnish1.2.6.json'))).toEqual({ boards: [] });
    expect(digestChains({ chains: [] })).toEqual({ boards: [] });
    expect(digestChains('[]')).toEqual({ boards: [] });
  });

  it('reads every hostile body exactly as the general reader does', () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(0, -0, 1e6, 151, -41, 85.5, Number.NaN, null, 'red', 'mining', '0', true),
      fc.anything({ maxDepth: 1 }),
    );
    const chipArb = fc.oneof(
      fc.record(
        {
          id: value,
          hr: value,
          temp: value,
          grade: fc.oneof(fc.constantFrom('red', 'grey', 'orange'), value),
        },
        { requiredKeys: [] },
      ),
      value,
    );
    const boardArb = fc.oneof(
      fc.record(
        {
          id: value,
          status: fc.oneof(
            fc.record(
              {
                state: fc.oneof(fc.constantFrom('mining', 'failure', 'initializing'), value),
                failure_message: value,
              },
              { requiredKeys: [] },
            ),
            value,
          ),
          hr_nominal: value,
          chips: fc.oneof(fc.array(chipArb, { maxLength: 8 }), value),
        },
        { requiredKeys: [] },
      ),
      value,
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(boardArb, { maxLength: 20 }), value), (body) => {
        expect(digestChains(body).boards).toEqual(throughGeneralReader(body));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the general reader’s bounds: 16 boards, 1,000 chips a board', () => {
    const many = Array.from({ length: 20 }, (_, id) => ({
      id,
      chips: Array.from({ length: 1_200 }, (_c, c) => chip(c, c === 1_100 ? 0 : 900)),
    }));
    const { boards } = digestChains(many);
    expect(boards).toHaveLength(16);
    expect(boards[0]).toMatchObject({ chips: 1_000, dead: [] });
    expect(boards).toEqual(throughGeneralReader(many));
  });
});
