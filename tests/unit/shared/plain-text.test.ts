/** The one rule for text people name and write (site names, labels, notes): no control characters. */
import { describe, expect, it } from 'vitest';
import {
  controlCharacterProblem,
  describeCharacter,
  findControlCharacter,
} from '../../../shared/domain/plain-text';

describe('findControlCharacter', () => {
  it.each([
    ['C0', 'R1\u0000', 3, 'U+0000 (a control character)'],
    ['escape', '\u001b]0;title\u0007', 1, 'U+001B (an escape)'],
    ['DEL', 'ab\u007f', 3, 'U+007F (a delete character)'],
    ['C1 (CSI)', 'x\u009b2J', 2, 'U+009B (a control character)'],
    ['right-to-left override', 'abc\u202edcb', 4, 'U+202E (a right-to-left override)'],
    ['isolate', '\u2067x', 1, 'U+2067 (a text-direction control)'],
    ['right-to-left mark', 'a\u200fb', 2, 'U+200F (a text-direction control)'],
    ['line separator', 'a\u2028b', 2, 'U+2028 (a line separator)'],
    ['line break in one line', 'R1\nR2', 3, 'U+000A (a line break)'],
  ])('finds a %s', (_what, text, position, described) => {
    expect(findControlCharacter(text)).toEqual({ position, described });
  });

  it('counts characters as people do (an emoji is one), and passes plain text of any script', () => {
    expect(findControlCharacter('🚀 R1\u001b')?.position).toBe(5);
    expect(findControlCharacter('Halle 3 – Süd · 北 · שורה 2 · 🚀')).toBeUndefined();
  });

  it('keeps line breaks and tabs in text of several lines, never a lone carriage return', () => {
    const notes = { lineBreaks: true };
    expect(findControlCharacter('a\nb\r\nc\td', notes)).toBeUndefined();
    expect(findControlCharacter('a\rb', notes)).toEqual({
      position: 2,
      described: 'U+000D (a carriage return)',
    });
    expect(findControlCharacter('a\n\u001b[2J', notes)?.position).toBe(3);
  });
});

describe('controlCharacterProblem', () => {
  it('says what, which character and where, without printing it', () => {
    const said = controlCharacterProblem('The label', 'R1\u001b[2J');
    expect(said).toBe(
      'The label cannot hold U+001B (an escape), found at character 3: only plain text is kept (no control characters).',
    );
    expect(said).not.toContain('\u001b');
    expect(controlCharacterProblem('The notes', 'fine\n', { lineBreaks: true })).toBeUndefined();
    expect(describeCharacter('\t')).toBe('U+0009 (a tab)');
  });
});
