/**
 * The note reads' bounds (note-reads.ts): a few reads at a time, once per device per site and session,
 * a poll never reads a device twice, an unreadable note read again by a scan or unlock at most
 * `maxAttempts` times, results batched per site, a `record` that throws never stops the reads.
 */
import { describe, expect, it } from 'vitest';
import type { LocationNote } from '../../../../../shared/domain/layout';
import { createNoteReads } from '../../../../../electron/core/layout/notes/note-reads';
import type { NoteReadsDeps } from '../../../../../electron/core/layout/notes/note-reads';

const AT = '2026-11-29T04:00:00.000Z';

function setup(
  state: (id: string) => LocationNote['state'] = () => 'absent',
  extra: Partial<NoteReadsDeps> = {},
) {
  let inFlight = 0;
  let peak = 0;
  const reads: string[] = [];
  const recorded: { siteId: string; notes: readonly LocationNote[] }[] = [];
  let site: string | undefined = 'hall-7';
  const noteReads = createNoteReads({
    read: async ({ deviceId }) => {
      reads.push(deviceId);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      return { deviceId, state: state(deviceId), readAt: AT };
    },
    site: () => site,
    device: (deviceId) =>
      deviceId.startsWith('gone') ? undefined : { deviceId, address: `http://${deviceId}` },
    record: (siteId, notes) => void recorded.push({ siteId, notes }),
    ...extra,
  });
  return {
    noteReads,
    reads,
    recorded,
    peak: () => peak,
    setSite: (s: string | undefined) => void (site = s),
  };
}

describe('note reads', () => {
  it('at most 4 at a time; 120 devices read once each, recorded in batches of at most 50', async () => {
    const s = setup();
    for (let i = 0; i < 120; i += 1) s.noteReads.seen(`d${i}`, 'scan');
    for (let i = 0; i < 120; i += 1) s.noteReads.seen(`d${i}`, 'poll');
    await s.noteReads.idle();
    expect(s.reads).toHaveLength(120);
    expect(s.peak()).toBe(4);
    expect(s.recorded.map((r) => r.notes.length)).toEqual([50, 50, 20]);
  });

  it('unreadable: a poll never reads again, a scan or unlock does, at most 3 times in all', async () => {
    const s = setup(() => 'unreadable');
    s.noteReads.seen('d1', 'poll');
    await s.noteReads.idle();
    s.noteReads.seen('d1', 'poll');
    for (let i = 0; i < 5; i += 1) {
      s.noteReads.seen('d1', i % 2 === 0 ? 'unlock' : 'scan');
      await s.noteReads.idle();
    }
    expect(s.reads).toEqual(['d1', 'd1', 'd1']);
  });

  it('read once per site: the same device in another site is read again; no site or not in it: nothing', async () => {
    const s = setup();
    s.noteReads.seen('d1', 'scan');
    await s.noteReads.idle();
    s.setSite('hall-8');
    s.noteReads.seen('d1', 'scan');
    s.noteReads.seen('gone-1', 'scan');
    await s.noteReads.idle();
    s.setSite(undefined);
    s.noteReads.seen('d2', 'scan');
    await s.noteReads.idle();
    expect(s.reads).toEqual(['d1', 'd1']);
    expect(s.recorded.map((r) => r.siteId)).toEqual(['hall-7', 'hall-8']);
  });

  it('a record that throws is reported and the reads go on; dispose drops what is queued', async () => {
    const errors: unknown[] = [];
    const s = setup(undefined, {
      record: () => {
        throw new Error('inventory locked');
      },
      onError: (e) => void errors.push(e),
    });
    s.noteReads.seen('d1', 'scan');
    await s.noteReads.idle();
    s.noteReads.seen('d2', 'scan');
    await s.noteReads.idle();
    expect(errors).toHaveLength(2);
    for (let i = 0; i < 20; i += 1) s.noteReads.seen(`q${i}`, 'scan');
    s.noteReads.dispose();
    await s.noteReads.idle();
    expect(s.reads.length).toBeLessThanOrEqual(2 + 4);
  });
});
