/**
 * Suites that need a real part of the machine (a browser, a Secret Service) run when it is there, are
 * skipped with the reason when it is not, and FAIL instead of skipping when CI asks for them with
 * REQUIRE_BROWSER=1 / REQUIRE_KEYCHAIN=1, so CI can never pass by skipping.
 */
import { existsSync } from 'node:fs';
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
