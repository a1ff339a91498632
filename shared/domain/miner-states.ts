/**
 * The device's own state words (`miner_state`) → a coarse kind (badges, alerts) and plain words a
 * technician reads next to the word. Every value of the vendor's `MinerState` enum is here (vendor OpenAPI
 * 1.2.6, field-notes.md last section; a unit test reads the enum from the vendor document, so a value added
 * there fails until it has a row here), plus words older firmware was seen to use. Zod-free: the renderer
 * and the CLI show the words too.
 */
import type { MinerStateKind } from './kinds';

export interface MinerStateLook {
  kind: MinerStateKind;
  /** What the state means for the person on site, in a few words. */
  words: string;
}

/** A Map, not an object literal: a state named "constructor" must not find Object's prototype. */
const LOOKS = new Map<string, MinerStateLook>([
  // The vendor's enum, in its order.
  ['mining', { kind: 'mining', words: 'hashing normally' }],
  ['initializing', { kind: 'starting', words: 'the control board is getting ready to mine' }],
  ['starting', { kind: 'starting', words: 'the hash boards are powering up' }],
  [
    'auto-tuning',
    { kind: 'tuning', words: 'tuning each chip for best output; hash rate stays low until it ends' },
  ],
  ['restarting', { kind: 'starting', words: 'mining is restarting; it comes back by itself' }],
  // Stopping on purpose (a stop or reboot was asked for): not a failure, and no hash rate is expected.
  ['shutting-down', { kind: 'stopped', words: 'mining is shutting down; hash rate falls to zero' }],
  ['stopped', { kind: 'stopped', words: 'not mining: stopped on purpose, not by a fault' }],
  ['failure', { kind: 'failure', words: 'mining stopped on a fault; see the description' }],
  // Not in the vendor's enum, seen on other firmware of the family.
  [
    'tuning',
    { kind: 'tuning', words: 'tuning each chip for best output; hash rate stays low until it ends' },
  ],
  ['paused', { kind: 'stopped', words: 'mining is paused on purpose' }],
]);

const UNKNOWN: MinerStateLook = { kind: 'unknown', words: 'a state this app does not know' };

/** The kind and words of a state word as the device sent it (case and spaces at the ends ignored). */
export function minerStateLook(name: string): MinerStateLook {
  return LOOKS.get(name.trim().toLowerCase()) ?? UNKNOWN;
}

/** "shutting-down (mining is shutting down; hash rate falls to zero)": the word with its meaning. */
export function minerStateText(name: string): string {
  return `${name} (${minerStateLook(name).words})`;
}
