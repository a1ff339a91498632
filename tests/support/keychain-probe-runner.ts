/**
 * Prints, as JSON, what the app's own in-process probe says about the real keychain under the service in
 * argv[2]. Run in a child process inside scripts/with-keyring.sh (locked or not), so a test can
 * check the probe against a keyring it locked itself.
 */
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { probeKeychain } from '../../electron/core/credentials/probe';

const service = process.argv[2] ?? 'minerdeck-probe-runner';
const status = await probeKeychain(createKeytarStore({ service, timeoutMs: 3_000 }), { timeoutMs: 5_000 });
process.stdout.write(`${JSON.stringify(status)}\n`);
