/**
 * The site's layout and where each device stands (issue 34; docs/placement.md): areas → racks → slots,
 * placements, the devices' own `location` notes. Every channel works on the current site unless `siteId`
 * names another. Placing previews first (`layout:place-preview`: nothing written, nothing kept), then
 * `layout:place` keeps the placements the user confirmed and writes each placed device's `location` note
 * (sent once, read back, one activity entry per request). A layout change is told as `layout:changed`.
 */
import { z } from 'zod';
import {
  labelMatchSchema,
  layoutImportPreviewSchema,
  layoutNameSchema,
  MAX_RACK_POSITIONS,
  MAX_RACK_SHELVES,
  placeItemSchema,
  placePreviewItemSchema,
  placeResultItemSchema,
  siteLayoutSchema,
  slotRefSchema,
} from '../../domain/layout';
import { SITE_ID_PATTERN } from '../../domain/inventory';

const siteId = z.string().regex(SITE_ID_PATTERN).optional();
const deviceId = z.string().min(1).max(128);
/** A site map CSV as text: far above 20,000 slot rows. */
const csvText = z.string().max(8 * 1024 * 1024);
const items = z.array(placeItemSchema).min(1).max(20_000);

export const layoutViewSchema = z.object({
  layout: siteLayoutSchema,
  siteName: z.string(),
  /** The site's devices that stand in no slot, in the fleet's order (the walk's next one first). */
  unplaced: z.array(deviceId),
});
export type LayoutView = z.infer<typeof layoutViewSchema>;

export const rackDraftSchema = z.strictObject({
  /** Absent: a new rack. Present: that rack edited (renamed, moved to another area, resized). */
  id: z.string().min(1).max(64).optional(),
  area: layoutNameSchema,
  name: layoutNameSchema,
  shelves: z.number().int().min(1).max(MAX_RACK_SHELVES),
  positions: z.number().int().min(1).max(MAX_RACK_POSITIONS),
});
export type RackDraft = z.infer<typeof rackDraftSchema>;

export const placeOutputSchema = z.object({
  results: z.array(placeResultItemSchema),
  /** "placed 48 of 50 devices; location written on 47, kept here only on 1 (no notes API)". */
  summary: z.string(),
  activityError: z.string().optional(),
});
export type PlaceOutput = z.infer<typeof placeOutputSchema>;

export const layoutChannels = {
  'layout:get': { input: z.strictObject({ siteId }), output: layoutViewSchema },
  /** Adds or edits a rack. Refused in words: a name taken in its area, a resize that leaves a device out. */
  'layout:save-rack': { input: z.strictObject({ siteId, rack: rackDraftSchema }), output: layoutViewSchema },
  /** Removes an empty rack (one that holds a device is refused, naming it). */
  'layout:remove-rack': {
    input: z.strictObject({ siteId, rackId: z.string().min(1).max(64) }),
    output: layoutViewSchema,
  },
  /** The site's slot pattern (`shared/format/slot-name.ts`); a pattern that would name two slots alike is refused. */
  'layout:set-pattern': {
    input: z.strictObject({ siteId, pattern: z.string().min(1).max(80) }),
    output: layoutViewSchema,
  },
  /** Reads a site map CSV: what it would add, resize and place, and every problem by line. Nothing kept. */
  'layout:import-preview': {
    input: z.strictObject({ siteId, csv: csvText }),
    output: layoutImportPreviewSchema,
  },
  /** Applies a site map CSV with no problems: racks, then its placements as `layout:place` would. */
  'layout:import': {
    input: z.strictObject({ siteId, csv: csvText, acceptMoves: z.boolean() }),
    output: z.object({ view: layoutViewSchema, placed: placeOutputSchema }),
  },
  /** The site's layout as Minerdeck's slot CSV (`area,rack,shelf,position,device`; racks without devices as rows per rack). */
  'layout:export': { input: z.strictObject({ siteId }), output: z.object({ csv: z.string() }) },
  /** What one scanned or typed label is in this site: a device (by MAC, serial, address, id), a slot, or nothing. */
  'layout:match-label': {
    input: z.strictObject({ siteId, label: z.string().trim().min(1).max(200) }),
    output: labelMatchSchema,
  },
  /** What placing these would do. Nothing kept, nothing sent. */
  'layout:place-preview': {
    input: z.strictObject({ siteId, items }),
    output: z.array(placePreviewItemSchema),
  },
  /**
   * Keeps the placements whose outcome is `place`, or `move`/`occupied` when `acceptMoves` (the user said
   * yes), and writes each placed device's `location` note. Refused items come back with `placed: false`.
   */
  'layout:place': {
    input: z.strictObject({ siteId, items, acceptMoves: z.boolean() }),
    output: placeOutputSchema,
  },
  /** Takes these devices out of their slots (their `location` notes are deleted where Minerdeck wrote them). */
  'layout:unplace': {
    input: z.strictObject({ siteId, deviceIds: z.array(deviceId).min(1).max(20_000) }),
    output: placeOutputSchema,
  },
  /** Reads these devices' `location` notes now (the layout keeps what was read). */
  'layout:read-notes': {
    input: z.strictObject({ siteId, deviceIds: z.array(deviceId).min(1).max(20_000) }),
    output: layoutViewSchema,
  },
  /** Places a device where its own note says, when that slot is in this site and free. */
  'layout:adopt-note': { input: z.strictObject({ siteId, deviceId }), output: placeOutputSchema },
  /** The slot by reference, for a click on the map (`slotRefSchema`): its name in this site. */
  'layout:slot-name': {
    input: z.strictObject({ siteId, slot: slotRefSchema }),
    output: z.object({ name: z.string() }),
  },
} as const;
