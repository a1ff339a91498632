/**
 * The firmware's notes API (vendor OpenAPI 1.2.6, tag `notes`; field-notes.md "Notes"): a small key → text
 * store on the device. Reads are anonymous in the vendor document (some firmware guards them: the caller
 * passes the credential `SessionManager.read` chooses); writes take a token or API key and are sent once,
 * never resent (a PUT or DELETE that got no answer may have been applied: only a read tells).
 *
 * Firmware without the notes API answers 404 to `GET /notes`: that is `{api: 'missing'}`, not an error. A
 * 404 on `GET /notes/{key}` is ambiguous (no such note, or no notes API), so callers that must tell read
 * the whole list. Bodies are read tolerantly: a list that is not an object is BAD_RESPONSE; a value that
 * is not text is named in `unreadable` rather than failing the notes of other tools beside it.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import { message } from '../../../shared/i18n/message';
import { readJsonBody } from './answer';
import { DeviceError, isDeviceError } from './device-error';
import type { Send } from './exchange';
import type { TransportResponse } from './http-exchange';
import { asObject, jsonType, own } from './json-fields';
import type { AddressInput } from './request-input';
import type { CallOptions } from './transport';

const NOTES = '/notes';
/** The simulator's and our own bound; real firmware documents none (507 says some bound exists). */
export const MAX_NOTE_KEY_LENGTH = 64;
/** Far above a `location` note (≤ 200); a longer value is a bug of ours, not a note. */
export const MAX_NOTE_VALUE_LENGTH = 1024;

/** What `GET /notes` told: no notes API on this firmware, or its notes. */
export type NotesAnswer =
  | { api: 'missing' }
  | {
      api: 'present';
      /** Every note whose value is text. */
      notes: Readonly<Record<string, string>>;
      /** Keys whose value is not text (not the documented shape): never taken as a value. */
      unreadable: readonly string[];
    };

export interface NoteCalls {
  /** `GET /notes` → every note; `{api: 'missing'}` on a 404 (firmware without the notes API). */
  readNotes(
    address: AddressInput,
    credential: DeviceCredential | undefined,
    call?: CallOptions,
  ): Promise<NotesAnswer>;
  /** `GET /notes/{key}` → its `value`; 404 → HTTP_ERROR status 404 (absent, or no notes API). */
  readNote(
    address: AddressInput,
    credential: DeviceCredential | undefined,
    key: string,
    call?: CallOptions,
  ): Promise<string>;
  /** `POST /notes {"key", "value"}` → the raw body (usually empty: null); 409 when the key exists. */
  createNote(
    address: AddressInput,
    credential: DeviceCredential,
    note: { key: string; value: string },
    call?: CallOptions,
  ): Promise<unknown>;
  /** `PUT /notes/{key} {"value"}` → the raw body (usually empty: null). */
  updateNote(
    address: AddressInput,
    credential: DeviceCredential,
    note: { key: string; value: string },
    call?: CallOptions,
  ): Promise<unknown>;
  /** `DELETE /notes/{key}` → the raw body (usually empty: null); 404 when absent. */
  deleteNote(
    address: AddressInput,
    credential: DeviceCredential,
    key: string,
    call?: CallOptions,
  ): Promise<unknown>;
}

/** A key we send: checked before any socket opens, so a bug of ours never reaches a device. */
export function requireNoteKey(key: unknown): string {
  if (typeof key !== 'string' || key === '' || key.length > MAX_NOTE_KEY_LENGTH || /\p{Cc}/u.test(key)) {
    throw new DeviceError(
      'INVALID_INPUT',
      `A note's key is 1 to ${MAX_NOTE_KEY_LENGTH} characters without control characters.`,
      {},
      { text: message('errors.input.noteKey', { max: MAX_NOTE_KEY_LENGTH }) },
    );
  }
  return key;
}

export function requireNoteValue(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_NOTE_VALUE_LENGTH) {
    throw new DeviceError(
      'INVALID_INPUT',
      `A note's value is text of at most ${MAX_NOTE_VALUE_LENGTH} characters.`,
      {},
      { text: message('errors.input.noteValue', { max: MAX_NOTE_VALUE_LENGTH }) },
    );
  }
  // A control character would garble every line that shows the note, here and in other tools.
  if (/\p{Cc}/u.test(value))
    throw new DeviceError(
      'INVALID_INPUT',
      "A note's value contains control characters.",
      {},
      {
        text: message('errors.input.noteControl'),
      },
    );
  return value;
}

/** `GET /notes`'s body: an object of key → text. */
export function readNotesBody(body: unknown, where: string): NotesAnswer {
  const object = asObject(body);
  if (object === undefined) {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${where}: its notes are not a JSON object (got ${jsonType(body)}).`,
      {},
      { text: message('errors.device.notesNotObject', { where, type: jsonType(body) }) },
    );
  }
  const entries: [string, string][] = [];
  const unreadable: string[] = [];
  for (const key of Object.keys(object)) {
    const value = own(object, key);
    if (typeof value === 'string') entries.push([key, value]);
    else unreadable.push(key);
  }
  // fromEntries defines own properties: a key such as `__proto__` stays a note, never a prototype.
  return { api: 'present', notes: Object.fromEntries(entries), unreadable };
}

/** `GET /notes/{key}`'s body: `{"value": text}`. */
export function readNoteBody(body: unknown, where: string, key: string): string {
  const value = own(asObject(body) ?? {}, 'value');
  if (typeof value !== 'string') {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${where}: its note ${JSON.stringify(key)} is not {"value": text} (got ${jsonType(body)}).`,
      {},
      {
        text: message('errors.device.noteNotValue', {
          where,
          key: JSON.stringify(key),
          type: jsonType(body),
        }),
      },
    );
  }
  return value;
}

const isNotFound = (error: unknown): boolean =>
  isDeviceError(error) && error.code === 'HTTP_ERROR' && error.detail.status === 404;

const keyPath = (key: string): string => `${NOTES}/${encodeURIComponent(requireNoteKey(key))}`;

/** The notes calls over the client's `send` (same timeouts, size cap, credential header, errors). */
export function createNoteCalls(send: Send): NoteCalls {
  // A write's answer may be empty (the vendor documents none): an empty 200 is an acceptance too (null).
  const written = {
    onSuccess: (response: TransportResponse, where: string) => readJsonBody(response, where, true),
  };
  return {
    readNotes: async (address, credential, call) => {
      try {
        return await send(
          address,
          {
            method: 'GET',
            path: NOTES,
            credential: credential ?? null,
            onSuccess: (response, where) => readNotesBody(readJsonBody(response, where), where),
          },
          call,
        );
      } catch (error) {
        if (isNotFound(error)) return { api: 'missing' };
        throw error;
      }
    },
    readNote: async (address, credential, key, call) =>
      send(
        address,
        {
          method: 'GET',
          path: keyPath(key),
          credential: credential ?? null,
          onSuccess: (response, where) => readNoteBody(readJsonBody(response, where), where, key),
        },
        call,
      ),
    createNote: async (address, credential, note, call) => {
      const body = { key: requireNoteKey(note.key), value: requireNoteValue(note.value) };
      return send(address, { method: 'POST', path: NOTES, credential, body, ...written }, call);
    },
    updateNote: async (address, credential, note, call) => {
      const path = keyPath(note.key);
      const body = { value: requireNoteValue(note.value) };
      return send(address, { method: 'PUT', path, credential, body, ...written }, call);
    },
    deleteNote: async (address, credential, key, call) =>
      send(address, { method: 'DELETE', path: keyPath(key), credential, ...written }, call),
  };
}
