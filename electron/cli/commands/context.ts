/** What every command gets: where to print, where secrets come from, and a signal Ctrl-C aborts. */
import type { Result } from '../../../shared/result';
import type { Keychain } from '../../core/credentials/open-keychain';
import type { DeviceClient, DeviceClientOptions } from '../../core/device/client';
import type { Output } from '../output';
import type { SecretSource } from '../secret-input';

/** Where a progress bar is drawn (stderr); only a terminal gets one (`isTTY`). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface CliContext {
  output: Output;
  secrets: SecretSource;
  signal: AbortSignal;
  createClient: (options: DeviceClientOptions) => DeviceClient;
  /** Live progress (scan); absent when nobody watches. */
  progress?: ProgressStream;
  /** Probes the OS keychain; falls back to a session-only memory store (see open-keychain.ts). */
  openKeychain: () => Promise<Keychain>;
  /** The laptop's host name, for API-key descriptions. */
  hostname: string;
  /** Puts text on the system clipboard, or says why there is none. */
  copyToClipboard: (text: string) => Promise<Result<{ tool: string }>>;
  /**
   * The data folder (inventory): `--data-dir` when given (taken out of argv by `runCli` for every
   * command), else the app's own folder set by the entry point; see `dataDirOf` in commands/inventory-context.ts.
   */
  dataDir?: string;
  /**
   * Loads what a command needs before it runs (the process entry loads the device client here), so
   * `help` and a mistyped command never pay for it. `createClient` works once this has resolved.
   */
  prepare?: () => Promise<void>;
}
