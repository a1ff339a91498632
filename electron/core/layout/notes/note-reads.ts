/**
 * Reading the devices' own `location` notes as they are read anyway (issue 34): a scan that finds a
 * known device, an unlock, the monitor's first answer from a device. Each device's note is read once per
 * site this session — one `GET /api/v1/notes` — off the critical path: the trigger only queues it, a few
 * reads run at a time behind everything else, and the results go to the layout service in batches
 * (`record(siteId, notes)`), which keeps them and tells the window (`layout:changed`).
 *
 * A note that could not be read (the device offline, or guarding its reads before it was unlocked) may be
 * read again by a later scan or unlock, at most `maxAttempts` times a session; a poll triggers only a
 * device never tried, so no poll ever costs more than a set lookup.
 */
import type { LocationNote } from '../../../../shared/domain/layout';
import type { LocationNoteTarget } from '../location-notes-port';

/** The layout service's `recordNotes`: keeps the notes read for the site's devices. */
export type RecordNotes = (siteId: string, notes: readonly LocationNote[]) => unknown;

export interface NoteReadsDeps {
  read: (target: LocationNoteTarget) => Promise<LocationNote>;
  /** The current site's id; undefined while no site is open (nothing is read). */
  site: () => string | undefined;
  /** The current site's device, or undefined for a device that is not in it. */
  device: (deviceId: string) => LocationNoteTarget | undefined;
  record: RecordNotes;
  /** Reads at a time (default 4): notes wait behind polls and scans, never in front of them. */
  concurrency?: number;
  /** Reads of one device's note a session at most (default 3). */
  maxAttempts?: number;
  /** Told of a `record` that threw (default: ignored; the next read records again). */
  onError?: (error: unknown) => void;
}

/** Why a device is being read: a poll reads only a device never tried. */
export type NoteTrigger = 'scan' | 'unlock' | 'poll';

export interface NoteReads {
  /** The device was just read by a scan, an unlock or a poll: read its note if due. */
  seen(deviceId: string, trigger: NoteTrigger): void;
  /** Resolves once nothing is queued or being read (tests, a CLI command before it exits). */
  idle(): Promise<void>;
  /** Stops reading: queued reads are dropped. */
  dispose(): void;
}

const BATCH = 50;

interface Queued {
  siteId: string;
  target: LocationNoteTarget;
}

export function createNoteReads(deps: NoteReadsDeps): NoteReads {
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  const maxAttempts = Math.max(1, deps.maxAttempts ?? 3);
  /** Per `siteId deviceId`: how many reads were begun, and whether one gave an answer. */
  const tried = new Map<string, { attempts: number; done: boolean }>();
  const queue: Queued[] = [];
  const pending: { siteId: string; note: LocationNote }[] = [];
  let running = 0;
  let disposed = false;
  let waiters: (() => void)[] = [];

  function due(key: string, trigger: NoteTrigger): boolean {
    const entry = tried.get(key);
    if (entry === undefined) return true;
    return trigger !== 'poll' && !entry.done && entry.attempts < maxAttempts;
  }

  function seen(deviceId: string, trigger: NoteTrigger): void {
    if (disposed) return;
    const siteId = deps.site();
    if (siteId === undefined) return;
    // The set lookup first: a poll of a device already read costs nothing more.
    const key = `${siteId} ${deviceId}`;
    if (!due(key, trigger)) return;
    const target = deps.device(deviceId);
    if (target === undefined) return;
    const entry = tried.get(key) ?? { attempts: 0, done: false };
    entry.attempts += 1;
    tried.set(key, entry);
    queue.push({ siteId, target });
    pump();
  }

  function pump(): void {
    while (!disposed && running < concurrency && queue.length > 0) {
      const next = queue.shift() as Queued;
      running += 1;
      void readOne(next).finally(() => {
        running -= 1;
        pump();
        if (running === 0 && queue.length === 0) settle();
      });
    }
  }

  async function readOne({ siteId, target }: Queued): Promise<void> {
    const note = await deps.read(target).catch((): LocationNote => ({
      deviceId: target.deviceId,
      state: 'unreadable',
      readAt: new Date().toISOString(),
    }));
    if (disposed) return;
    const entry = tried.get(`${siteId} ${target.deviceId}`);
    if (entry !== undefined && note.state !== 'unreadable') entry.done = true;
    pending.push({ siteId, note });
    // One batch when the queue drains (settle), and one every 50 notes so a big scan shows them as they come.
    if (pending.length >= BATCH) flush();
  }

  function flush(): void {
    const bySite = new Map<string, LocationNote[]>();
    for (const { siteId, note } of pending.splice(0)) {
      bySite.set(siteId, [...(bySite.get(siteId) ?? []), note]);
    }
    for (const [siteId, notes] of bySite) {
      try {
        const recorded = deps.record(siteId, notes);
        if (recorded instanceof Promise) recorded.catch((error: unknown) => deps.onError?.(error));
      } catch (error) {
        deps.onError?.(error);
      }
    }
  }

  function settle(): void {
    flush();
    for (const resolve of waiters.splice(0)) resolve();
  }

  return {
    seen,
    idle: () =>
      running === 0 && queue.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push(resolve);
          }),
    dispose: () => {
      disposed = true;
      queue.length = 0;
      waiters.forEach((resolve) => resolve());
      waiters = [];
    },
  };
}
