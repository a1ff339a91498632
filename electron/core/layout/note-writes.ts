/**
 * Writing the devices' `location` notes once their placements are kept (issue 34): each device once, at
 * most 8 at a time (a hall's switch, not the laptop, is the limit), never re-sent by itself — a failed
 * write is told and the technician places again. A note another tool wrote under another key is never
 * touched (the notes part writes the `location` key only); a firmware without the notes API keeps the
 * place in the inventory only, and says so. What each write did becomes one activity entry per request.
 */
import type { ActivityEntry, WriteOutcome } from '../../../shared/domain/commission';
import type { LocationNote, NoteWriteOutcome } from '../../../shared/domain/layout';
import { runBulk } from '../credentials/bulk';
import type { LocationNotes, LocationNoteTarget } from './location-notes-port';

export const NOTE_CONCURRENCY = 8;

export interface NoteJob {
  target: LocationNoteTarget;
  /** `write`: the note to say `value`; `remove`: delete it while it still says `value`. */
  kind: 'write' | 'remove';
  value: string;
}

export interface NoteDone {
  job: NoteJob;
  outcome: NoteWriteOutcome;
  message?: string;
  /** What the device's note says now (read back after a write). */
  note?: LocationNote;
}

export async function runNoteJobs(
  notes: LocationNotes,
  jobs: readonly NoteJob[],
  signal?: AbortSignal,
): Promise<NoteDone[]> {
  const outcomes = await runBulk(
    jobs,
    async (job, jobSignal): Promise<NoteDone> => {
      if (job.kind === 'remove') return { job, ...(await notes.remove(job.target, job.value)) };
      const written = await notes.write(job.target, job.value, jobSignal);
      return {
        job,
        outcome: written.outcome,
        ...(written.message !== undefined ? { message: written.message } : {}),
        note: written.note,
      };
    },
    { concurrency: NOTE_CONCURRENCY, ...(signal !== undefined ? { signal } : {}) },
  );
  return outcomes.map((o) =>
    o.ok
      ? o.value
      : {
          job: o.item,
          outcome: o.error.code === 'CANCELLED' ? 'not-sent' : 'failed',
          message: o.error.message,
        },
  );
}

const ACTIVITY_OUTCOME: Record<NoteWriteOutcome, WriteOutcome> = {
  written: 'done',
  unchanged: 'done',
  failed: 'failed',
  unsupported: 'skipped',
  'not-sent': 'skipped',
};

/** Words for an outcome without a message of its own. */
export function noteWords(done: Pick<NoteDone, 'outcome' | 'message' | 'job'>): string {
  if (done.message !== undefined && done.message !== '') return done.message;
  const removing = done.job.kind === 'remove';
  switch (done.outcome) {
    case 'written':
      return removing ? 'location note removed' : `location written: ${done.job.value}`;
    case 'unchanged':
      return removing ? 'no location note of ours to remove' : `location already said ${done.job.value}`;
    case 'unsupported':
      return 'no notes API on this firmware: the place is kept in the inventory only';
    case 'not-sent':
      return 'not sent';
    default:
      return 'the location note could not be written';
  }
}

/** The request's one activity entry (its devices' outcomes), or undefined when nothing was sent. */
export function noteActivity(
  siteId: string,
  at: string,
  what: string,
  done: readonly NoteDone[],
): Omit<ActivityEntry, 'id' | 'by'> | undefined {
  if (done.length === 0) return undefined;
  return {
    siteId,
    at,
    action: 'location',
    what,
    devices: done.map((d) => ({
      deviceId: d.job.target.deviceId,
      address: d.job.target.address,
      outcome: ACTIVITY_OUTCOME[d.outcome],
      message: noteWords(d).slice(0, 1000),
    })),
  };
}

/** "placed 48 of 50 devices; location written on 47, kept here only on 1 (no notes API); 1 failed". */
export function placeSummary(asked: number, placed: number, notes: readonly NoteDone[]): string {
  const writes = notes.filter((n) => n.job.kind === 'write');
  const count = (outcome: NoteWriteOutcome) => writes.filter((n) => n.outcome === outcome).length;
  const parts = [`placed ${placed} of ${asked} device${asked === 1 ? '' : 's'}`];
  const written = count('written') + count('unchanged');
  if (writes.length > 0) parts.push(`location written on ${written}`);
  if (count('unsupported') > 0) parts.push(`kept here only on ${count('unsupported')} (no notes API)`);
  if (count('failed') > 0) parts.push(`${count('failed')} note${count('failed') === 1 ? '' : 's'} failed`);
  if (count('not-sent') > 0) parts.push(`${count('not-sent')} not sent`);
  return parts.join('; ');
}
