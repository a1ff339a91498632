/**
 * A rack as text (`minerdeck site layout show`): shelves top to bottom, positions left to right, each
 * slot the address of the device in it (`·` for an empty slot), columns as wide as their widest cell.
 */
import type { Rack, SiteLayout } from '../../shared/domain/layout';

export function rackGrid(rack: Rack, layout: SiteLayout, addressOf: (deviceId: string) => string): string[] {
  const cells: string[][] = [];
  for (let shelf = 1; shelf <= rack.shelves; shelf += 1) {
    const row: string[] = [];
    for (let position = 1; position <= rack.positions; position += 1) {
      const placed = layout.placements.find(
        (p) => p.rackId === rack.id && p.shelf === shelf && p.position === position,
      );
      row.push(placed === undefined ? '·' : addressOf(placed.deviceId));
    }
    cells.push(row);
  }
  const widths = Array.from({ length: rack.positions }, (_, i) =>
    Math.max(`P${i + 1}`.length, ...cells.map((row) => (row[i] ?? '').length)),
  );
  const label = `S${rack.shelves}`.length;
  const line = (head: string, row: readonly string[]) =>
    `  ${head.padEnd(label)}  ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  const used = layout.placements.filter((p) => p.rackId === rack.id).length;
  return [
    `${rack.area} / ${rack.name}  (${rack.shelves} shelves × ${rack.positions} positions, ${used} placed)`,
    line(
      '',
      widths.map((_, i) => `P${i + 1}`),
    ),
    ...cells.map((row, i) => line(`S${i + 1}`, row)),
  ];
}
