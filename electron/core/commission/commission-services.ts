/**
 * The commissioning capability (writes to devices), wired once by whichever shell runs it — the CLI,
 * Electron main, the test harness — over the credential services (sessions, vault) and the inventory
 * (the site's activity log). Each bulk write: a preview first, then one write per device, one outcome per
 * device, one activity-log entry per request.
 */
import type { ActivityEntry, WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { CredentialServices } from '../credentials/credential-services';
import type { BulkProgress } from '../credentials/bulk';
import type { DeviceClient } from '../device/client';
import type { PasswordPlanOptions, PasswordTarget } from './password-bulk';
import { changePasswords, passwordActivity, planPasswordChange } from './password-bulk';
import { createPasswordChanger } from './password-change';
import type { PoolServices } from './pool-services';
import { createPoolServices } from './pool-services';
import type { DeviceActionOptions, DeviceActionServices } from './device-action-services';
import { createDeviceActionServices } from './device-action-services';
import type { PowerServices } from '../power/power-services';
import { createPowerServices } from '../power/power-services';

export interface ChangePasswordRequest {
  /** The preview the user saw; devices it skips are reported as skipped and never contacted. */
  plan: readonly WritePlanEntry[];
  /** The site whose activity log records the request (no log when absent or no inventory). */
  siteId?: string;
  /** Store the new password as this site's password too, instead of only as each device's own. */
  asSitePassword?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: WriteResult, progress: BulkProgress) => void;
}

export interface ChangePasswordOutcome {
  results: WriteResult[];
  /** The entry appended to the activity log; absent when nothing was recorded. */
  activity?: ActivityEntry;
  /** Why the activity could not be recorded (the write itself still happened). */
  activityError?: string;
}

export interface CommissionServices extends PoolServices, DeviceActionServices, PowerServices {
  planPasswordChange(
    targets: readonly PasswordTarget[],
    options?: PasswordPlanOptions,
  ): Promise<WritePlanEntry[]>;
  changePasswords(
    targets: readonly PasswordTarget[],
    next: string,
    request: ChangePasswordRequest,
  ): Promise<ChangePasswordOutcome>;
}

export interface CommissionServicesOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  /** The activity log; with `store`, also read (LEDs left on, reboots by other processes). */
  inventory?: DeviceActionOptions['inventory'];
  now?: () => Date;
  /** Locate LED, restart and reboot: the monitor to tell, whether to keep LED timers, timings. */
  actions?: Pick<DeviceActionOptions, 'disruptions' | 'keepLedTimers' | 'timing'>;
}

export function createCommissionServices(options: CommissionServicesOptions): CommissionServices {
  const { client, credentials, inventory } = options;
  const now = options.now ?? (() => new Date());
  const { vault, sessions } = credentials;
  const changer = createPasswordChanger({ client, vault, sessions, now });

  return {
    ...createPoolServices({ client, credentials, ...(inventory !== undefined ? { inventory } : {}), now }),
    ...createPowerServices({ client, credentials, ...(inventory !== undefined ? { inventory } : {}), now }),
    ...createDeviceActionServices({
      client,
      vault,
      sessions,
      now,
      ...(inventory !== undefined ? { inventory } : {}),
      ...options.actions,
    }),
    planPasswordChange: (targets, planOptions) =>
      planPasswordChange({ vault, sessions }, targets, planOptions),

    async changePasswords(targets, next, request) {
      const at = now().toISOString();
      const results = await changePasswords({ vault, sessions, changer }, targets, request.plan, next, {
        ...(request.asSitePassword !== undefined ? { asSitePassword: request.asSitePassword } : {}),
        ...(request.signal !== undefined ? { signal: request.signal } : {}),
        ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
        ...(request.onResult !== undefined ? { onResult: request.onResult } : {}),
      });
      if (inventory === undefined || request.siteId === undefined) return { results };
      const entry = passwordActivity(
        {
          siteId: request.siteId,
          at,
          ...(request.asSitePassword !== undefined ? { asSitePassword: request.asSitePassword } : {}),
        },
        results,
      );
      const recorded = await inventory.recordActivity(entry);
      return recorded.ok
        ? { results, activity: recorded.value }
        : { results, activityError: recorded.error.message };
    },
  };
}
