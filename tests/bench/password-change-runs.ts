/**
 * "Change password on 500 devices" for the credentials benchmark (budget ≤ 15 s with the OS
 * keychain, median of 5): the preview, then per device one session unlock with the stored password, the
 * pending entry written to the keychain, one `POST /settings`, the check by unlocking with the new
 * password, and the promotion (device password written, pending entry deleted) — the commission services
 * as the app and the CLI run them. Each run starts from the site password stored (not timed) and moves
 * every device to a new password; the filing of the journal afterwards is timed on its own.
 */
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { PasswordTarget } from '../../electron/core/commission/password-bulk';
import { createJournaledStore } from '../../electron/core/credentials/journaled-store';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import type { SecureStore } from '../../electron/core/credentials/secure-store';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { clearService } from '../support/keychain';
import { targetOf } from '../support/sim-targets';

const SITE = 'bench-change';

/** One bulk change from `from` (stored as the site's password first, untimed) to `to`; returns its ms. */
async function changeAll(fleet: Fleet, store: SecureStore, from: string, to: string): Promise<number> {
  const client = createDeviceClient();
  const services = servicesFor(client, { store });
  const targets: PasswordTarget[] = fleet.devices.map((d) => ({ ...targetOf(d), siteId: SITE }));
  await services.vault.setSitePassword(
    SITE,
    from,
    targets.map((t) => ({ deviceId: t.deviceId })),
  );
  const commission = createCommissionServices({ client, credentials: services });
  const started = performance.now();
  const plan = await commission.planPasswordChange(targets);
  const { results } = await commission.changePasswords(targets, to, { plan });
  const elapsed = performance.now() - started;
  client.close();
  const failed = results.filter((r) => r.outcome !== 'done');
  if (failed.length > 0) {
    throw new Error(`${failed.length} devices not changed: ${failed[0]?.message ?? ''}`);
  }
  return elapsed;
}

export interface PasswordChangeRuns {
  change: number[];
  filing: number[];
}

/**
 * `runs` timed changes (after one untimed warm-up on `warmUpStore`), the fleet's passwords moving from
 * `first` through `<first>-1`, `-2`, …; returns the last password set so the caller can go on.
 */
export async function passwordChangeRuns(
  fleet: Fleet,
  options: { first: string; runs: number; keychainService?: string; memory: () => SecureStore },
): Promise<{ runs: PasswordChangeRuns; last: string }> {
  let current = options.first;
  let generation = 0;
  const nextPassword = (): string => `${options.first}-${(generation += 1)}`;
  const runs: PasswordChangeRuns = { change: [], filing: [] };
  // Warm-up: connections, JIT.
  let to = nextPassword();
  await changeAll(fleet, options.memory(), current, to);
  current = to;
  for (let i = 0; i < options.runs; i += 1) {
    to = nextPassword();
    if (options.keychainService === undefined) {
      runs.change.push(await changeAll(fleet, options.memory(), current, to));
    } else {
      const service = options.keychainService;
      // As the app opens the keychain (open-keychain.ts), without filing in the background.
      const store = createJournaledStore(createKeytarStore({ service, timeoutMs: 60_000 }), {
        autoFile: false,
      });
      runs.change.push(await changeAll(fleet, store, current, to));
      const filingStarted = performance.now();
      await store.settle();
      runs.filing.push(performance.now() - filingStarted);
      await clearService(service);
    }
    current = to;
  }
  return { runs, last: current };
}
