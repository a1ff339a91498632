/**
 * The closed word lists of the domain, as plain constants in a module without zod: the renderer needs
 * them at run time (the `monitor:diff` wire form refers to states and alert kinds by position), and
 * importing them from the schema modules would ship zod in its bundle. The schema modules re-export them.
 */

/** Coarse class of the device's own state name, for badges and alerts. */
export const MINER_STATE_KINDS = ['mining', 'tuning', 'starting', 'stopped', 'failure', 'unknown'] as const;
export type MinerStateKind = (typeof MINER_STATE_KINDS)[number];

/**
 * - `discovered`: in the list, not polled yet.
 * - `unlocking`: the first poll is checking the device's stored credentials (opening a session).
 * - `locked`: the device needs credentials and none usable is stored; it never answered us this run.
 * - `needs-password`: credentials that worked no longer do (password changed on the device, key revoked),
 *   or the stored password was refused; a new password is needed and nothing is retried by itself.
 * - `auth-failed`: the device refuses access even with a session (403 on a read).
 * - `locked-out`: too many wrong passwords; the device refuses unlocks for a while.
 * - `online`: answering with a reading (its own state may still be `failure`, see the reason and alerts).
 * - `offline`: no answer for N polls in a row; polled with backoff.
 * - `error`: it answers, but not usably (500, not JSON, TLS certificate changed…).
 * - `rebooting` / `restarting`: a reboot or mining restart was asked for (by this process, or by another
 *   one, found in the site's activity log): silence or a booting state is expected, not an alarm, until the
 *   device answers again or a deadline passes (then the usual state and alarm).
 */
export const MONITOR_STATES = [
  'discovered',
  'unlocking',
  'locked',
  'needs-password',
  'auth-failed',
  'locked-out',
  'online',
  'offline',
  'error',
  // Appended: the `monitor:diff` wire form names states by position.
  'rebooting',
  'restarting',
] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

/** A count per monitoring state, all zero: where fleet totals start. */
export const zeroByState = (): Record<MonitorState, number> =>
  Object.fromEntries(MONITOR_STATES.map((s) => [s, 0])) as Record<MonitorState, number>;

export const ALERT_KINDS = [
  'offline',
  'needs-password',
  'auth-failed',
  'locked-out',
  'failure',
  'error',
  'temperature',
  'hash-rate',
  /** Another address answers with this device's MAC: a cloned or misconfigured control board. */
  'duplicate-mac',
  /**
   * Its working password (stored, or given this session) is the vendor default `admin`: anyone on the LAN
   * can change its pools. From the keychain's metadata, not a reading (fleet-service.ts feeds it in).
   */
  'factory-password',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
