/**
 * Saving a site export or the hand-over report from the window (shared/ipc/channels/files.ts). Main
 * makes the content — the same functions as `minerdeck export` and `minerdeck report` — and the shell's
 * save dialog (SystemGlue.saveFile) chooses the path; PDF is the report's HTML printed by the shell.
 */
import { basename } from 'node:path';
import type { ReportFormat } from '../../../shared/domain/report';
import type { SavedFile, SaveReportFormat } from '../../../shared/ipc/channels/files';
import type { Handlers } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import type { InventoryServices } from '../inventory/inventory-services';
import { renderReport } from '../report/render-report';
import type { ReportService } from '../report/report-service';
import type { SaveFileOutcome, SaveFileRequest, SystemGlue } from '../shell/system-glue';

type FilesHandlers = Pick<Handlers, 'inventory:save-export' | 'report:save'>;

const FILTERS: Record<SaveReportFormat, SaveFileRequest['filters'][number]> = {
  csv: { name: 'Spreadsheet (CSV)', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
  html: { name: 'Web page (HTML)', extensions: ['html'] },
  pdf: { name: 'PDF document', extensions: ['pdf'] },
};

const savedOf = (outcome: Result<SaveFileOutcome>): Result<SavedFile> => {
  if (!outcome.ok) return outcome;
  return ok(
    outcome.value === null
      ? { saved: false }
      : { saved: true, path: outcome.value.path, fileName: basename(outcome.value.path) },
  );
};

export interface FilesChannelServices {
  inventory: Pick<InventoryServices, 'exportSite'>;
  report: ReportService;
  system: SystemGlue;
}

export function filesHandlers(s: FilesChannelServices): FilesHandlers {
  const { inventory, report, system } = s;
  const save = (request: SaveFileRequest): Promise<Result<SaveFileOutcome>> =>
    system.saveFile === undefined
      ? Promise.resolve(
          errWithText(
            'INTERNAL',
            'Saving files is not available in this window.',
            message('errors.files.saveUnavailable'),
          ),
        )
      : system.saveFile(request);

  return {
    'inventory:save-export': async (input) => {
      const exported = await inventory.exportSite(input?.site);
      if (!exported.ok) return exported;
      const { fileName, content } = exported.value;
      return savedOf(
        await save({
          title: 'Export the site for another technician',
          defaultName: fileName,
          filters: [{ name: 'Minerdeck site export (JSON)', extensions: ['json'] }],
          content,
        }),
      );
    },
    'report:save': async ({ site, format, check, technician, language }) => {
      if (format === 'pdf' && system.htmlToPdf === undefined) {
        return errWithText(
          'INTERNAL',
          'PDF needs the desktop app: save the HTML report and print it instead.',
          message('errors.files.pdfNeedsDesktop'),
        );
      }
      const made = await report.report({
        ...(site !== undefined ? { site } : {}),
        ...(check !== undefined ? { check } : {}),
        ...(technician !== undefined ? { technician } : {}),
      });
      if (!made.ok) return made;
      const rendered = renderReport(
        made.value,
        format === 'pdf' ? 'html' : (format satisfies ReportFormat),
        language,
      );
      let content: string | Uint8Array = rendered.content;
      let defaultName = rendered.fileName;
      if (format === 'pdf' && system.htmlToPdf !== undefined) {
        const pdf = await system.htmlToPdf(rendered.content);
        if (!pdf.ok) return pdf;
        content = pdf.value;
        defaultName = defaultName.replace(/\.html$/, '.pdf');
      }
      return savedOf(
        await save({ title: 'Save the hand-over report', defaultName, filters: [FILTERS[format]], content }),
      );
    },
  };
}
