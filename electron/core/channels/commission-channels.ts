/**
 * The `commission:*` channels: "Change password…" for fleet devices. A preview (who will change, who is
 * skipped and why — the monitor says which devices are offline), then one change per device the preview
 * listed, outcomes streamed as `commission:device`/`commission:progress` events (metadata only), the
 * request recorded in the current site's activity log. A generated password is made and kept here: the
 * page gets it once to show it, and names it in the change request instead of sending it back.
 */
import type { WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { PasswordChangeMode } from '../../../shared/ipc/channels/commission';
import type { Handlers } from '../../../shared/ipc/contract';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { generateDevicePassword } from '../commission/generate-password';
import type { PasswordTarget } from '../commission/password-bulk';
import type { CoreServices } from '../services';
import { sessionOnlyRefusal } from './keychain-refusal';
import { guarded, plainMessage } from './plain-message';
import { inAskedOrder, NOT_IN_FLEET, outcomeTeller } from './site-setup-targets';

type CommissionHandlers = Pick<
  Handlers,
  | 'commission:password-plan'
  | 'commission:password-change'
  | 'commission:password-generate'
  | 'commission:password-copy'
>;

export type CommissionChannelServices = Pick<
  CoreServices,
  'commission' | 'credentials' | 'fleet' | 'settings' | 'system' | 'events'
>;

export function commissionHandlers(s: CommissionChannelServices): CommissionHandlers {
  const { commission } = s;
  /** The last generated password: shown once, used by the next change that names it, copied on request. */
  let generated: string | undefined;

  const targetsOf = (deviceIds: readonly string[]) => {
    const targets: PasswordTarget[] = [];
    for (const deviceId of deviceIds) {
      const entry = s.fleet.entry(deviceId);
      // No siteId: the keychain's site membership decides which site password applies (as unlock does).
      if (entry !== undefined) targets.push({ deviceId, address: entry.address });
    }
    return targets;
  };

  /** The site whose password a `site` change replaces: the site being commissioned. */
  const siteFor = (mode: PasswordChangeMode): Result<string | undefined> => {
    if (mode === 'own') return ok(undefined);
    const siteId = s.fleet.siteId() ?? s.settings.current().credentials.siteId;
    return siteId === undefined
      ? errWithText(
          'INVALID_INPUT',
          "There is no current site to store a site password for: choose a site first, or store it as each device's own.",
          message('errors.password.noSiteForSitePassword'),
        )
      : ok(siteId);
  };

  /** The monitor's word on each device: an offline one is skipped, never written to. */
  const offlineReasons = async (): Promise<(target: PasswordTarget) => string | undefined> => {
    const snapshot = await s.fleet.snapshot();
    const views = new Map(snapshot.devices.map((d) => [d.deviceId, d.view]));
    return (target) => {
      const view = views.get(target.deviceId);
      return view?.state === 'offline' ? view.reason : undefined;
    };
  };

  /** The preview in the order asked for; ids that left the fleet are skipped. */
  async function plan(deviceIds: readonly string[]): Promise<WritePlanEntry[]> {
    const targets = targetsOf(deviceIds);
    const entries = await commission.planPasswordChange(targets, { offlineReason: await offlineReasons() });
    const byId = new Map(entries.map((e) => [e.deviceId, e]));
    return deviceIds.map(
      (deviceId) => byId.get(deviceId) ?? { address: '', deviceId, send: false, detail: NOT_IN_FLEET },
    );
  }

  return {
    'commission:password-plan': async (input) => {
      const { deviceIds, mode } = once(input);
      const site = siteFor(mode);
      if (!site.ok) return site;
      return guarded(async () => ok(await plan(deviceIds)));
    },

    'commission:password-change': async (input) => {
      // An id given twice must not make two changes on one device.
      const { deviceIds, confirmed, mode, password } = once(input);
      const refused = sessionOnlyRefusal(
        s.credentials,
        'no password is changed: a new password kept only until Minerdeck quits could leave the devices with a password nobody knows',
      );
      if (refused !== undefined) return refused;
      const next = password.kind === 'typed' ? password.password : generated;
      if (next === undefined) {
        return errWithText(
          'INVALID_INPUT',
          'There is no generated password: generate one, or type one.',
          message('errors.password.noneGenerated'),
        );
      }
      const site = siteFor(mode);
      if (!site.ok) return site;
      const approved = new Set(confirmed);
      const tell = outcomeTeller(s.events, 'password-change', deviceIds.length);
      return guarded(async () => {
        const targets = targetsOf(deviceIds);
        // Planned again: a device that went offline since the preview is skipped now; one the preview
        // skipped stays skipped even if it could take the change now (nothing the preview did not show).
        const fresh = await plan(deviceIds);
        const checked = fresh.map((e) =>
          e.send && !approved.has(e.deviceId)
            ? { ...e, send: false, detail: 'the preview did not list it to change' }
            : e,
        );
        const siteId = s.fleet.siteId();
        const concurrency = s.settings.current().credentials.concurrency;
        const outcome = await commission.changePasswords(targets, next, {
          plan: checked,
          ...(siteId !== undefined ? { siteId } : {}),
          ...(site.value !== undefined ? { asSitePassword: site.value } : {}),
          ...(concurrency !== undefined ? { concurrency } : {}),
          onResult: (result) => tell(plainResult(result)),
        });
        const results = inAskedOrder(deviceIds, outcome.results.map(plainResult), tell);
        await s.fleet.credentialsChanged(targets.map((t) => t.deviceId));
        return ok({
          results,
          summary: summarizeActivity(outcome.activity ?? { action: 'password-change', devices: results }),
          ...(outcome.activityError !== undefined ? { activityError: outcome.activityError } : {}),
        });
      });
    },

    'commission:password-generate': async () => {
      generated = generateDevicePassword();
      return ok({ password: generated });
    },

    'commission:password-copy': async () => {
      if (generated === undefined)
        return errWithText(
          'NOT_FOUND',
          'There is no generated password to copy.',
          message('errors.password.nothingToCopy'),
        );
      const copied = await s.system.copyText(generated);
      if (!copied.ok) return copied;
      return ok({ message: `Password copied to ${copied.value.where}.` });
    },
  };
}

const once = <T extends { deviceIds: string[] }>(input: T): T => ({
  ...input,
  deviceIds: [...new Set(input.deviceIds)],
});

/**
 * The sentence the fleet's Last action column shows. A failure's message starts with the device's
 * address, which the row already shows; "skipped: offline: …" must keep its first word.
 */
export function plainResult<R extends WriteResult>(result: R): R {
  const message =
    result.outcome === 'failed' || result.outcome === 'unknown'
      ? plainMessage(result.message)
      : result.message.charAt(0).toUpperCase() + result.message.slice(1);
  return result.error === undefined
    ? { ...result, message }
    : { ...result, message, error: { ...result.error, message: plainMessage(result.error.message) } };
}
