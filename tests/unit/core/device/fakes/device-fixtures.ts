/**
 * The real device payloads in tests/fixtures/device, read at test time so a payload added later is tested
 * without touching the tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DEVICE_FIXTURES_DIR } from '../../../../fixtures/paths';

export const FIXTURE_DIR = DEVICE_FIXTURES_DIR;

export interface FixtureFile {
  name: string;
  text: string;
  /** Parsed JSON for `.json` files; the raw text for anything else (the HTML page). */
  body: unknown;
}

export function allFixtures(): FixtureFile[] {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name !== 'README.md')
    .sort()
    .map((name) => {
      const text = readFileSync(`${FIXTURE_DIR}${name}`, 'utf8');
      return { name, text, body: name.endsWith('.json') ? (JSON.parse(text) as unknown) : text };
    });
}

export function fixture(name: string): unknown {
  const found = allFixtures().find((file) => file.name === name);
  if (found === undefined) throw new Error(`no fixture ${name} in ${FIXTURE_DIR}`);
  return found.body;
}
