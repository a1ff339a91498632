/**
 * A password change in a process of its own that stops at one step, for the crash tests (the
 * process is killed with SIGKILL after each step). It runs the app's real write path — the
 * preview, then commission services over the REAL keychain (keytar under the service given, opened by
 * `openKeychain` as the CLI opens it) and a real device client — and at the step asked for prints
 * `STOP <step>` on stdout and waits forever, for the test to kill it there:
 * - `pending`: the new password is in the keychain as pending; the change is not sent;
 * - `applied`: the change is on its way (the test makes the device apply it and never answer);
 * - `accepted`: the device answered the change; nothing checked or promoted yet;
 * - `verified`: the new password was checked by unlocking; the keychain write promoting it is held.
 *
 * Run: node --import tsx tests/support/password-change-runner.ts '{"service","address","next","stopAt"}'
 */
import { hostname } from 'node:os';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { createCredentialServices } from '../../electron/core/credentials/credential-services';
import { openKeychain } from '../../electron/core/credentials/open-keychain';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import { parseDeviceAddress } from '../../shared/domain/device-address';

export type StopAt = 'pending' | 'applied' | 'accepted' | 'verified';

interface RunnerInput {
  service: string;
  address: string;
  next: string;
  stopAt: StopAt;
}

const input = JSON.parse(process.argv[2] ?? '{}') as RunnerInput;
const forever = new Promise<never>(() => undefined);
const stop = async (step: StopAt): Promise<never> => {
  process.stdout.write(`STOP ${step}\n`);
  return forever;
};

const address = parseDeviceAddress(input.address);
if (!address.ok) throw new Error(address.error.message);
const keychain = await openKeychain({ service: input.service, autoFile: false, inProcessOnly: true });
if (keychain.status.state !== 'available') throw new Error(`keychain ${keychain.status.state}`);

const real = createDeviceClient({ totalTimeoutMs: 60_000 });
const client: DeviceClient = {
  ...real,
  changePassword: async (...args) => {
    if (input.stopAt === 'pending') return stop('pending');
    if (input.stopAt === 'applied') {
      process.stdout.write('STOP applied\n');
      return real.changePassword(...args);
    }
    const answer = await real.changePassword(...args);
    if (input.stopAt === 'accepted') return stop('accepted');
    return answer;
  },
};
const store = keychain.store;
const promotion = `/password`;
const held =
  input.stopAt === 'verified'
    ? {
        ...keychain,
        store: {
          ...store,
          get: store.get.bind(store),
          delete: store.delete.bind(store),
          list: store.list.bind(store),
          // The pending entry's own account ends with `/pending-password`; the promotion writes `/password`.
          set: (account: string, value: string) =>
            account.endsWith(promotion) && account.startsWith('device/')
              ? stop('verified')
              : store.set(account, value),
        },
      }
    : keychain;

const credentials = createCredentialServices({ client, keychain: held, hostname: hostname() });
const commission = createCommissionServices({ client, credentials });
const deviceId = await credentials.identity.resolve(address.value);
const targets = [{ address: address.value, deviceId }];
const plan = await commission.planPasswordChange(targets);
if (!plan.every((p) => p.send)) throw new Error(`not planned: ${JSON.stringify(plan)}`);
const outcome = await commission.changePasswords(targets, input.next, { plan });
// Reaching this means no stop happened: the test fails on it.
process.stdout.write(`DONE ${JSON.stringify(outcome.results)}\n`);
process.exit(3);
