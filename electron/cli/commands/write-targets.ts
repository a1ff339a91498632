/**
 * The devices a bulk write names by target (`profile set`, and any write over `<targets…>`): each one's
 * credential id and reachability from one anonymous `GET /info` (silent ones are "offline" in the plan),
 * and with `--password-stdin` one unlock per answering device with the given password (a refusal shows in
 * the plan as "needs its password"; never retried).
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import type { Site } from '../../../shared/domain/inventory';
import type { ReachabilityWatch } from '../../core/commission/password-targets';
import { resolvePasswordTargets } from '../../core/commission/password-targets';
import { runBulk } from '../../core/credentials/bulk';
import type { CredentialServices } from '../../core/credentials/credential-services';
import type { SessionTarget } from '../../core/credentials/session-target';
import type { InventoryServices } from '../../core/inventory/inventory-services';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { Output } from '../output';
import type { CliContext } from './context';
import { readRequiredSecret } from './device-command';
import { openCliInventory, resolveCliSite, tellProblems } from './inventory-context';

/** Where a write by target goes, and the password given for this run. */
export interface WriteSite {
  inventory: InventoryServices;
  site: Site;
  /** Whether `--site` (or `--all`) was given: its devices then belong to it (their site password applies). */
  siteGiven: boolean;
  /** `--password-stdin`: tried once per answering device. */
  password?: string;
}

/**
 * `--password-stdin` read first, then the site: `--site`, else the current one (the inventory's problems
 * told on the way). Nothing is asked of a device yet.
 */
export async function openWriteSite(
  ctx: CliContext,
  output: Output,
  values: { site?: unknown; all?: unknown; 'password-stdin'?: unknown },
): Promise<Result<WriteSite>> {
  let password: string | undefined;
  if (values['password-stdin'] === true) {
    const secret = await readRequiredSecret(ctx, 'Password');
    if (!secret.ok) return secret;
    password = secret.value;
  }
  const inventory = openCliInventory(ctx);
  const siteRef = typeof values.site === 'string' ? values.site : undefined;
  const resolved = await resolveCliSite(output, inventory, siteRef);
  tellProblems(output, inventory);
  if (!resolved.ok) return resolved;
  const site = resolved.value;
  return ok({
    inventory,
    site,
    // `--all` names the site as surely as `--site`: its devices are the site's.
    siteGiven: siteRef !== undefined || values.all === true,
    ...(password !== undefined ? { password } : {}),
  });
}

export interface WriteTargets<T extends { deviceId: string } = SessionTarget> {
  targets: T[];
  /** Why a device did not answer `/info`, by device id. */
  offline: Map<string, string>;
}

/** The targets as found, in order, and why each silent one did not answer `/info`. */
export function splitOffline<T extends { deviceId: string }>(
  found: readonly { target: T; offline?: string }[],
): WriteTargets<T> {
  const offline = new Map(
    found.flatMap((f) => (f.offline === undefined ? [] : [[f.target.deviceId, f.offline] as const])),
  );
  return { targets: found.map((f) => f.target), offline };
}

export async function resolveWriteTargets(
  deps: { services: CredentialServices; reach: ReachabilityWatch },
  addresses: readonly DeviceAddress[],
  options: {
    site: Site;
    /** Whether `--site` was given: its devices then belong to it (their site password applies). */
    siteGiven: boolean;
    password?: string;
    bulk: { signal: AbortSignal; concurrency?: number };
  },
): Promise<WriteTargets> {
  const { services, reach } = deps;
  const found = await resolvePasswordTargets({ identity: services.identity, reach }, addresses, {
    ...options.bulk,
    ...(options.siteGiven ? { siteId: options.site.id } : {}),
  });
  const { targets, offline } = splitOffline(found);
  const password = options.password;
  if (password !== undefined) {
    const answering = targets.filter((t) => !offline.has(t.deviceId));
    await runBulk(
      answering,
      (t, signal) => services.sessions.unlockWith(t, password, signal ? { signal } : {}),
      options.bulk,
    );
  }
  return { targets, offline };
}
