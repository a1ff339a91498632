/**
 * The `credentials:*` channels: bulk unlock and API-key provisioning over fleet devices with one outcome
 * per device in plain words, forgetting and revoking, and copying a key to the clipboard through main.
 * Secrets flow in (a password in one request) and into the keychain; nothing secret flows back.
 */
import { message } from '../../../shared/i18n/message';
import { apiKeyActivity } from '../commission/api-key-activity';
import type { InventoryServices } from '../inventory/inventory-services';
import type { DeviceOutcome } from '../../../shared/ipc/channels/credentials';
import type { Handlers } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { BulkOutcome } from '../credentials/bulk';
import type { BulkTarget, CredentialServices } from '../credentials/credential-services';
import { toAppError } from '../errors/to-app-error';
import { keychainAdviceWords } from '../credentials/keychain-advice';
import type { FleetService } from '../fleet/fleet-service';
import type { SettingsStore } from '../settings/settings-store';
import type { SystemGlue } from '../shell/system-glue';
import { sessionOnlyRefusal } from './keychain-refusal';
import { notInFleet, plainError, plainMessage } from './plain-message';

type CredentialsHandlers = Pick<
  Handlers,
  | 'credentials:keychain'
  | 'credentials:unlock'
  | 'credentials:provision'
  | 'credentials:forget'
  | 'credentials:revoke'
  | 'credentials:copy-key'
>;

export interface CredentialsChannelServices {
  credentials: CredentialServices;
  fleet: FleetService;
  settings: SettingsStore;
  system: SystemGlue;
  /** Where API keys created are recorded (the site's activity log). */
  inventory: Pick<InventoryServices, 'recordActivity'>;
}

const outcome = (
  deviceId: string,
  address: string,
  ok: boolean,
  message: string,
  error?: AppError,
): DeviceOutcome => ({
  deviceId,
  address,
  ok,
  message,
  ...(error !== undefined ? { error: { ...error, message: plainMessage(error.message) } } : {}),
});

const missing = (deviceId: string): DeviceOutcome =>
  outcome(deviceId, '', false, 'This device is no longer in the fleet.', {
    code: 'NOT_FOUND',
    message: 'not in the fleet',
  });

const failed = (o: BulkOutcome<BulkTarget, unknown>, address: string): DeviceOutcome | undefined => {
  if (o.ok) return undefined;
  return outcome(o.item.deviceId ?? '', address, false, plainMessage(o.error.message), o.error);
};

export function credentialsHandlers(s: CredentialsChannelServices): CredentialsHandlers {
  const c = s.credentials;

  /** The fleet devices behind the ids, and an outcome for each id that is not one. */
  const targetsOf = (deviceIds: readonly string[]) => {
    const targets: (BulkTarget & { deviceId: string; addressText: string })[] = [];
    const unknown: DeviceOutcome[] = [];
    for (const id of deviceIds) {
      const entry = s.fleet.entry(id);
      if (entry === undefined) unknown.push(missing(id));
      else targets.push({ deviceId: id, address: entry.address, addressText: entry.addressText });
    }
    return { targets, unknown };
  };
  const concurrency = (): number | undefined => s.settings.current().credentials.concurrency;

  return {
    'credentials:keychain': async () => {
      const { status } = c.keychain;
      const advice = keychainAdviceWords(status);
      return ok({
        state: status.state,
        ...(status.reason !== undefined ? { reason: status.reason } : {}),
        ...(status.reasonText !== undefined ? { reasonText: status.reasonText } : {}),
        advice: advice.message,
        adviceText: advice.text,
        persistent: c.vault.persistent,
      });
    },

    'credentials:unlock': async ({ deviceIds, password, remember, scope }) => {
      const { targets, unknown } = targetsOf(deviceIds);
      // The site password belongs to the site being commissioned: `site/<current site>/password`.
      const siteId =
        scope === 'site' ? (s.fleet.siteId() ?? s.settings.current().credentials.siteId) : undefined;
      const results = await c.unlockMany(targets, password, {
        remember,
        ...(siteId !== undefined ? { siteId } : {}),
        ...(concurrency() !== undefined ? { concurrency: concurrency() } : {}),
      });
      const outcomes = results.map((r, i) => {
        const address = targets[i]?.addressText ?? '';
        if (!r.ok) return failed(r, address) ?? missing('');
        const stored =
          r.value.remembered === 'keychain'
            ? scope === 'site'
              ? '; site password stored'
              : '; password stored'
            : r.value.remembered === 'session-only'
              ? '; password kept until Minerdeck quits (no keychain)'
              : '';
        return outcome(r.value.deviceId, address, true, `Unlocked${stored}.`);
      });
      await s.fleet.credentialsChanged(targets.map((t) => t.deviceId));
      return ok({ outcomes: [...outcomes, ...unknown] });
    },

    'credentials:provision': async ({ deviceIds, password }) => {
      const refused = sessionOnlyRefusal(
        c,
        'API keys are not created: a key nobody could keep would be left on the devices',
      );
      if (refused !== undefined) return refused;
      const { targets, unknown } = targetsOf(deviceIds);
      const startedAt = new Date().toISOString();
      const results = await c.provisionMany(targets, {
        ...(password !== undefined ? { password } : {}),
        ...(concurrency() !== undefined ? { concurrency: concurrency() } : {}),
      });
      const siteId = s.fleet.siteId();
      if (siteId !== undefined && results.length > 0) {
        // The keys are created either way; a log that cannot be written is not a reason to fail them.
        await s.inventory.recordActivity(apiKeyActivity(siteId, startedAt, results));
      }
      const outcomes = results.map((r, i) => {
        const address = targets[i]?.addressText ?? '';
        if (!r.ok) return failed(r, address) ?? missing('');
        const message =
          r.value.answer === 'already-stored'
            ? 'API key already stored, and it still works.'
            : 'API key created, verified and stored.';
        return outcome(r.value.deviceId, address, true, message);
      });
      await s.fleet.credentialsChanged(targets.map((t) => t.deviceId));
      return ok({ outcomes: [...outcomes, ...unknown] });
    },

    'credentials:forget': async ({ deviceIds, what }) => {
      const { targets, unknown } = targetsOf(deviceIds);
      const outcomes: DeviceOutcome[] = [];
      for (const t of targets) {
        try {
          const said: string[] = [];
          if (what !== 'api-key') {
            const had = await c.vault.deleteDevicePassword(t.deviceId);
            const site = await c.vault.siteOf(t.deviceId);
            said.push(had ? 'Password forgotten.' : 'No password of its own was stored.');
            if (site !== undefined) said.push(`It still uses the password of site "${site}".`);
          }
          if (what !== 'password') {
            const had = await c.vault.deleteApiKey(t.deviceId);
            said.push(
              had
                ? 'API key forgotten here (it still works on the device until revoked).'
                : 'No API key was stored.',
            );
          }
          outcomes.push(outcome(t.deviceId, t.addressText, true, said.join(' ')));
        } catch (error) {
          const e = toAppError(error);
          outcomes.push(outcome(t.deviceId, t.addressText, false, plainMessage(e.message), e));
        }
      }
      await s.fleet.credentialsChanged(targets.map((t) => t.deviceId));
      return ok({ outcomes: [...outcomes, ...unknown] });
    },

    'credentials:revoke': async ({ deviceId }) => {
      const entry = s.fleet.entry(deviceId);
      if (entry === undefined) return notInFleet();
      try {
        const r = await c.provisioner.revoke({ deviceId, address: entry.address });
        await s.fleet.credentialsChanged([deviceId]);
        const name = r.description === undefined ? 'The key' : `The key "${r.description}"`;
        const message =
          r.onDevice === 'deleted'
            ? `${name} was deleted on the device and forgotten here.`
            : r.onDevice === 'not-supported'
              ? `This device cannot delete API keys: ${name.toLowerCase()} was forgotten here but still works on the device; remove it in the device's own web page.`
              : `The device did not delete it (${plainMessage(r.error?.message ?? 'no reason given')}); it was forgotten here but may still work on the device.`;
        return ok({ onDevice: r.onDevice, message });
      } catch (error) {
        return { ok: false, error: plainError(toAppError(error)) };
      }
    },

    'credentials:copy-key': async ({ deviceId }) => {
      if (s.fleet.entry(deviceId) === undefined) return notInFleet();
      const stored = await c.vault.getApiKey(deviceId).catch((error: unknown) => toAppError(error));
      if (stored !== undefined && 'code' in stored) return { ok: false, error: stored };
      if (stored === undefined) {
        return errWithText(
          'NOT_FOUND',
          'No API key is stored for this device: create one first.',
          message('errors.credentials.noApiKey'),
        );
      }
      const copied = await s.system.copyText(stored.secret);
      if (!copied.ok) return copied;
      return ok({
        message: `API key copied to ${copied.value.where}. Paste it where the customer needs it.`,
      });
    },
  };
}
