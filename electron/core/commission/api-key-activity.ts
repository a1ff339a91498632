/**
 * API keys created on devices are writes too (docs/design.md, Commissioning actions, 6): each "create API
 * keys" request is one activity-log entry, with each device's outcome and never the key itself.
 */
import type { ActivityEntry, WriteOutcome } from '../../../shared/domain/commission';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { ProvisionOutcome } from '../credentials/credential-services';

export function apiKeyActivity(
  siteId: string,
  at: string,
  outcomes: readonly ProvisionOutcome[],
): Omit<ActivityEntry, 'id' | 'by'> {
  return {
    siteId,
    at,
    action: 'api-key',
    what: 'an API key created on each device, verified and kept in the keychain',
    devices: outcomes.map((o) => {
      const address = formatDeviceAddress(o.item.address);
      if (o.ok) {
        const message =
          o.value.answer === 'already-stored'
            ? 'API key already stored, and it still works (nothing created)'
            : 'API key created, verified and stored';
        return { deviceId: o.value.deviceId, address, outcome: 'done' as WriteOutcome, message };
      }
      const outcome: WriteOutcome = o.error.code === 'CANCELLED' ? 'skipped' : 'failed';
      return {
        deviceId: o.item.deviceId ?? address,
        address,
        outcome,
        message: o.error.message.slice(0, 1000),
      };
    }),
  };
}
