/**
 * `minerdeck profile list <targets…> [--json]`: per device its autotune presets (watts, expected hash
 * rate, tuned or not, whether it needs a modified PSU), the one configured and its power supply, read with
 * the stored credential (`GET /autotune/presets`; `GET /settings`, API key first). Exit 0 when every device
 * was read, 1 when any could not be.
 */
import { listingLines } from '../profile-output';
import { listPower } from '../../core/power/power-read';
import type { CliContext } from './context';
import { deviceReadCommand } from './device-read-command';
import { parseMonitorTargets } from './monitor-targets';
import { PROFILE_LIST_USAGE } from './profile-usage';

export function profileListCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  return deviceReadCommand(ctx, argv, {
    usage: PROFILE_LIST_USAGE,
    parse: parseMonitorTargets,
    read: listPower,
    print(output, listing) {
      if (output.json) output.out(JSON.stringify(listing));
      else for (const line of listingLines(listing)) (listing.error ? output.err : output.out)(line);
    },
    wasRead: (listing) => listing.error === undefined,
  });
}
