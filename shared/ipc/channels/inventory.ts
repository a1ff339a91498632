/**
 * Inventory channels: the site switcher (list, create, rename, subnets, use, delete — delete
 * answers INVALID_INPUT with `detail.confirmationRequired` until it is confirmed), a site's devices with
 * the technician's label and notes, trusting a device's certificate, importing a file's text (a site
 * export to merge, or a CSV of planned devices: the kind is told by the content) and accepting the
 * addresses or pins it proposed for known devices, exporting a site, and
 * generating the hand-over report with its content ready for a save dialog or `printToPDF`, and the
 * site's activity log (every write to its devices, optionally one device's part of it).
 *
 * A `site` input is a site id or name; absent means the current site. Files are read and written by the
 * UI's dialogs (main); these channels carry only their text. Nothing here is secret.
 */
import { z } from 'zod';
import { activityEntrySchema } from '../../domain/commission';
import {
  inventoryDeviceSchema,
  inventoryProblemSchema,
  MAX_IMPORT_BYTES,
  mergeConflictSchema,
  siteSchema,
  siteSummarySchema,
} from '../../domain/inventory';
import { handOverReportSchema, REPORT_FORMATS } from '../../domain/report';
import { LOCALES } from '../../i18n/locales';

const siteRef = z.string().min(1).max(200);
const siteName = z.string().min(1).max(100);
const subnets = z.array(z.string().max(100)).max(256);
const deviceRef = { site: siteRef.optional(), deviceId: z.string().min(1).max(128) };

const mergeCounts = { added: z.number(), unchanged: z.number(), conflicts: z.array(mergeConflictSchema) };

export const importOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('site-json'),
    site: siteSchema,
    siteCreated: z.boolean(),
    merged: z.number(),
    /** Entries of the export's activity log that were new here. */
    activityAdded: z.number().optional(),
    /** What became of the export's acceptance verdicts (core's verdict-exchange.ts). */
    verdicts: z
      .object({ added: z.number(), replaced: z.number(), keptOurs: z.number(), waiting: z.number() })
      .optional(),
    ...mergeCounts,
  }),
  z.object({
    kind: z.literal('targets-csv'),
    site: siteSchema,
    /** Lines skipped or cells ignored, each naming its line. */
    warnings: z.array(z.string()),
    updated: z.number(),
    ...mergeCounts,
  }),
]);

export const inventoryChannels = {
  'sites:list': {
    input: z.void(),
    output: z.object({
      sites: z.array(siteSummarySchema),
      currentSiteId: z.string().nullable(),
      /** A corrupt inventory file kept aside, an upgrade: shown to the technician. */
      problems: z.array(inventoryProblemSchema),
    }),
  },
  'sites:create': {
    input: z.object({ name: siteName, subnets: subnets.optional(), use: z.boolean().optional() }),
    output: siteSchema,
  },
  'sites:rename': { input: z.object({ site: siteRef, name: siteName }), output: siteSchema },
  'sites:set-subnets': { input: z.object({ site: siteRef, subnets }), output: siteSchema },
  'sites:use': { input: z.object({ site: siteRef }), output: siteSchema },
  'sites:delete': {
    input: z.object({ site: siteRef, confirm: z.boolean().optional() }),
    output: z.object({ site: siteSchema, devicesRemoved: z.number() }),
  },
  'inventory:devices': {
    input: z.object({ site: siteRef.optional() }).optional(),
    output: z.object({ site: siteSchema, devices: z.array(inventoryDeviceSchema) }),
  },
  'inventory:edit-device': {
    input: z.object({
      ...deviceRef,
      label: z.string().max(200).optional(),
      notes: z.string().max(10_000).optional(),
    }),
    output: inventoryDeviceSchema,
  },
  'inventory:remove-device': { input: z.object(deviceRef), output: inventoryDeviceSchema },
  'inventory:trust-certificate': {
    input: z.object({ ...deviceRef, fingerprint: z.string().min(1).max(200) }),
    output: inventoryDeviceSchema,
  },
  'inventory:import': {
    input: z.object({ text: z.string().max(MAX_IMPORT_BYTES), into: siteRef.optional() }),
    output: importOutcomeSchema,
  },
  /**
   * Accepts what an import proposed for a known device (a conflict with `pending`): its address, its
   * certificate pin, or both when `field` is absent. The value is the one the import filed in the
   * inventory, never one the window sends.
   */
  'inventory:accept-import': {
    input: z.object({ ...deviceRef, field: z.enum(['address', 'tlsPin']).optional() }),
    output: z.object({
      accepted: z.array(
        z.object({
          deviceId: z.string(),
          field: z.enum(['address', 'tlsPin']),
          value: z.string(),
          /** Empty when there was none (no pin, or a device the site did not have). */
          previous: z.string(),
        }),
      ),
    }),
  },
  'inventory:export': {
    input: z.object({ site: siteRef.optional() }).optional(),
    output: z.object({
      fileName: z.string(),
      content: z.string(),
      siteName: z.string(),
      devices: z.number(),
    }),
  },
  /** The site's activity log, oldest first; with `deviceId`, the entries that touched it (only its line). */
  'sites:activity': {
    input: z
      .strictObject({ site: siteRef.optional(), deviceId: z.string().min(1).max(128).optional() })
      .optional(),
    /** `summary`: summarizeActivity's line, made here (the renderer ships no zod, the module's home). */
    output: z.array(activityEntrySchema.extend({ summary: z.string() })),
  },
  'report:generate': {
    input: z.object({
      site: siteRef.optional(),
      format: z.enum(REPORT_FORMATS),
      /** Read every device's live state first (default true where the app can). */
      check: z.boolean().optional(),
      /** Who hands over, for page 1 and the signature block (else the laptop's user). */
      technician: z.string().max(100).optional(),
      /**
       * The document's language, the customer's (issue 35): the HTML and PDF, and the CSV's headers.
       * English when absent. The report object and its JSON are the same in every language.
       */
      language: z.enum(LOCALES).optional(),
    }),
    output: z.object({
      report: handOverReportSchema,
      fileName: z.string(),
      mimeType: z.string(),
      content: z.string(),
    }),
  },
} as const;
