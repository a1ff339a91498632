/**
 * Monitor settings that poll faster than a slow device answers an unlock (a 50 ms poll deadline): the
 * race where a poll gives up on the unlock before the device's verdict comes (lockout safety).
 */
export const FAST_POLLS = {
  intervalMs: 60,
  timeoutMs: 50,
  maxBackoffMs: 240,
  offlineAfterMissedPolls: 3,
} as const;
