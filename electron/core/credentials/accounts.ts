/**
 * Keychain account names, the one place that knows them (docs/design.md, Credentials):
 * `device/<deviceId>/password`, `device/<deviceId>/api-key`, `site/<siteId>/password`, and
 * `device/<deviceId>/pending-password`: a new password written before it is sent to the device (docs/design.md,
 * Commissioning actions, rule 4), so a crash between the device accepting it and the keychain recording it
 * leaves both the old and the new password known.
 * Ids are checked so an id can never smuggle a `/` and read or overwrite another entry.
 */
import { message } from '../../../shared/i18n/message';
import { CredentialError } from './credential-error';

export type AccountRef =
  | { kind: 'device-password'; deviceId: string }
  | { kind: 'api-key'; deviceId: string }
  | { kind: 'pending-password'; deviceId: string }
  | { kind: 'site-password'; siteId: string };

/** Printable, no slash or backslash, no space at the ends; long enough for `mac:…` and `addr:[v6]:port`. */
function isDeviceId(id: string): boolean {
  if (id === '' || id.length > 128 || id.trim() !== id) return false;
  return [...id].every((c) => c !== '/' && c !== '\\' && c.charCodeAt(0) > 0x1f && c !== '\u007f');
}

/** Site names are typed by technicians: letters, digits, `.`, `_`, `-`. */
const SITE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkDeviceId(deviceId: string): string {
  if (!isDeviceId(deviceId)) {
    throw new CredentialError(
      'INVALID_INPUT',
      `"${deviceId}" cannot be a device id.`,
      message('errors.credentials.badDeviceId', { deviceId }),
    );
  }
  return deviceId;
}

export function checkSiteId(siteId: string): string {
  if (!SITE.test(siteId)) {
    throw new CredentialError(
      'INVALID_INPUT',
      `"${siteId}" cannot be a site name: use up to 64 letters, digits, ".", "_" or "-".`,
      message('errors.credentials.badSiteName', { site: siteId }),
    );
  }
  return siteId;
}

export function accountName(ref: AccountRef): string {
  switch (ref.kind) {
    case 'device-password':
      return `device/${checkDeviceId(ref.deviceId)}/password`;
    case 'api-key':
      return `device/${checkDeviceId(ref.deviceId)}/api-key`;
    case 'pending-password':
      return `device/${checkDeviceId(ref.deviceId)}/pending-password`;
    case 'site-password':
      return `site/${checkSiteId(ref.siteId)}/password`;
  }
}

/** The ref an account name stands for; `undefined` for anything else in the service (e.g. probe entries). */
export function parseAccount(account: string): AccountRef | undefined {
  const device = /^device\/([^/]+)\/(password|api-key|pending-password)$/.exec(account);
  if (device?.[1] !== undefined && isDeviceId(device[1])) {
    const deviceId = device[1];
    if (device[2] === 'password') return { kind: 'device-password', deviceId };
    if (device[2] === 'api-key') return { kind: 'api-key', deviceId };
    return { kind: 'pending-password', deviceId };
  }
  const site = /^site\/([^/]+)\/password$/.exec(account);
  if (site?.[1] !== undefined && SITE.test(site[1])) return { kind: 'site-password', siteId: site[1] };
  return undefined;
}
