/**
 * Suites that need a real part of the machine (a browser, a Secret Service) run when it is there, are
 * skipped with the reason when it is not, and FAIL instead of skipping when CI asks for them with
 * REQUIRE_BROWSER=1 / REQUIRE_KEYCHAIN=1 / REQUIRE_PROMETHEUS=1, so CI can never pass by skipping.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

export interface Requirement {
  /** What is needed, for messages: "a browser". */
  what: string;
  /** The variable that makes its absence a failure. */
  envVar: string;
  /** Undefined when available, else why not. */
  missing: () => string | undefined;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const browser: Requirement = {
  what: 'a browser',
  envVar: 'REQUIRE_BROWSER',
  missing: () =>
    existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} not found (apt install chromium)`,
};

/**
 * A working Secret Service (or OS keychain) for keytar: a short child process writes, reads back and
 * deletes an entry under a throw-away service name, within 10 s. A child process because this runs
 * synchronously while vitest collects tests, and a locked keyring can leave a keytar call hanging.
 * The suites then exercise the app's own probe and store against the real thing.
 */
let keychainWhy: string | undefined | null = null;
const KEYCHAIN_CHECK = `
const keytar = require('keytar');
const service = 'minerdeck-requirement-' + process.pid;
(async () => {
  await keytar.setPassword(service, 'probe', 'value');
  const back = await keytar.getPassword(service, 'probe');
  await keytar.deletePassword(service, 'probe');
  if (back !== 'value') throw new Error('the keyring answered no value: it is locked');
})().then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message || e)); process.exit(1); });
`;

export const keychain: Requirement = {
  what: 'a keychain (Secret Service)',
  envVar: 'REQUIRE_KEYCHAIN',
  missing: () => {
    if (keychainWhy !== null) return keychainWhy;
    const run = spawnSync(process.execPath, ['-e', KEYCHAIN_CHECK], {
      cwd: resolve(dirname(fileURLToPath(import.meta.url)), '../..'),
      timeout: 10_000,
      encoding: 'utf8',
    });
    keychainWhy =
      run.status === 0
        ? undefined
        : run.error !== undefined || run.signal !== null
          ? 'the keychain did not answer within 10 s (locked and waiting for a prompt?)'
          : `keytar failed: ${run.stderr.trim() || `exit code ${run.status}`} (run the tests with npm test, which starts a private gnome-keyring)`;
    return keychainWhy;
  },
};

/** What it takes to start a private Secret Service of our own (the locked-keyring tests lock it). */
export const privateKeyring: Requirement = {
  what: 'gnome-keyring and dbus-run-session (to start a private keyring)',
  envVar: 'REQUIRE_KEYCHAIN',
  missing: () => {
    const missing = [
      '/usr/bin/gnome-keyring-daemon',
      '/usr/bin/dbus-run-session',
      '/usr/bin/dbus-send',
    ].filter((path) => !existsSync(path));
    return missing.length === 0
      ? undefined
      : `${missing.join(', ')} not found (apt install gnome-keyring dbus-x11)`;
  },
};

export const PROMTOOL_PATH = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

/** Prometheus and its promtool (Debian's `prometheus` package), for the site-metrics tests. */
export const prometheus: Requirement = {
  what: 'Prometheus (promtool)',
  envVar: 'REQUIRE_PROMETHEUS',
  missing: () => {
    const missing = [PROMTOOL_PATH, PROMETHEUS_PATH].filter((path) => !existsSync(path));
    return missing.length === 0 ? undefined : `${missing.join(', ')} not found (apt install prometheus)`;
  },
};

/** `describe` that runs only with the requirement met; see the module comment for CI behaviour. */
export function describeWith(requirement: Requirement, title: string, body: () => void): void {
  const why = requirement.missing();
  if (why === undefined) {
    describe(title, body);
  } else if (process.env[requirement.envVar] === '1') {
    describe(title, () => {
      it(`needs ${requirement.what}`, () => {
        throw new Error(`${requirement.envVar}=1 but ${requirement.what} is not available: ${why}`);
      });
    });
  } else {
    describe.skip(`${title} (skipped: no ${requirement.what}: ${why})`, body);
  }
}
