/**
 * Reading a device's `location` note: `GET /api/v1/notes` (the whole list: a 404 there means firmware
 * without the notes API, where a 404 on `/notes/location` could mean either), anonymously first and with
 * the credential on firmware that guards its reads (`SessionManager.read`). The raw value is kept for
 * comparisons (what was sent against what is there); the note kept and shown is printable, ≤ 200.
 */
import type { LocationNote } from '../../../../shared/domain/layout';
import { keptNoteValue } from '../../../../shared/format/location-note-text';
import { LOCATION_NOTE_KEY } from '../../../../shared/format/slot-name';
import type { ActionDeps } from '../../commission/action-write';
import { callOf, readBack } from '../../commission/action-write';
import type { SessionTarget } from '../../credentials/session-target';

/** A read: the note as kept, the device's exact text when present, and why when unreadable. */
export interface LocationRead {
  note: LocationNote;
  raw?: string;
  why?: string;
}

export function noteOf(
  deviceId: string,
  state: LocationNote['state'],
  raw: string | undefined,
  at: number,
): LocationNote {
  return {
    deviceId,
    state,
    ...(raw !== undefined ? { value: keptNoteValue(raw) } : {}),
    readAt: new Date(at).toISOString(),
  };
}

export async function readLocation(
  deps: ActionDeps,
  target: SessionTarget,
  now: () => number,
  signal: AbortSignal | undefined,
): Promise<LocationRead> {
  const call = callOf(signal);
  const answer = await readBack(() =>
    deps.sessions.read(target, (credential) => deps.client.readNotes(target.address, credential, call), call),
  );
  const at = now();
  const { deviceId } = target;
  if (!answer.ok) return { note: noteOf(deviceId, 'unreadable', undefined, at), why: answer.why };
  const notes = answer.value;
  if (notes.api === 'missing') return { note: noteOf(deviceId, 'unsupported', undefined, at) };
  if (notes.unreadable.includes(LOCATION_NOTE_KEY)) {
    const why = 'its location note is not text';
    return { note: noteOf(deviceId, 'unreadable', undefined, at), why };
  }
  const raw = Object.hasOwn(notes.notes, LOCATION_NOTE_KEY) ? notes.notes[LOCATION_NOTE_KEY] : undefined;
  return raw === undefined
    ? { note: noteOf(deviceId, 'absent', undefined, at) }
    : { note: noteOf(deviceId, 'present', raw, at), raw };
}
