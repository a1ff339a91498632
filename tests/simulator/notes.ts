/**
 * The firmware's notes (vendor OpenAPI 1.2.6, tag `notes`): a small key → text store on the device that
 * tools use to leave words on it (issue 34 keeps a placed device's slot under `location`).
 *
 * - `GET /api/v1/notes` → `{key: value, …}`; `GET /api/v1/notes/{key}` → `{"value"}`, 404 when absent.
 *   Anonymous in the vendor document (no `security`); `guardedReads` guards them like the other reads.
 * - `POST /api/v1/notes {"key", "value"}` → 200 empty; 409 when the key exists; 507 when full.
 * - `PUT /api/v1/notes/{key} {"value"}` → 200 empty. The document lists no 404 and calls its answer
 *   "Notes add successfully": it is taken to add a key that is absent (assumption, field-notes.md).
 * - `DELETE /api/v1/notes/{key}` → 200 empty; 404 when absent.
 * Writes need a token or API key. Limits (the document names none; 507 exists, so some limit does): at
 * most `MAX_NOTES` notes and `MAX_NOTES_BYTES` of keys and values together; a key is 1–64 characters.
 * Notes are the device's own: kept across reboots and firmware updates (the simulator never clears them).
 * `notesApi: false`: firmware without the notes API (the oldest), 404 on every `/notes` path.
 */
import { fail, parseObject } from './handlers';
import type { Handler } from './handlers';
import type { Route } from './router';
import { empty, json } from './sim-response';

export const NOTES_PATH = '/api/v1/notes';
/** The route that answers `/api/v1/notes/<key>` (router.ts maps every key to it). */
export const NOTE_KEY_ROUTE = `${NOTES_PATH}/{key}`;
export const MAX_NOTES = 64;
export const MAX_NOTES_BYTES = 4096;
export const MAX_NOTE_KEY = 64;

/** One device's notes, in the order they were added. */
export class DeviceNotes {
  private readonly entries = new Map<string, string>();

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.entries.set(key, value);
  }

  get all(): Record<string, string> {
    return Object.fromEntries(this.entries);
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** False when the store would be over its limits with `key` set to `value`. */
  fits(key: string, value: string): boolean {
    const next = new Map(this.entries).set(key, value);
    let bytes = 0;
    for (const [k, v] of next) bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
    return next.size <= MAX_NOTES && bytes <= MAX_NOTES_BYTES;
  }

  set(key: string, value: string): void {
    this.entries.set(key, value);
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }
}

/** The route key of a notes path: `/api/v1/notes/<one segment>` → NOTE_KEY_ROUTE; others unchanged. */
export function notesRouteOf(pathname: string): string {
  const rest = pathname.startsWith(`${NOTES_PATH}/`) ? pathname.slice(NOTES_PATH.length + 1) : undefined;
  return rest !== undefined && rest !== '' && !rest.includes('/') ? NOTE_KEY_ROUTE : pathname;
}

export const isNotesPath = (pathname: string): boolean =>
  pathname === NOTES_PATH || pathname.startsWith(`${NOTES_PATH}/`);

/** The key named by the path, decoded; undefined when the encoding is broken. */
function keyOf(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.slice(NOTES_PATH.length + 1));
  } catch {
    return undefined;
  }
}

const keyProblem = (key: unknown): string | undefined =>
  typeof key !== 'string' || key === '' || key.length > MAX_NOTE_KEY
    ? `key must be a string of 1 to ${MAX_NOTE_KEY} characters`
    : undefined;

const readNotes: Handler = (ctx) => json(200, ctx.notes.all);

const readNote: Handler = (ctx, req) => {
  const key = keyOf(req.pathname);
  const value = key === undefined ? undefined : ctx.notes.get(key);
  return value === undefined ? fail(ctx, 404, 'Note not found') : json(200, { value });
};

const createNote: Handler = (ctx, req) => {
  const body = parseObject(req.body);
  if (body === undefined) return fail(ctx, 400, 'Json deserialize error: expected an object');
  const problem = keyProblem(body.key);
  if (problem !== undefined) return fail(ctx, 400, problem);
  if (typeof body.value !== 'string') return fail(ctx, 400, 'value must be a string');
  const key = body.key as string;
  if (ctx.notes.has(key)) return fail(ctx, 409, `Note ${key} already exists`);
  if (!ctx.notes.fits(key, body.value)) return fail(ctx, 507, 'Notes storage is full');
  ctx.notes.set(key, body.value);
  return empty(200);
};

const updateNote: Handler = (ctx, req) => {
  const key = keyOf(req.pathname);
  const problem = keyProblem(key);
  if (problem !== undefined) return fail(ctx, 400, problem);
  const body = parseObject(req.body);
  if (body === undefined || typeof body.value !== 'string') return fail(ctx, 400, 'value must be a string');
  if (!ctx.notes.fits(key as string, body.value)) return fail(ctx, 507, 'Notes storage is full');
  ctx.notes.set(key as string, body.value);
  return empty(200);
};

const deleteNote: Handler = (ctx, req) => {
  const key = keyOf(req.pathname);
  return key !== undefined && ctx.notes.delete(key) ? empty(200) : fail(ctx, 404, 'Note not found');
};

export const fieldNotesRoutes: [string, Record<string, Route>][] = [
  [NOTES_PATH, { GET: { auth: 'none', handle: readNotes }, POST: { auth: 'required', handle: createNote } }],
  [
    NOTE_KEY_ROUTE,
    {
      GET: { auth: 'none', handle: readNote },
      PUT: { auth: 'required', handle: updateNote },
      DELETE: { auth: 'required', handle: deleteNote },
    },
  ],
];
