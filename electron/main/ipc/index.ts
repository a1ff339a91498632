/**
 * The only module that touches Electron's `ipcMain` (an ESLint rule keeps it that way). It binds the
 * contract's handlers with the checks of bind-handlers.ts; everything else about IPC is testable without
 * Electron.
 */
import { ipcMain } from 'electron';
import type { Handlers } from '../../../shared/ipc/contract';
import { contract } from '../../../shared/ipc/contract';
import { bindHandlers } from './bind-handlers';

export { forwardEvents } from './forward-events';

export interface IpcMainOptions {
  handlers: Handlers;
  isTrustedUrl: (url: string) => boolean;
  onHandlerError?: (channel: string, error: unknown) => void;
}

/** Binds every contract channel on the real ipcMain; returns the unbind function for shutdown. */
export function bindIpcMain(options: IpcMainOptions): () => void {
  return bindHandlers({ ...options, ipcMain, contract });
}
