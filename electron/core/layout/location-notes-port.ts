/**
 * The port through which the layout service writes and reads a device's own `location` note (issue 34).
 * The `notes` part implements it (`notes/location-notes.ts`, over the firmware's `/api/v1/notes`); the
 * layout service takes it as a dependency so that its tests can use a fake. Both import the type from here.
 */
import type { LocationNote, NoteWriteOutcome } from '../../../shared/domain/layout';

/** The device a note is written on: its inventory id (for the note kept) and where it answers. */
export interface LocationNoteTarget {
  deviceId: string;
  address: string;
}

export interface LocationNoteWrite {
  outcome: NoteWriteOutcome;
  /** Why the note was not written or not read back as sent, in words. */
  message?: string;
  /** What the device's note says after the write (read back). */
  note: LocationNote;
}

export interface LocationNoteRemoval {
  outcome: NoteWriteOutcome;
  message?: string;
}

export interface LocationNotes {
  /** Writes `value` under the `location` key: POST when absent, PUT when present, nothing when equal; read back. */
  write(target: LocationNoteTarget, value: string, signal?: AbortSignal): Promise<LocationNoteWrite>;
  /** Deletes the `location` note only while it still says `expected` (a note written by others is left alone). */
  remove(target: LocationNoteTarget, expected: string): Promise<LocationNoteRemoval>;
  /** Reads the device's `location` note now. */
  read(target: LocationNoteTarget): Promise<LocationNote>;
}
