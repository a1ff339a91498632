/**
 * `minerdeck accept`'s usage line, apart from its module so `minerdeck help` lists it without loading the
 * device client (main.ts).
 */
export const ACCEPT_USAGE =
  'minerdeck accept <targets…> [--minutes N] [--min-hashrate P] [--max-chip-temp C] [--site NAME] [--password-stdin] [--json]';

/**
 * Test knob, not part of the command's contract: the spacing of the readings in ms (default one a minute),
 * so a test can watch a short window with several readings.
 */
export const SAMPLE_EVERY_ENV = 'MINERDECK_ACCEPTANCE_SAMPLE_MS';
