/**
 * A site's standard as the shells use it (`standard show|set`, `standard:get|set`): kept in the inventory
 * (standard-record.ts), its password in the keychain as the site password — the same entry unlock and a
 * password change "as the site password" use, so there is one site password, not two.
 */
import type { Site } from '../../../shared/domain/inventory';
import type { SiteStandard, StandardView } from '../../../shared/domain/standard';
import type { StandardSetInput } from '../../../shared/ipc/channels/standard';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { CredentialVault } from '../credentials/vault';
import type { InventoryAccess } from '../inventory/inventory-access';
import type { StandardChange } from './standard-record';
import { changeStandard, nextStandard, standardOf } from './standard-record';

/** Said when the standard's firmware part names no image main holds (the window's button is "Choose the image…"). */
export const CHOOSE_IMAGE_FIRST = 'Choose the firmware image first (Choose the image… button).';
export interface StandardServices {
  /** The site's standard (`ref`: name or id, else the current site), with its site; undefined when none. */
  standard(ref?: string): Promise<Result<{ site: Site; standard: SiteStandard | undefined }>>;
  /** What the window and `standard show` see: never a secret. */
  view(ref?: string): Promise<Result<StandardView>>;
  /** Changes the standard (a typed password goes to the keychain first); answers the view. */
  set(input: StandardSetInput): Promise<Result<StandardView>>;
  /** The site password to send, when the keychain holds one. */
  sitePassword(siteId: string): Promise<string | undefined>;
}

export interface StandardServicesOptions {
  access: InventoryAccess;
  vault: Pick<CredentialVault, 'setSitePassword' | 'sitePassword'>;
}

export function viewOf(
  site: Site,
  standard: SiteStandard | undefined,
  passwordStored: boolean,
): StandardView {
  if (standard === undefined) return { siteId: site.id, siteName: site.name, standard: null };
  const { password, pools, updatedAt, ...rest } = standard;
  return {
    siteId: site.id,
    siteName: site.name,
    standard: {
      password: { required: password, stored: passwordStored },
      ...(pools !== undefined
        ? { pools: pools.map((p) => ({ url: p.url, worker: p.worker, hasPassword: p.password !== '' })) }
        : {}),
      ...rest,
      updatedAt,
    },
  };
}

export function createStandardServices(options: StandardServicesOptions): StandardServices {
  const { access, vault } = options;
  const stored = async (siteId: string): Promise<boolean> =>
    (await vault.sitePassword(siteId).catch(() => undefined)) !== undefined;

  const standard: StandardServices['standard'] = (ref) =>
    access.readSite(ref, (inventory, site) => ok({ site, standard: standardOf(inventory, site.id) }));

  return {
    standard,
    async view(ref) {
      const found = await standard(ref);
      if (!found.ok) return found;
      return ok(viewOf(found.value.site, found.value.standard, await stored(found.value.site.id)));
    },
    async set(input) {
      const found = await standard(input.site);
      if (!found.ok) return found;
      const { site } = found.value;
      const { site: _ref, password, firmware, ...parts } = input;
      if (firmware !== undefined && firmware !== null && !('imagePath' in firmware)) {
        return errWithText('INVALID_INPUT', CHOOSE_IMAGE_FIRST, message('errors.standard.chooseImage'));
      }
      const change: StandardChange = { ...parts, ...(firmware !== undefined ? { firmware } : {}) };
      if (password === null) change.password = false;
      else if (password !== undefined) change.password = true;
      // Everything is checked before anything is kept: a typed password never reaches the keychain
      // with a standard that is then refused.
      const checked = nextStandard(found.value.standard, change, access.now());
      if (!checked.ok) return checked;
      if (password?.kind === 'stored' && !(await stored(site.id))) {
        return errWithText(
          'NOT_FOUND',
          `No site password is stored for site "${site.name}": type the one the devices should get.`,
          message('errors.standard.noSitePassword', { site: site.name }),
        );
      }
      // Keychain first: a standard never asks for a password the keychain does not hold.
      if (password?.kind === 'typed') await vault.setSitePassword(site.id, password.password);
      const changed = await access.inSite(site.id, (inventory, s) =>
        changeStandard(inventory, s.id, change, access.now()),
      );
      if (!changed.ok) return changed;
      return ok(viewOf(site, changed.value, await stored(site.id)));
    },
    sitePassword: (siteId) => vault.sitePassword(siteId),
  };
}
