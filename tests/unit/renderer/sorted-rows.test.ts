/**
 * The fleet table's order is kept in step with the redraws (sorted-rows.ts) instead of TanStack Table
 * sorting every row again: after any sequence of redraws — readings moving, devices coming, going or
 * filtered out, the column or direction changed — it must be exactly the order TanStack Table gives for
 * the same rows and column, and the table's row model must stay the same array while the order does.
 */
import { useTable } from '@tanstack/react-table';
import { renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertKind } from '../../../shared/domain/kinds';
import { MONITOR_STATES } from '../../../shared/domain/kinds';
import { fleetColumns, fleetFeatures } from '../../../renderer/src/features/fleet/fleet-columns';
import type { SortChoice } from '../../../renderer/src/features/fleet/sorted-rows';
import { sortedRows } from '../../../renderer/src/features/fleet/sorted-rows';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { toRow } from '../../../renderer/src/stores/fleet-rows';

const SORTABLE = [
  'device',
  'location',
  'model',
  'state',
  'hashRate',
  'chipTemp',
  'fans',
  'power',
  'credentials',
  'alerts',
];

const baseRow = (n: number): FleetRow =>
  toRow(
    {
      deviceId: `d${n}`,
      address: `http://10.0.${n % 3}.${n}`,
      identity: {
        mac: null,
        hostname: null,
        model: n % 2 === 0 ? 'Antminer S21' : null,
        firmware: null,
        serial: null,
      },
      credentials: { password: n % 3 === 0 ? 'site' : 'none', apiKey: n % 4 === 0 },
    },
    undefined,
    // Every third device in no slot (sorted last both ways); two devices on the same shelf tie.
    n % 3 === 0
      ? undefined
      : {
          slot: `A-R${n % 4}-S1-P1`,
          key: `0000${n % 4}.01.01`,
          area: 'A',
          rackId: `r${n % 4}`,
          rack: `R${n % 4}`,
        },
  );

/** New values for a row, few of them so that ties and missing values are common. */
const change = fc.record({
  state: fc.constantFrom(...MONITOR_STATES),
  since: fc.constantFrom(1000, 2000),
  hashRate: fc.constantFrom(undefined, 1e14, 1.7e14, 1.7e14, 2e14),
  chipTempMax: fc.constantFrom(undefined, 60, 65, 65),
  fanRpmMin: fc.constantFrom(undefined, 0, 5880),
  powerW: fc.constantFrom(undefined, 2500, 2600),
  alerts: fc.constantFrom<AlertKind[]>([], ['offline'], ['hash-rate', 'temperature']),
});

/** One redraw: some rows get new objects (new values), and sometimes the rows shown change. */
const redraw = fc.record({
  changes: fc.array(fc.tuple(fc.nat({ max: 11 }), change), { maxLength: 12 }),
  shownMask: fc.option(fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), { freq: 3 }),
  sort: fc.option(fc.record({ id: fc.constantFrom(...SORTABLE, 'standard'), desc: fc.boolean() }), {
    freq: 4,
  }),
});

/** TanStack Table's own order for the rows (its sorted row model, as the table used before), one table per run. */
function tanstackTable(): {
  order: (rows: FleetRow[], sort: SortChoice | undefined) => string[];
  close: () => void;
} {
  const { result, rerender, unmount } = renderHook(
    ({ rows, sort }: { rows: FleetRow[]; sort: SortChoice | undefined }) =>
      useTable({
        features: fleetFeatures,
        columns: fleetColumns,
        data: rows,
        getRowId: (row) => row.id,
        state: { sorting: sort === undefined ? [] : [sort] },
      }),
    { initialProps: { rows: [] as FleetRow[], sort: undefined as SortChoice | undefined } },
  );
  return {
    order: (rows, sort) => {
      rerender({ rows, sort });
      return result.current.getRowModel().rows.map((row) => row.id);
    },
    close: unmount,
  };
}

describe('the fleet table order, kept in step with the redraws', () => {
  it('equals TanStack Table sorting the same rows, after any sequence of redraws', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SORTABLE),
        fc.boolean(),
        fc.array(redraw, { maxLength: 12 }),
        (id, desc, redraws) => {
          let fleet = Array.from({ length: 12 }, (_, n) => baseRow(n));
          let sort: SortChoice | undefined = { id, desc };
          let shown = fleet;
          const tanstack = tanstackTable();
          for (const step of redraws) {
            fleet = [...fleet];
            for (const [at, values] of step.changes) fleet[at] = { ...(fleet[at] as FleetRow), ...values };
            // The rows shown: all of them, or a filtered subset (in fleet order, as visible-rows.ts gives).
            const mask = step.shownMask;
            shown = mask === null ? fleet : fleet.filter((_, i) => mask[i] === true);
            if (step.sort !== null) sort = step.sort;
            const result = sortedRows(shown, sort);
            expect(result.rows.map((row) => row.id)).toEqual(tanstack.order(shown, sort));
            // The cells get the newest row objects.
            expect(result.rows.every((row) => shown.includes(row))).toBe(true);
            expect(result.model.map((row) => row.id)).toEqual(result.rows.map((row) => row.id));
          }
          tanstack.close();
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('keeps the row model while readings move and the order does not, and changes it when it does', () => {
    const fleet = [baseRow(1), baseRow(2), baseRow(3)].map((row, i) => ({
      ...row,
      hashRate: 1e14 * (i + 1),
    }));
    const sort = { id: 'hashRate', desc: true };
    const first = sortedRows(fleet, sort);
    expect(first.rows.map((row) => row.id)).toEqual(['d3', 'd2', 'd1']);
    const readings = fleet.map((row) => ({ ...row, hashRate: (row.hashRate ?? 0) + 1 }));
    const second = sortedRows(readings, sort);
    expect(second.model).toBe(first.model);
    expect(second.rows[0]).toBe(readings[2]);
    const overtaken = [
      { ...(readings[0] as FleetRow), hashRate: 9e14 },
      readings[1],
      readings[2],
    ] as FleetRow[];
    const third = sortedRows(overtaken, sort);
    expect(third.model).not.toBe(first.model);
    expect(third.rows.map((row) => row.id)).toEqual(['d1', 'd3', 'd2']);
  });
});
