/**
 * One device's line of an activity entry from its write result: the English words cut to what the log
 * keeps, and the same words as a key and values when the write said them so (issue 35) — what the log
 * stores stays language-neutral, and each window reads it in its own language.
 */
import type { ActivityEntry, WriteResult } from '../../../shared/domain/commission';

const MAX_MESSAGE = 1000;
const cut = (text: string): string =>
  text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;

export function activityDevice(result: WriteResult): ActivityEntry['devices'][number] {
  return {
    deviceId: result.deviceId,
    address: result.address,
    outcome: result.outcome,
    message: cut(result.message),
    ...(result.text !== undefined ? { text: result.text } : {}),
  };
}
