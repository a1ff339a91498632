/**
 * What core needs from the desktop it runs on, behind a small interface so core never imports Electron:
 * the clipboard (an API key handed to the customer goes there, never to the renderer), the system
 * browser (a device's own web page), the save dialog and PDF printing (exports and reports), the open
 * dialog (a firmware image). Electron main implements it with `clipboard`, `shell`, `dialog` and
 * `printToPDF`; the browser test harness with recording fakes.
 */
import type { Result } from '../../../shared/result';

export interface SaveFileRequest {
  /** The dialog's title: what is being saved. */
  title: string;
  /** A file name only (no folder): the dialog starts in the user's documents folder. */
  defaultName: string;
  filters: { name: string; extensions: string[] }[];
  content: string | Uint8Array;
}

/** Where the file was written, or `null` when the technician closed the dialog without saving. */
export type SaveFileOutcome = { path: string } | null;

export interface ChooseFileRequest {
  /** The dialog's title: what is being chosen. */
  title: string;
  filters: { name: string; extensions: string[] }[];
}

/** The file the technician chose, or `null` when the dialog was closed without one. */
export type ChooseFileOutcome = { path: string } | null;

export interface SystemGlue {
  /** Puts `text` on the system clipboard; `where` names it for the message ("the clipboard"). */
  copyText(text: string): Promise<Result<{ where: string }>>;
  /** Opens an http(s) URL in the system browser; implementations refuse anything else. */
  openExternal(url: string): Promise<Result<void>>;
  /**
   * Asks the technician where to save, with the system's save dialog, and writes the content there. The
   * path comes from the dialog alone: callers give a suggested name, never a destination.
   */
  saveFile?(request: SaveFileRequest): Promise<Result<SaveFileOutcome>>;
  /**
   * Asks the technician for a file to read (a firmware image) with the system's open dialog. The path
   * comes from the dialog alone: the window never names one.
   */
  chooseFile?(request: ChooseFileRequest): Promise<Result<ChooseFileOutcome>>;
  /** Prints a self-contained HTML page (the report) to PDF, A4 landscape. */
  htmlToPdf?(html: string): Promise<Result<Uint8Array>>;
  /**
   * Opens a local folder in the system's file manager. Core passes only its own data folder, never a path
   * from the renderer.
   */
  openPath?(path: string): Promise<Result<void>>;
}
