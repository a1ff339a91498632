/**
 * What core needs from the desktop it runs on, behind a small interface so core never imports Electron:
 * the clipboard (an API key handed to the customer goes there, never to the renderer) and the system
 * browser (a device's own web page). Electron main implements it with `clipboard` and `shell`; the
 * browser test harness with recording fakes.
 */
import type { Result } from '../../shared/result';

export interface SystemGlue {
  /** Puts `text` on the system clipboard; `where` names it for the message ("the clipboard"). */
  copyText(text: string): Promise<Result<{ where: string }>>;
  /** Opens an http(s) URL in the system browser; implementations refuse anything else. */
  openExternal(url: string): Promise<Result<void>>;
}
