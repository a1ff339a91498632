/**
 * A site is a place (issue 34): areas (a container, a room, a row) → racks → slots, each rack a grid of
 * shelves × positions, and which device stands in which slot. Kept per site in the inventory (schema
 * version 6); exported and merged with the site. The slot's name comes from the site's pattern
 * (`shared/format/slot-name.ts`, zod-free for the window). Nothing here is secret.
 *
 * A device's location is also written on the device itself, in its firmware's notes (`location` key,
 * value `<site name> / <slot name>`): `locationNoteSchema` is what was last read there.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { isoTimeSchema, SITE_ID_PATTERN } from './inventory';

/** Areas and racks as technicians name them: printable, no `/` (it separates site and slot in a note), no comma. */
export const LAYOUT_NAME_PATTERN = /^[^\s/\\,"\p{Cc}][^/\\,"\p{Cc}]{0,39}$/u;
export const layoutNameSchema = z
  .string()
  .trim()
  .regex(LAYOUT_NAME_PATTERN, 'a name of 1–40 characters without / \\ , or "');

/** Shelves and positions of one rack: far above any real rack, low enough to refuse a typo. */
export const MAX_RACK_SHELVES = 64;
export const MAX_RACK_POSITIONS = 64;
export const MAX_RACKS_PER_SITE = 2_000;
export const MAX_PLACEMENTS_PER_SITE = 20_000;

export const rackSchema = z.object({
  /** Stable across renames (`rack-` + a random suffix); placements refer to it. */
  id: z.string().min(1).max(64),
  area: layoutNameSchema,
  name: layoutNameSchema,
  /** Shelves counted from 1 at the top. */
  shelves: z.number().int().min(1).max(MAX_RACK_SHELVES),
  /** Positions counted from 1 at the left. */
  positions: z.number().int().min(1).max(MAX_RACK_POSITIONS),
});
export type Rack = z.infer<typeof rackSchema>;

/** One slot of a rack; `shelf`/`position` within the rack's grid. */
export const slotRefSchema = z.object({
  rackId: z.string().min(1).max(64),
  shelf: z.number().int().min(1).max(MAX_RACK_SHELVES),
  position: z.number().int().min(1).max(MAX_RACK_POSITIONS),
});
export type SlotRef = z.infer<typeof slotRefSchema>;

/** A device in a slot: one slot per device, one device per slot (the layout's checks refuse others). */
export const placementSchema = slotRefSchema.extend({
  deviceId: z.string().min(1).max(128),
  placedAt: isoTimeSchema,
});
export type Placement = z.infer<typeof placementSchema>;

/**
 * What the device's own `location` note said when last read: `absent` (notes API, no such key),
 * `unsupported` (the firmware has no notes API: the place is kept in the inventory only), `unreadable`
 * (the read failed: offline, refused), or the note's text.
 */
export const LOCATION_NOTE_STATES = ['present', 'absent', 'unsupported', 'unreadable'] as const;
export const locationNoteSchema = z.object({
  deviceId: z.string().min(1).max(128),
  state: z.enum(LOCATION_NOTE_STATES),
  /** The note's text as read (printable, ≤ 200), when `present`. */
  value: z.string().max(200).optional(),
  readAt: isoTimeSchema,
});
export type LocationNote = z.infer<typeof locationNoteSchema>;

/** `{area}-{rack}-S{shelf}-P{position}` unless the site sets another (`slot-name.ts` checks a pattern). */
export const DEFAULT_SLOT_PATTERN = '{area}-{rack}-S{shelf}-P{position}';

export const siteLayoutSchema = z.object({
  siteId: z.string().regex(SITE_ID_PATTERN),
  slotPattern: z.string().min(1).max(80),
  /** Areas in the order the site lists them (a rack's area is one of these). */
  areas: z.array(layoutNameSchema).max(MAX_RACKS_PER_SITE),
  racks: z.array(rackSchema).max(MAX_RACKS_PER_SITE),
  placements: z.array(placementSchema).max(MAX_PLACEMENTS_PER_SITE),
  /** The last read of each device's `location` note (scan, unlock, the monitor's first read, a placing). */
  notes: z.array(locationNoteSchema).max(MAX_PLACEMENTS_PER_SITE),
  updatedAt: isoTimeSchema,
});
export type SiteLayout = z.infer<typeof siteLayoutSchema>;

export const emptySiteLayout = (siteId: string, now: string): SiteLayout => ({
  siteId,
  slotPattern: DEFAULT_SLOT_PATTERN,
  areas: [],
  racks: [],
  placements: [],
  notes: [],
  updatedAt: now,
});

/**
 * One asked placement, as typed, scanned or read from a CSV row: the device by any of its labels (address,
 * MAC in any common form, serial, device id), the slot by its name or by reference (a click on the map).
 */
export const placeItemSchema = z.object({
  device: z.string().trim().min(1).max(200),
  slot: z.union([z.string().trim().min(1).max(120), slotRefSchema]),
});
export type PlaceItem = z.infer<typeof placeItemSchema>;

/**
 * What a placement would do, before anything is written (the preview) — each refused or asked about in
 * words, nothing placed silently:
 * - `place`: an empty slot, an unplaced device;
 * - `already-there`: nothing to do;
 * - `move`: the device leaves `from` for this slot (asked);
 * - `occupied`: the slot holds `occupant` (asked: *this slot holds 10.0.0.41 — move it here?*); placing
 *   unplaces the occupant;
 * - `unknown-device`, `ambiguous-device` (`candidates`), `not-in-site` (known in another site),
 *   `unknown-slot`, `duplicate` (the same device or slot twice in one request): refused.
 */
export const PLACE_OUTCOMES = [
  'place',
  'already-there',
  'move',
  'occupied',
  'unknown-device',
  'ambiguous-device',
  'not-in-site',
  'unknown-slot',
  'duplicate',
] as const;
export type PlaceOutcome = (typeof PLACE_OUTCOMES)[number];

export const placePreviewItemSchema = z.object({
  /** The request's index (the CSV's line number is `line`). */
  index: z.number().int().min(0),
  line: z.number().int().min(1).optional(),
  device: z.string(),
  slot: z.string(),
  outcome: z.enum(PLACE_OUTCOMES),
  deviceId: z.string().optional(),
  address: z.string().optional(),
  slotRef: slotRefSchema.optional(),
  /** The slot's name, when the slot is known. */
  slotName: z.string().optional(),
  /** The slot the device leaves (`move`). */
  from: z.string().optional(),
  /** The device that stands in the slot now (`occupied`). */
  occupant: z.object({ deviceId: z.string(), address: z.string() }).optional(),
  /** `ambiguous-device`: the devices the label matches. */
  candidates: z.array(z.object({ deviceId: z.string(), address: z.string() })).optional(),
  /** The words the window and the CLI show. */
  message: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
});
export type PlacePreviewItem = z.infer<typeof placePreviewItemSchema>;

/** What happened to the device's own `location` note once placed (or unplaced). */
export const NOTE_WRITE_OUTCOMES = ['written', 'unchanged', 'unsupported', 'failed', 'not-sent'] as const;
export type NoteWriteOutcome = (typeof NOTE_WRITE_OUTCOMES)[number];

export const placeResultItemSchema = placePreviewItemSchema.extend({
  /** Kept in the inventory. */
  placed: z.boolean(),
  note: z.enum(NOTE_WRITE_OUTCOMES),
  /** Why the note was not written or not read back as sent. */
  noteMessage: z.string().optional(),
  noteText: messageRefSchema.optional(),
});
export type PlaceResultItem = z.infer<typeof placeResultItemSchema>;

/** What one label (scanned or typed) is in this site: a device, a slot, several devices, or nothing. */
export const labelMatchSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('device'),
    deviceId: z.string(),
    address: z.string(),
    slotName: z.string().optional(),
  }),
  z.object({
    kind: z.literal('slot'),
    slotRef: slotRefSchema,
    slotName: z.string(),
    occupant: z.string().optional(),
  }),
  z.object({
    kind: z.literal('ambiguous'),
    candidates: z.array(z.object({ deviceId: z.string(), address: z.string() })),
  }),
  z.object({ kind: z.literal('not-in-site'), siteName: z.string() }),
  z.object({ kind: z.literal('unknown') }),
]);
export type LabelMatch = z.infer<typeof labelMatchSchema>;

/** One problem of an imported site map, by line: nothing of the file is applied while any remains. */
export const layoutImportProblemSchema = z.object({ line: z.number().int().min(1), message: z.string() });
export type LayoutImportProblem = z.infer<typeof layoutImportProblemSchema>;

/** Which columns a site-map CSV was read as: Minerdeck's own two shapes, or another tool's known export. */
export const LAYOUT_CSV_FORMATS = ['minerdeck-racks', 'minerdeck-slots', 'foreign'] as const;

export const layoutImportPreviewSchema = z.object({
  format: z.enum(LAYOUT_CSV_FORMATS),
  /** For `foreign`: which tool's columns were recognised, in words. */
  formatName: z.string(),
  racksAdded: z.array(rackSchema),
  /** Racks the file resizes (never below a placed device). */
  racksChanged: z.array(z.object({ before: rackSchema, after: rackSchema })),
  placements: z.array(placePreviewItemSchema),
  problems: z.array(layoutImportProblemSchema),
});
export type LayoutImportPreview = z.infer<typeof layoutImportPreviewSchema>;
