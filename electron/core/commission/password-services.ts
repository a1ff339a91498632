/**
 * Password changes as the shells run them ("Change password…", `minerdeck password change`): the preview
 * (who will change, who is skipped and why), then one change per device the preview listed — the new
 * password in the keychain first, sent once, read back — and one entry in the site's activity log.
 */
import type { ActivityEntry, WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { BulkProgress } from '../credentials/bulk';
import type { CredentialServices } from '../credentials/credential-services';
import type { DeviceClient } from '../device/client';
import type { InventoryServices } from '../inventory/inventory-services';
import { recordIn } from './action-bulk';
import type { PasswordPlanOptions, PasswordTarget } from './password-bulk';
import { changePasswords, passwordActivity, planPasswordChange } from './password-bulk';
import { createPasswordChanger } from './password-change';

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

export interface PasswordServices {
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

export interface PasswordServicesOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  /** The activity log; without it nothing is recorded. */
  inventory?: Pick<InventoryServices, 'recordActivity'>;
  now: () => Date;
}

export function createPasswordServices(options: PasswordServicesOptions): PasswordServices {
  const { client, inventory, now } = options;
  const { vault, sessions } = options.credentials;
  const changer = createPasswordChanger({ client, vault, sessions, now });

  return {
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
      return { results, ...(await recordIn(inventory, entry)) };
    },
  };
}
