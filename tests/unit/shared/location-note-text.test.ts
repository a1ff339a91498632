/** The words about a device's own `location` note (shared/format/location-note-text.ts, issue 34). */
import { describe, expect, it } from 'vitest';
import {
  keptNoteValue,
  locationNoteWords,
  NO_NOTES_API_SHORT,
  noteProblem,
} from '../../../shared/format/location-note-text';

const HERE = 'Hall 7 / C2-R07-S3-P2';
const THERE = 'Hall 3 / A1-R02-S1-P4';

describe('location note words', () => {
  it('placed here, the note says elsewhere: its note says …', () => {
    expect(locationNoteWords({ state: 'present', value: THERE }, HERE)).toBe(`its note says ${THERE}`);
  });

  it('a note and no place here: offers to take it', () => {
    expect(locationNoteWords({ state: 'present', value: HERE }, undefined)).toBe(
      `its note says ${HERE} — place it there?`,
    );
  });

  it('no notes API: placed in Minerdeck only (for a placed device)', () => {
    expect(locationNoteWords({ state: 'unsupported' }, HERE)).toBe(NO_NOTES_API_SHORT);
    expect(NO_NOTES_API_SHORT).toBe('no notes API: placed in Minerdeck only');
    expect(locationNoteWords({ state: 'unsupported' }, undefined)).toBeUndefined();
  });

  it('nothing to say: the note agrees, none was read, or it could not be read', () => {
    expect(locationNoteWords({ state: 'present', value: HERE }, HERE)).toBeUndefined();
    expect(locationNoteWords({ state: 'absent' }, HERE)).toBeUndefined();
    expect(locationNoteWords({ state: 'unreadable' }, undefined)).toBeUndefined();
    expect(locationNoteWords(undefined, HERE)).toBeUndefined();
  });

  it('hostile text from a device is shown escaped', () => {
    expect(locationNoteWords({ state: 'present', value: 'Hall\u001b]0;x\u0007 1 / S1' }, undefined)).toBe(
      'its note says Hall\\x1b]0;x\\x07 1 / S1 — place it there?',
    );
  });

  it('what can be written, and what is kept of what was read', () => {
    expect(noteProblem(HERE)).toBeUndefined();
    expect(noteProblem(' ')).toMatch(/empty/);
    expect(noteProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(noteProblem('a\tb')).toMatch(/control characters/);
    expect(keptNoteValue('a\u202eb')).toBe('a\\u202eb');
    const long = keptNoteValue('y'.repeat(500));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
