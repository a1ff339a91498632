/**
 * The preview of a pool request (docs/design.md, Commissioning actions, 1): per device, the three slots it
 * will get — worker names already filled in from the templates — or why it is skipped: a template
 * problem (a value it lacks, an empty worker, a worker another selected device would share), a lockout,
 * no answer, or no credential to write with. Computed before anything is sent; nothing here writes.
 */
import type { PlanDetail } from './plan-detail';
import { lockedOutDetail, NO_CREDENTIAL_DETAIL, needsPasswordDetail, offlineDetail } from './plan-detail';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { CheckedPools, PoolPlanEntry, PoolSlot } from '../../../shared/domain/pools';
import { POOL_SLOTS } from '../../../shared/domain/pools';
import type { WorkerFacts } from '../../../shared/domain/worker-template';
import { planWorkers, workerValues } from '../../../shared/domain/worker-template';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';

export interface PoolTarget extends SessionTarget {
  /** What the worker templates may use; `host` defaults to the address's host. */
  facts: WorkerFacts;
}

export interface PoolPlanOptions {
  /** Why a device cannot be reached now (the monitor's view, or a failed anonymous read), else undefined. */
  offlineReason?: (target: PoolTarget) => string | undefined;
}

const EMPTY_SLOT: PoolSlot = { url: '', user: '', hasPassword: false };

/** The three slots a device gets: the pools given, then empty ones. */
export function slotsFor(pools: CheckedPools['pools'], workers: readonly string[]): PoolSlot[] {
  const slots = pools.map((pool, i) => ({
    url: pool.url,
    user: workers[i] ?? '',
    hasPassword: pool.password !== '',
  }));
  while (slots.length < POOL_SLOTS) slots.push({ ...EMPTY_SLOT });
  return slots;
}

/**
 * Why the device has nothing to write with, or undefined when it has a key, a session or a password
 * (the previews of pools, the locate LED, restart and reboot).
 */
/** Why a device has no credential to write with (in English and for the window), else undefined. */
export async function noCredentialDetail(
  deps: { vault: CredentialVault; sessions: SessionManager },
  target: SessionTarget,
): Promise<PlanDetail | undefined> {
  if ((await deps.vault.getApiKey(target.deviceId)) !== undefined) return undefined;
  const state = deps.sessions.state(target.deviceId);
  if (state.kind === 'unlocked') return undefined;
  if (state.kind === 'needs-password') return needsPasswordDetail(state.reason);
  if ((await deps.sessions.knownPassword(target)) !== undefined) return undefined;
  return NO_CREDENTIAL_DETAIL;
}

export async function noCredential(
  deps: { vault: CredentialVault; sessions: SessionManager },
  target: SessionTarget,
): Promise<string | undefined> {
  return (await noCredentialDetail(deps, target))?.detail;
}

export async function planPools(
  deps: { vault: CredentialVault; sessions: SessionManager },
  targets: readonly PoolTarget[],
  pools: CheckedPools,
  options: PoolPlanOptions = {},
): Promise<PoolPlanEntry[]> {
  const workers = planWorkers(
    pools.templates,
    targets.map((target, i) => ({
      key: String(i),
      label: formatDeviceAddress(target.address),
      values: workerValues({ ...target.facts, host: target.facts.host ?? target.address.host }),
    })),
  );
  return Promise.all(
    targets.map(async (target, i): Promise<PoolPlanEntry> => {
      const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
      const skip = (
        reason: NonNullable<PoolPlanEntry['skip']>,
        said: PlanDetail | string,
      ): PoolPlanEntry => ({
        ...base,
        send: false,
        skip: reason,
        ...(typeof said === 'string' ? { detail: said } : said),
      });
      const state = deps.sessions.state(target.deviceId);
      if (state.kind === 'locked-out') return skip('locked-out', lockedOutDetail(state.secondsLeft));
      // First: a device that did not answer also lacks the values its /info would have given.
      const offline = options.offlineReason?.(target);
      if (offline !== undefined) return skip('offline', offlineDetail(offline));
      const named = workers.get(String(i));
      if (named === undefined || !named.ok) return skip('template', named?.problem ?? 'no workers');
      const missing = await noCredentialDetail(deps, target);
      if (missing !== undefined) return skip('no-credential', missing);
      return {
        ...base,
        send: true,
        detail: `workers: ${named.workers.join(', ')}`,
        slots: slotsFor(pools.pools, named.workers),
      };
    }),
  );
}
