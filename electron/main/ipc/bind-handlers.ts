/**
 * Binds a contract's handlers to an ipcMain-like object, one `handle` per channel on
 * `REQUEST_PREFIX + channel`. Every call passes three gates before a handler runs, and every outcome is a
 * Result, because Electron keeps only the `message` of an error thrown across IPC:
 * 1. the sender: only our renderer's top frame may call (a stray iframe or another page may not);
 * 2. the input: parsed with the channel's zod schema, INVALID_INPUT naming each problem otherwise;
 * 3. the handler itself: an exception becomes INTERNAL with a safe message; the details go to the log,
 *    never to the renderer (they may carry addresses, paths or worse).
 * The ipcMain-like object is injected so this is unit-tested without Electron.
 */
import type { z } from 'zod';
import type { ContractShape, HandlersOf } from '../../../shared/ipc/contract';
import { REQUEST_PREFIX } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { err } from '../../../shared/result';

/** What the gates read from Electron's IpcMainInvokeEvent. */
export interface RequestEvent {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export type RequestListener = (event: RequestEvent, ...args: unknown[]) => Promise<unknown>;

/** The two methods of `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: RequestListener): void;
  removeHandler(channel: string): void;
}

export interface BindOptions<K extends ContractShape> {
  ipcMain: IpcMainLike;
  contract: K;
  handlers: HandlersOf<K>;
  /** True when a frame at this URL is our renderer (see renderer-target.ts). */
  isTrustedUrl: (url: string) => boolean;
  /** Receives unexpected handler exceptions, for the log. */
  onHandlerError?: (channel: string, error: unknown) => void;
}

/** Binds every channel; returns the function that unbinds them all again. */
export function bindHandlers<K extends ContractShape>(options: BindOptions<K>): () => void {
  const { ipcMain, contract, isTrustedUrl } = options;
  const onHandlerError =
    options.onHandlerError ?? ((channel, error) => console.error(`Handler for ${channel} failed:`, error));
  const bound: string[] = [];

  for (const [channel, { input: schema }] of Object.entries(contract)) {
    const handler = options.handlers[channel] as (input: unknown) => Promise<Result<unknown>>;
    const ipcChannel = REQUEST_PREFIX + channel;

    ipcMain.handle(ipcChannel, async (event, ...args) => {
      if (!isTrustedSender(event, isTrustedUrl)) {
        return err('FORBIDDEN', 'Request refused: it did not come from the Minerdeck window.', {
          reason: 'untrusted-sender',
        });
      }
      if (args.length > 1) {
        return err(
          'INVALID_INPUT',
          `Invalid input for ${channel}: expected one argument, got ${args.length}.`,
        );
      }
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) return invalidInput(channel, parsed.error);
      try {
        return await handler(parsed.data);
      } catch (error) {
        onHandlerError(channel, error);
        return err('INTERNAL', `Minerdeck hit an unexpected error while handling ${channel}; see the log.`);
      }
    });
    bound.push(ipcChannel);
  }

  return () => {
    for (const ipcChannel of bound.splice(0)) ipcMain.removeHandler(ipcChannel);
  };
}

/** A destroyed frame (null) or a subframe is never trusted, whatever its URL. */
function isTrustedSender(event: RequestEvent, isTrustedUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isTrustedUrl(frame.url);
}

/**
 * Lists every issue as `path: message`. zod's messages describe what was expected and what type came
 * in, never the value itself, so a mistyped password is not echoed back.
 */
function invalidInput(channel: string, error: z.ZodError): Result<never> {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return err('INVALID_INPUT', `Invalid input for ${channel}: ${listed}.`, { channel, issues });
}
