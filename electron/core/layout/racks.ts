/**
 * Racks of a site's layout, added, edited (renamed, moved to another area, resized) and removed, with the
 * refusals a technician reads: a name taken in its area, a resize that would leave a placed device outside
 * the grid, removing a rack that holds a device — each naming what is in the way. Pure functions over a
 * layout draft (inside the inventory's update); the site's areas follow its racks, in first-seen order.
 */
import type { MessageValue } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { randomBytes } from 'node:crypto';
import type { Rack, SiteLayout } from '../../../shared/domain/layout';
import { MAX_RACKS_PER_SITE } from '../../../shared/domain/layout';
import type { RackDraft } from '../../../shared/ipc/channels/layout';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { patternProblem } from './slot-index';

/** How a device is named in a refusal: its address, as the fleet shows it. */
export type DeviceNamer = (deviceId: string) => string;

export const newRackId = (): string => `rack-${randomBytes(6).toString('hex')}`;

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export const findRackByName = (layout: SiteLayout, area: string, name: string): Rack | undefined =>
  layout.racks.find((rack) => sameName(rack.area, area) && sameName(rack.name, name));

/** "10.0.0.41, 10.0.0.42 and 3 more" */
export function namedList(names: readonly string[], max = 3): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/** `namedList` for the window (issue 35): the names with the catalog's own "and". */
export function namedListText(names: readonly string[], max = 3): MessageValue {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (more > 0) return message('errors.layout.namesMore', { names: shown.join(', '), more });
  if (shown.length <= 1) return shown[0] ?? '';
  return message('errors.layout.namesAnd', {
    names: shown.slice(0, -1).join(', '),
    last: shown.at(-1) ?? '',
  });
}

/** The areas in the order the site lists them, keeping only those a rack stands in. */
export function syncAreas(layout: SiteLayout): void {
  const used = layout.racks.map((rack) => rack.area);
  const areas = [...layout.areas, ...used].filter((area) => used.includes(area));
  layout.areas = [...new Set(areas)];
}

function outsideDevices(layout: SiteLayout, rack: Rack, draft: RackDraft, name: DeviceNamer): string[] {
  return layout.placements
    .filter((p) => p.rackId === rack.id && (p.shelf > draft.shelves || p.position > draft.positions))
    .map((p) => `${name(p.deviceId)} (shelf ${p.shelf} position ${p.position})`);
}

/** Adds a rack (no `id`) or edits one; answers the rack as kept. */
export function saveRack(layout: SiteLayout, draft: RackDraft, name: DeviceNamer): Result<Rack> {
  const area = draft.area.trim();
  const rackName = draft.name.trim();
  const existing = draft.id === undefined ? undefined : layout.racks.find((r) => r.id === draft.id);
  if (draft.id !== undefined && existing === undefined) {
    return errWithText(
      'NOT_FOUND',
      'That rack is no longer in the layout: it was removed meanwhile.',
      message('errors.layout.rackRemoved'),
    );
  }
  const taken = findRackByName(layout, area, rackName);
  if (taken !== undefined && taken !== existing) {
    return errWithText(
      'INVALID_INPUT',
      `Area ${area} already has a rack named ${taken.name}.`,
      message('errors.layout.rackNameTaken', { area, rack: taken.name }),
    );
  }
  if (existing === undefined && layout.racks.length >= MAX_RACKS_PER_SITE) {
    return errWithText(
      'INVALID_INPUT',
      `A site holds at most ${MAX_RACKS_PER_SITE} racks.`,
      message('errors.layout.tooManyRacks', { max: MAX_RACKS_PER_SITE }),
    );
  }
  const rack: Rack = {
    id: existing?.id ?? newRackId(),
    area,
    name: rackName,
    shelves: draft.shelves,
    positions: draft.positions,
  };
  if (existing !== undefined) {
    const outside = outsideDevices(layout, existing, draft, name);
    if (outside.length > 0) {
      return errWithText(
        'INVALID_INPUT',
        `Rack ${existing.name} cannot shrink to ${draft.shelves} × ${draft.positions}: ${namedList(outside)} would be left outside. Move ${outside.length === 1 ? 'it' : 'them'} first.`,
        message('errors.layout.rackShrinkOutside', {
          rack: existing.name,
          shelves: draft.shelves,
          positions: draft.positions,
          devices: namedListText(outside),
          count: outside.length,
        }),
      );
    }
  }
  const racks =
    existing === undefined ? [...layout.racks, rack] : layout.racks.map((r) => (r === existing ? rack : r));
  const problem = patternProblem(layout.slotPattern, racks);
  if (problem !== undefined)
    return errWithText(
      'INVALID_INPUT',
      `Rack ${rackName} cannot be kept: ${problem}.`,
      message('errors.layout.rackNotKept', { rack: rackName, problem }),
    );
  layout.racks = racks;
  syncAreas(layout);
  return ok(rack);
}

/** Removes an empty rack; one that holds a device is refused, naming it. */
export function removeRack(layout: SiteLayout, rackId: string, name: DeviceNamer): Result<Rack> {
  const rack = layout.racks.find((r) => r.id === rackId);
  if (rack === undefined)
    return errWithText(
      'NOT_FOUND',
      'That rack is no longer in the layout.',
      message('errors.layout.rackGone'),
    );
  const held = layout.placements.filter((p) => p.rackId === rackId).map((p) => name(p.deviceId));
  if (held.length > 0) {
    return errWithText(
      'INVALID_INPUT',
      `Rack ${rack.name} holds ${namedList(held)}: take ${held.length === 1 ? 'it' : 'them'} out before removing the rack.`,
      message('errors.layout.rackHolds', {
        rack: rack.name,
        devices: namedListText(held),
        count: held.length,
      }),
    );
  }
  layout.racks = layout.racks.filter((r) => r !== rack);
  syncAreas(layout);
  return ok(rack);
}
