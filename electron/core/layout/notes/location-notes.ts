/**
 * A device's own `location` note (issue 34, docs/placement.md "The location on the device"): the slot a
 * placed device stands in, written on the device with its firmware's notes API so that the device itself
 * says where it belongs — to another laptop, another tool, the next crew.
 *
 * The rules of every write to a device (docs/design.md): read first (an equal note → `unchanged`, nothing
 * sent), then ONE request — POST when absent, PUT when present — sent once and never resent (an answer
 * that got lost may still have been applied: the read-back decides), then a read-back: `written` only when
 * the device says what was sent. Only the `location` key is ever written or deleted: notes other tools
 * keep beside it are never touched. Firmware without the notes API → `unsupported`, the place kept in
 * Minerdeck only. Reads go anonymously first (`SessionManager.read`: firmware that guards its reads gets
 * the credential); writes carry the credential the session manager chooses, keychain first, as every write.
 */
import type { LocationNote, NoteWriteOutcome } from '../../../../shared/domain/layout';
import { LOCATION_NOTE_KEY } from '../../../../shared/format/slot-name';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import { noteProblem, NO_NOTES_API_WORDS } from '../../../../shared/format/location-note-text';
import type { ActionDeps } from '../../commission/action-write';
import { callOf, readBack, sendOnce, trimDot } from '../../commission/action-write';
import type { SessionTarget } from '../../credentials/session-target';
import type { DeviceCredential } from '../../../../shared/domain/credential';
import type {
  LocationNoteRemoval,
  LocationNotes,
  LocationNoteTarget,
  LocationNoteWrite,
} from '../location-notes-port';
import { noteOf, readLocation } from './location-note-read';
import type { LocationRead } from './location-note-read';

export interface LocationNotesDeps extends ActionDeps {
  /** Field time, epoch ms, for `readAt` (default Date.now). */
  now?: () => number;
}

type Resolved = { ok: true; target: SessionTarget } | { ok: false; why: string };

function sessionTarget(target: LocationNoteTarget): Resolved {
  const address = parseDeviceAddress(target.address);
  return address.ok
    ? { ok: true, target: { deviceId: target.deviceId, address: address.value } }
    : { ok: false, why: address.error.message };
}

export function createLocationNotes(deps: LocationNotesDeps): LocationNotes {
  const now = deps.now ?? Date.now;
  const readNow = (target: SessionTarget, signal?: AbortSignal): Promise<LocationRead> =>
    readLocation(deps, target, now, signal);

  /** Sends one write, then reads back; `expect` is what the note should say afterwards (undefined: gone). */
  async function sendAndReadBack(
    target: SessionTarget,
    write: (credential: DeviceCredential) => Promise<unknown>,
    expect: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ outcome: NoteWriteOutcome; message?: string; read: LocationRead }> {
    const sent = await readBack(() => sendOnce(deps, target, write, signal));
    if (!sent.ok) {
      const read = await readNow(target, signal);
      return { outcome: 'failed', message: `${sent.why}; nothing was written`, read };
    }
    const read = await readNow(target, signal);
    const lost = sent.value.answered ? '' : ` (its answer was lost: ${sent.value.why})`;
    if (read.note.state === 'unreadable') {
      return {
        outcome: 'failed',
        message: `could not read it back (${read.why ?? 'no answer'}); it may have been applied${lost}`,
        read,
      };
    }
    if (read.raw === expect) return { outcome: 'written', read };
    const says =
      read.raw === undefined ? 'it has no location note' : `its note says ${read.note.value ?? ''}`;
    return { outcome: 'failed', message: `read back, ${says}${lost}`, read };
  }

  async function write(
    target: LocationNoteTarget,
    value: string,
    signal?: AbortSignal,
  ): Promise<LocationNoteWrite> {
    const notSent = (message: string, state: LocationNote['state'] = 'unreadable'): LocationNoteWrite => ({
      outcome: 'not-sent',
      message,
      note: noteOf(target.deviceId, state, undefined, now()),
    });
    const problem = noteProblem(value);
    if (problem !== undefined) return notSent(`${problem}; nothing was sent`);
    const resolved = sessionTarget(target);
    if (!resolved.ok) return notSent(`${trimDot(resolved.why)}; nothing was sent`);
    const st = resolved.target;
    const before = await readNow(st, signal);
    if (before.note.state === 'unsupported') {
      return { outcome: 'unsupported', message: NO_NOTES_API_WORDS, note: before.note };
    }
    if (before.note.state === 'unreadable') {
      const why = `could not read its location note (${before.why ?? 'no answer'}); nothing was sent`;
      return { outcome: signal?.aborted === true ? 'not-sent' : 'failed', message: why, note: before.note };
    }
    if (before.raw === value) return { outcome: 'unchanged', note: before.note };
    const note = { key: LOCATION_NOTE_KEY, value };
    const call = callOf(signal);
    const send =
      before.raw === undefined
        ? (credential: DeviceCredential) => deps.client.createNote(st.address, credential, note, call)
        : (credential: DeviceCredential) => deps.client.updateNote(st.address, credential, note, call);
    const done = await sendAndReadBack(st, send, value, signal);
    return {
      outcome: done.outcome,
      ...(done.message !== undefined ? { message: done.message } : {}),
      note: done.read.note,
    };
  }

  async function remove(target: LocationNoteTarget, expected: string): Promise<LocationNoteRemoval> {
    const resolved = sessionTarget(target);
    if (!resolved.ok) return { outcome: 'not-sent', message: `${trimDot(resolved.why)}; nothing was sent` };
    const st = resolved.target;
    const before = await readNow(st);
    switch (before.note.state) {
      case 'unsupported':
        return { outcome: 'unsupported', message: NO_NOTES_API_WORDS };
      case 'unreadable':
        return {
          outcome: 'failed',
          message: `could not read its location note (${before.why ?? 'no answer'}); nothing was deleted`,
        };
      case 'absent':
        return { outcome: 'unchanged' };
      case 'present':
        break;
    }
    if (before.raw !== expected) {
      // Someone placed it elsewhere since (another laptop, another tool): their note is theirs.
      return {
        outcome: 'unchanged',
        message: `its note says ${before.note.value ?? ''}: left as it is`,
      };
    }
    const del = (credential: DeviceCredential) =>
      deps.client.deleteNote(st.address, credential, LOCATION_NOTE_KEY, callOf(undefined));
    const done = await sendAndReadBack(st, del, undefined, undefined);
    return { outcome: done.outcome, ...(done.message !== undefined ? { message: done.message } : {}) };
  }

  return {
    write,
    remove,
    read: async (target) => {
      const resolved = sessionTarget(target);
      if (!resolved.ok) return noteOf(target.deviceId, 'unreadable', undefined, now());
      return (await readNow(resolved.target)).note;
    },
  };
}
