/**
 * A site-map CSV against a site's layout (issue 34): what it would add (racks not there by area and name),
 * resize (a rack row's new size, or a slot row beyond a rack's grid — never below a placed device) and
 * place (slot rows with a device, through the placement planner), with every problem by line; and the
 * site's layout written back as Minerdeck's slot CSV — a row for every slot of every rack, `device` empty
 * where none stands, so an empty rack keeps its size through an export and an import.
 */
import type { LayoutImportPreview, LayoutImportProblem, Rack } from '../../../shared/domain/layout';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import type { SiteLayoutContext } from './layout-context';
import type { ParsedLayoutCsv } from './layout-csv-cells';
import { csvLine, SLOTS_HEADER } from './layout-csv-cells';
import { readLayoutCsv } from './layout-csv';
import { hostOf } from './label-match';
import type { PlanItem } from './place-planner';
import { planPlacements, slotKey } from './place-planner';
import { findRackByName, namedList, newRackId, syncAreas } from './racks';
import { indexSlots, patternProblem, rackSlotName } from './slot-index';

export interface ImportPlan {
  preview: LayoutImportPreview;
  /** The racks after the file: the layout's, resized, then the new ones. */
  racks: Rack[];
  items: PlanItem[];
}

const REFUSED = new Set(['unknown-device', 'ambiguous-device', 'not-in-site', 'unknown-slot', 'duplicate']);

interface Sized {
  line: number;
  area: string;
  rack: string;
  shelves: number;
  positions: number;
  exact: boolean;
}

/** Each rack of the file once, with the size it asks: a rack row's exactly, slot rows' at least. */
function sizesOf(parsed: ParsedLayoutCsv, problems: LayoutImportProblem[]): Map<string, Sized> {
  const sizes = new Map<string, Sized>();
  const key = (area: string, rack: string) => `${area.toLowerCase()}\n${rack.toLowerCase()}`;
  for (const row of parsed.racks) {
    const before = sizes.get(key(row.area, row.rack));
    if (before !== undefined) {
      problems.push({
        line: row.line,
        message: `rack ${row.rack} of ${row.area} is listed twice (lines ${before.line} and ${row.line})`,
      });
      continue;
    }
    sizes.set(key(row.area, row.rack), { ...row, exact: true });
  }
  const seen = new Map<string, number>();
  for (const row of parsed.slots) {
    const slot = `${key(row.area, row.rack)}\n${row.shelf}\n${row.position}`;
    const first = seen.get(slot);
    if (first !== undefined) {
      problems.push({
        line: row.line,
        message: `shelf ${row.shelf} position ${row.position} of rack ${row.rack} is listed twice (lines ${first} and ${row.line})`,
      });
    } else seen.set(slot, row.line);
    const before = sizes.get(key(row.area, row.rack));
    sizes.set(key(row.area, row.rack), {
      line: before?.line ?? row.line,
      area: before?.area ?? row.area,
      rack: before?.rack ?? row.rack,
      shelves: Math.max(before?.shelves ?? 0, row.shelf),
      positions: Math.max(before?.positions ?? 0, row.position),
      exact: false,
    });
  }
  return sizes;
}

function racksAfter(ctx: SiteLayoutContext, sizes: Map<string, Sized>, problems: LayoutImportProblem[]) {
  const added: Rack[] = [];
  const changed: { before: Rack; after: Rack }[] = [];
  let racks = [...ctx.layout.racks];
  for (const size of sizes.values()) {
    const known = findRackByName(ctx.layout, size.area, size.rack);
    if (known === undefined) {
      const rack = {
        id: newRackId(),
        area: size.area,
        name: size.rack,
        shelves: size.shelves,
        positions: size.positions,
      };
      added.push(rack);
      racks.push(rack);
      continue;
    }
    const shelves = size.exact ? size.shelves : Math.max(known.shelves, size.shelves);
    const positions = size.exact ? size.positions : Math.max(known.positions, size.positions);
    if (shelves === known.shelves && positions === known.positions) continue;
    const outside = ctx.layout.placements
      .filter((p) => p.rackId === known.id && (p.shelf > shelves || p.position > positions))
      .map((p) => ctx.addressOf(p.deviceId));
    if (outside.length > 0) {
      problems.push({
        line: size.line,
        message: `rack ${known.name} cannot shrink to ${shelves} × ${positions}: ${namedList(outside)} would be left outside`,
      });
      continue;
    }
    const after = { ...known, shelves, positions };
    changed.push({ before: known, after });
    racks = racks.map((r) => (r === known ? after : r));
  }
  return { added, changed, racks };
}

export function previewImport(ctx: SiteLayoutContext, csv: string): ImportPlan {
  const parsed = readLayoutCsv(csv);
  const problems = [...parsed.problems];
  const { added, changed, racks } = racksAfter(ctx, sizesOf(parsed, problems), problems);
  const pattern = patternProblem(ctx.layout.slotPattern, racks);
  if (pattern !== undefined) problems.push({ line: 1, message: pattern });
  const layout = { ...ctx.layout, racks };
  const slots = indexSlots(layout);
  const items: PlanItem[] = parsed.slots.flatMap((row) => {
    if (row.device === undefined) return [];
    const rack = racks.find(
      (r) =>
        r.area.toLowerCase() === row.area.toLowerCase() && r.name.toLowerCase() === row.rack.toLowerCase(),
    );
    if (rack === undefined) return [];
    return [
      {
        device: row.device,
        slot: rackSlotName(layout.slotPattern, rack, row.shelf, row.position),
        line: row.line,
      },
    ];
  });
  const placements =
    pattern === undefined ? planPlacements({ ...ctx, layout, slots, source: 'file' }, items) : [];
  for (const item of placements) {
    if (REFUSED.has(item.outcome)) problems.push({ line: item.line ?? 1, message: item.message });
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    preview: {
      format: parsed.format,
      formatName: parsed.formatName,
      racksAdded: added,
      racksChanged: changed,
      placements,
      problems,
    },
    racks,
    items,
  };
}

/** "line 3: …; line 9: …" for the first problems, and how many more. */
export function problemsText(problems: readonly LayoutImportProblem[], max = 5): string {
  const shown = problems.slice(0, max).map((p) => `line ${p.line}: ${p.message}`);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return `${shown.join('; ')}${more}`;
}

/** The file's racks into the layout (inside the update); refused, nothing applied, while any problem remains. */
export function applyImportRacks(ctx: SiteLayoutContext, csv: string): Result<void> {
  const plan = previewImport(ctx, csv);
  const { problems } = plan.preview;
  if (problems.length > 0) {
    return errWithText(
      'INVALID_INPUT',
      `The site map has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was applied: ${problemsText(problems)}.`,
      message('errors.layout.importProblems', { count: problems.length, problems: problemsText(problems) }),
      { problems },
    );
  }
  ctx.layout.racks = plan.racks;
  syncAreas(ctx.layout);
  return ok(undefined);
}

/** The layout as Minerdeck's slot CSV: every slot of every rack; the device by serial, else MAC, else address. */
export function exportLayoutCsv(ctx: SiteLayoutContext): string {
  const byId = new Map(ctx.devices.map((d) => [d.id, d]));
  const bySlot = new Map(ctx.layout.placements.map((p) => [slotKey(p), p.deviceId]));
  const label = (deviceId: string | undefined): string => {
    const device = deviceId === undefined ? undefined : byId.get(deviceId);
    if (device === undefined) return '';
    return device.identity.serial?.trim() || device.identity.mac || hostOf(device.address);
  };
  const lines = [SLOTS_HEADER.join(',')];
  for (const rack of ctx.layout.racks) {
    for (let shelf = 1; shelf <= rack.shelves; shelf += 1) {
      for (let position = 1; position <= rack.positions; position += 1) {
        const device = bySlot.get(slotKey({ rackId: rack.id, shelf, position }));
        lines.push(csvLine([rack.area, rack.name, shelf, position, label(device)]));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
