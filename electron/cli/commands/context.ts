/** What every command gets: where to print, where secrets come from, and a signal Ctrl-C aborts. */
import type { DeviceClient, DeviceClientOptions } from '../../core/device/client';
import type { Output } from '../output';
import type { SecretSource } from '../secret-input';

export interface CliContext {
  output: Output;
  secrets: SecretSource;
  signal: AbortSignal;
  createClient: (options: DeviceClientOptions) => DeviceClient;
}
