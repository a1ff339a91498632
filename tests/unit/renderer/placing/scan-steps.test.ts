import { describe, expect, it } from 'vitest';
import type { LabelMatch, PlacePreviewItem, PlaceResultItem } from '../../../../shared/domain/layout';
import type { ScannedSlot, ScanStep } from '../../../../renderer/src/features/placing/scan-steps';
import type { Cue } from '../../../../renderer/src/features/placing/scan-steps';
import { shownText } from '../../../../renderer/src/features/placing/shown-words';
import { englishTranslator } from '../../../../shared/i18n/translate';

/** The words a cue shows to an English reader (the cue keeps a message, the window renders it). */
const en = englishTranslator();
const said = (cue: Cue): { tone: Cue['tone']; text: string } => ({
  tone: cue.tone,
  text: shownText(en, cue.text),
});
import {
  afterAnswer,
  afterMatch,
  afterPlace,
  afterPreview,
  cleanLabel,
  DEVICE_STEP,
  expectedWords,
  slotChosen,
} from '../../../../renderer/src/features/placing/scan-steps';

const device41: LabelMatch = { kind: 'device', deviceId: 'd41', address: '10.0.0.41' };
const device42: LabelMatch = {
  kind: 'device',
  deviceId: 'd42',
  address: '10.0.0.42',
  slotName: 'C2-R07-S1-P1',
};
const slotRef = { rackId: 'rack-a', shelf: 3, position: 2 };
const slotMatch: LabelMatch = { kind: 'slot', slotRef, slotName: 'C2-R07-S3-P2' };
const slot: ScannedSlot = { slotRef, slotName: 'C2-R07-S3-P2' };
const d41 = { deviceId: 'd41', address: '10.0.0.41' };

const preview = (patch: Partial<PlacePreviewItem>): PlacePreviewItem => ({
  index: 0,
  device: 'd41',
  slot: 'C2-R07-S3-P2',
  outcome: 'place',
  message: 'placed',
  ...patch,
});

describe('scan steps: which label is expected next', () => {
  it('goes device → slot → (preview) → place → device again', () => {
    expect(en.t(expectedWords(DEVICE_STEP))).toMatch(/device's label/);
    const afterDevice = afterMatch(DEVICE_STEP, 'SN41', device41);
    expect(afterDevice.step).toEqual({ kind: 'slot', device: d41 });
    expect(en.t(expectedWords(afterDevice.step))).toBe('Scan or click the slot for 10.0.0.41');
    expect(afterDevice.request).toBeUndefined();

    const afterSlot = afterMatch(afterDevice.step, 'C2-R07-S3-P2', slotMatch);
    expect(afterSlot.request).toEqual({ kind: 'preview', device: d41, slot });

    const previewed = afterPreview(d41, slot, preview({ outcome: 'place' }));
    expect(previewed.request).toEqual({ kind: 'place', device: d41, slot, acceptMoves: false });

    const result: PlaceResultItem = { ...preview({}), placed: true, note: 'written' };
    const placed = afterPlace(d41, slot, result);
    expect(placed.step).toEqual(DEVICE_STEP);
    expect(said(placed.cue)).toEqual({ tone: 'placed', text: 'Placed 10.0.0.41 in C2-R07-S3-P2' });
  });

  it('refuses a slot scanned before any device, in words, and still expects a device', () => {
    const turn = afterMatch(DEVICE_STEP, 'C2-R07-S3-P2', slotMatch);
    expect(turn.step).toEqual(DEVICE_STEP);
    expect(turn.cue.tone).toBe('refused');
    expect(said(turn.cue).text).toBe("C2-R07-S3-P2 is a slot: scan the device's label first");
    expect(turn.request).toBeUndefined();
  });

  it('takes a second device scanned instead of a slot as the one to place, saying the first was not placed', () => {
    const waiting: ScanStep = { kind: 'slot', device: d41 };
    const turn = afterMatch(waiting, 'SN42', device42);
    expect(turn.step).toEqual({
      kind: 'slot',
      device: { deviceId: 'd42', address: '10.0.0.42', slotName: 'C2-R07-S1-P1' },
    });
    expect(said(turn.cue).text).toBe(
      '10.0.0.42, now in C2-R07-S1-P1: scan its slot (10.0.0.41 was not placed)',
    );
  });

  it('says each refused label in words and keeps the step', () => {
    const waiting: ScanStep = { kind: 'slot', device: d41 };
    const cases: [LabelMatch, RegExp][] = [
      [{ kind: 'unknown' }, /“XX” is no device or slot of this site/],
      [{ kind: 'not-in-site', siteName: 'Hall 3' }, /device of the site Hall 3, not of this one/],
      [
        {
          kind: 'ambiguous',
          candidates: [
            { deviceId: 'a', address: '10.0.0.1' },
            { deviceId: 'b', address: '10.0.0.2' },
          ],
        },
        /matches 2 devices \(10\.0\.0\.1, 10\.0\.0\.2\)/,
      ],
    ];
    for (const [match, words] of cases) {
      const turn = afterMatch(waiting, 'XX', match);
      expect(turn.step).toBe(waiting);
      expect(turn.cue.tone).toBe('refused');
      expect(said(turn.cue).text).toMatch(words);
    }
  });

  it('asks before a move or a taken slot; yes places with moves accepted, no skips to the next device', () => {
    const occupied = afterPreview(
      d41,
      slot,
      preview({ outcome: 'occupied', occupant: { deviceId: 'd9', address: '10.0.0.9' } }),
    );
    expect(occupied.step.kind).toBe('confirm');
    expect(said(occupied.cue)).toEqual({
      tone: 'ask',
      text: 'C2-R07-S3-P2 holds 10.0.0.9 — move 10.0.0.41 here? (Enter/Y yes, Esc/N no)',
    });
    expect(occupied.request).toBeUndefined();
    expect(en.t(expectedWords(occupied.step))).toMatch(/Enter or Y.*Esc or N/);

    const yes = afterAnswer(occupied.step, true);
    expect(yes.request).toEqual({ kind: 'place', device: d41, slot, acceptMoves: true });
    const no = afterAnswer(occupied.step, false);
    expect(no.step).toEqual(DEVICE_STEP);
    expect(no.request).toBeUndefined();
    expect(said(no.cue).text).toBe('Skipped: 10.0.0.41 not moved');

    const move = afterPreview(d41, slot, preview({ outcome: 'move', from: 'C2-R07-S1-P1' }));
    expect(said(move.cue).text).toBe(
      '10.0.0.41 stands in C2-R07-S1-P1 — move it to C2-R07-S3-P2? (Enter/Y yes, Esc/N no)',
    );
  });

  it('says "already there" and refused outcomes with main\'s words', () => {
    const same = afterPreview(d41, slot, preview({ outcome: 'already-there' }));
    expect(same.step).toEqual(DEVICE_STEP);
    expect(said(same.cue)).toEqual({ tone: 'same', text: '10.0.0.41 is already in C2-R07-S3-P2' });
    const unknown = afterPreview(
      d41,
      slot,
      preview({ outcome: 'unknown-slot', message: 'no slot C9 in this site' }),
    );
    expect(said(unknown.cue)).toEqual({ tone: 'refused', text: 'no slot C9 in this site' });
    expect(unknown.step).toEqual({ kind: 'slot', device: d41 });
  });

  it('a click on a slot works like a scanned slot label', () => {
    expect(slotChosen({ kind: 'slot', device: d41 }, slot).request).toEqual({
      kind: 'preview',
      device: d41,
      slot,
    });
    expect(slotChosen(DEVICE_STEP, slot).cue.tone).toBe('refused');
  });

  it('says when the location note could not be written, and when main did not place', () => {
    const unsupported = afterPlace(d41, slot, { ...preview({}), placed: true, note: 'unsupported' });
    expect(said(unsupported.cue).text).toBe(
      'Placed 10.0.0.41 in C2-R07-S3-P2 (kept here only: its firmware has no notes)',
    );
    const refused = afterPlace(d41, slot, {
      ...preview({ message: 'slot taken meanwhile' }),
      placed: false,
      note: 'not-sent',
    });
    expect(said(refused.cue)).toEqual({ tone: 'refused', text: 'Not placed: slot taken meanwhile' });
    expect(refused.step).toEqual({ kind: 'slot', device: d41 });
  });

  it('cleans what a scanner adds around a label', () => {
    expect(cleanLabel('  02:98:AF:00:00:41\r\n')).toBe('02:98:AF:00:00:41');
    expect(cleanLabel('\u0002SN-123\u0003')).toBe('SN-123');
    expect(cleanLabel(' \t ')).toBe('');
  });
});
