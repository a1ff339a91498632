/**
 * Core's save dialog and PDF printing on Electron (SystemGlue.saveFile / htmlToPdf). The path a file is
 * written to comes from `dialog.showSaveDialog` in main and nowhere else; the renderer cannot name one.
 * PDF: the report's HTML is written to a private temporary folder and loaded in a hidden window with
 * JavaScript off, no preload and the app's secure preferences, then `webContents.printToPDF` prints it
 * (a file rather than a data: URL, which Chromium caps at 2 MB — a large site's report is more).
 * Electron's objects are injected so this is unit-tested without Electron.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../shared/result';
import { message } from '../../shared/i18n/message';
import { errWithText, ok } from '../../shared/result';
import { writeFileAtomic } from '../core/inventory/atomic-file';
import type {
  ChooseFileOutcome,
  ChooseFileRequest,
  SaveFileOutcome,
  SaveFileRequest,
  SystemGlue,
} from '../core/shell/system-glue';

export interface SaveDialogOptions {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}

/** The part of a hidden BrowserWindow printing needs. */
export interface PrintWindow {
  loadFile(path: string): Promise<void>;
  webContents: {
    printToPDF(options: {
      landscape: boolean;
      pageSize: 'A4';
      printBackground: boolean;
      preferCSSPageSize: boolean;
    }): Promise<Uint8Array>;
  };
  destroy(): void;
}

export interface FileGlueDeps {
  /** `dialog.showSaveDialog(mainWindow, options)`. */
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  /** Where the dialog starts (`app.getPath('documents')`). */
  documentsDir(): string;
  /** A hidden window for printing (see index.ts for its preferences). */
  createPrintWindow(): PrintWindow;
  /** Default: atomic write (temp file, fsync, rename), as every file Minerdeck writes. */
  write?(path: string, content: string | Uint8Array): Promise<void>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createFileGlue(deps: FileGlueDeps): Required<Pick<SystemGlue, 'saveFile' | 'htmlToPdf'>> {
  const write = deps.write ?? writeFileAtomic;
  return {
    async saveFile(request: SaveFileRequest): Promise<Result<SaveFileOutcome>> {
      // A suggested name only: anything that looks like a folder is dropped before the dialog sees it.
      const name = request.defaultName.replace(/^.*[/\\]/, '');
      const chosen = await deps.showSaveDialog({
        title: request.title,
        defaultPath: join(deps.documentsDir(), name),
        filters: request.filters,
      });
      if (chosen.canceled || chosen.filePath === undefined || chosen.filePath === '') return ok(null);
      try {
        await write(chosen.filePath, request.content);
        return ok({ path: chosen.filePath });
      } catch (error) {
        return errWithText(
          'INTERNAL',
          `The file could not be written to ${chosen.filePath}: ${messageOf(error)}.`,
          message('errors.files.notWritten', { path: chosen.filePath, why: messageOf(error) }),
        );
      }
    },
    async htmlToPdf(html: string): Promise<Result<Uint8Array>> {
      const dir = await mkdtemp(join(tmpdir(), 'minerdeck-print-'));
      const window = deps.createPrintWindow();
      try {
        const page = join(dir, 'report.html');
        await writeFile(page, html, { mode: 0o600 });
        await window.loadFile(page);
        const pdf = await window.webContents.printToPDF({
          landscape: true,
          pageSize: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
        });
        return ok(pdf);
      } catch (error) {
        return errWithText(
          'INTERNAL',
          `The PDF could not be made: ${messageOf(error)}.`,
          message('errors.files.pdfFailed', { why: messageOf(error) }),
        );
      } finally {
        window.destroy();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface OpenDialogOptions {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  properties: ['openFile'];
}

/**
 * Core's open dialog on Electron (SystemGlue.chooseFile: a firmware image). One existing file, chosen in
 * `dialog.showOpenDialog` in main; the renderer cannot name one.
 */
export function createOpenFileGlue(deps: {
  /** `dialog.showOpenDialog(mainWindow, options)`. */
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** Where the dialog starts (`app.getPath('downloads')`: images are usually downloaded). */
  startDir(): string;
}): Required<Pick<SystemGlue, 'chooseFile'>> {
  return {
    async chooseFile(request: ChooseFileRequest): Promise<Result<ChooseFileOutcome>> {
      try {
        const chosen = await deps.showOpenDialog({
          title: request.title,
          defaultPath: deps.startDir(),
          filters: request.filters,
          properties: ['openFile'],
        });
        const path = chosen.filePaths[0];
        return chosen.canceled || path === undefined || path === '' ? ok(null) : ok({ path });
      } catch (error) {
        return errWithText(
          'INTERNAL',
          `The file dialog could not be opened: ${messageOf(error)}.`,
          message('errors.files.dialogFailed', { why: messageOf(error) }),
        );
      }
    },
  };
}
