/**
 * The per-cell assertions every fault-matrix suite shares: one test per fault, checking the outcome
 * exactly and the text a person reads against the table (matrix.ts).
 */
import { expect, it } from 'vitest';
import type { FaultId, Operation } from './matrix';
import { FAULT_IDS, MATRIX } from './matrix';

export interface Observed {
  outcome: string;
  text: string;
}

/** `observe` is read when the tests run (after the suite's beforeAll ran the operation once). */
export function itChecksEveryCell(operation: Operation, observe: () => Record<FaultId, Observed>): void {
  it.each(FAULT_IDS)(`${operation} × %s: the outcome and reason in the table`, (id) => {
    const seen = observe()[id];
    // Calibrating the table against a changed app: FAULT_MATRIX_PRINT=1 shows what each cell saw.
    if (process.env.FAULT_MATRIX_PRINT === '1') console.log(operation, id, JSON.stringify(seen));
    const expected = MATRIX[id][operation];
    expect({ fault: id, ...seen }).toMatchObject({ fault: id, outcome: expected.outcome });
    expect(seen.text).toMatch(expected.match);
  });
}
