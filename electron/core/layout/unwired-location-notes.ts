/**
 * LocationNotes for a shell that has no device client for notes yet: nothing is sent, and each place is
 * kept in the inventory only, said in words. Replaced by notes/location-notes.ts once wired.
 */
import type { LocationNotes } from './location-notes-port';

export const unwiredLocationNotes: LocationNotes = {
  write: async (target) => ({
    outcome: 'not-sent',
    message: 'the location note was not written: this build does not write notes yet',
    note: { deviceId: target.deviceId, state: 'unreadable', readAt: new Date().toISOString() },
  }),
  remove: async () => ({
    outcome: 'not-sent',
    message: 'the location note was not removed: this build does not write notes yet',
  }),
  read: async (target) => ({
    deviceId: target.deviceId,
    state: 'unreadable',
    readAt: new Date().toISOString(),
  }),
};
