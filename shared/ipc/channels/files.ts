/**
 * Files the technician saves from the window: a site export for another
 * technician, and the hand-over report as CSV, JSON, HTML or PDF. Main builds the content itself and asks
 * where to put it with the system's save dialog; the renderer sends only *what* to save, never a path or
 * the bytes, so a compromised page cannot write anything anywhere. Importing needs no channel here: the
 * page reads the file the technician picked (`<input type="file">`) and sends its text to
 * `inventory:import`.
 */
import { z } from 'zod';
import { REPORT_FORMATS } from '../../domain/report';
import { LOCALES } from '../../i18n/locales';

/** The report's own formats, plus PDF printed from its HTML (Electron's `printToPDF`). */
export const SAVE_REPORT_FORMATS = [...REPORT_FORMATS, 'pdf'] as const;
export type SaveReportFormat = (typeof SAVE_REPORT_FORMATS)[number];

const siteRef = z.string().min(1).max(200);

/** Where the file went (shown to the technician), or that they closed the dialog without saving. */
export const savedFileSchema = z.discriminatedUnion('saved', [
  z.object({ saved: z.literal(true), path: z.string(), fileName: z.string() }),
  z.object({ saved: z.literal(false) }),
]);
export type SavedFile = z.infer<typeof savedFileSchema>;

export const filesChannels = {
  'inventory:save-export': {
    input: z.object({ site: siteRef.optional() }).optional(),
    output: savedFileSchema,
  },
  'report:save': {
    input: z.object({
      site: siteRef.optional(),
      format: z.enum(SAVE_REPORT_FORMATS),
      /** Read every device's live state first (default true). */
      check: z.boolean().optional(),
      /** Who hands over, for page 1 and the signature block (else the laptop's user). */
      technician: z.string().max(100).optional(),
      /**
       * The document's language, the customer's (issue 35): the HTML and PDF, and the CSV's headers.
       * English when absent. The report object and its JSON are the same in every language.
       */
      language: z.enum(LOCALES).optional(),
    }),
    output: savedFileSchema,
  },
} as const;
