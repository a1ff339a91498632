/** Text from a device made printable for a terminal (shared/format/printable.ts). */
import { describe, expect, it } from 'vitest';
import { printable } from '../../../shared/format/printable';

describe('printable', () => {
  it.each([
    ['an escape sequence setting the title', '\u001b]0;pwned\u0007S21', '\\x1b]0;pwned\\x07S21'],
    ['a screen clear', 'S21\u001b[2J\u001b[H', 'S21\\x1b[2J\\x1b[H'],
    ['a forged line', 'rig-1\n10.0.0.9  online  all good', 'rig-1\\n10.0.0.9  online  all good'],
    ['a carriage return and a tab', 'a\rb\tc', 'a\\rb\\tc'],
    ['NUL, DEL and a C1 CSI', 'a\u0000b\u007fc\u009b2J', 'a\\x00b\\x7fc\\x9b2J'],
    ['a right-to-left override', 'rig\u202eexe.1', 'rig\\u202eexe.1'],
    ['isolates and marks', '\u2066a\u2069\u200e\u200f\u061c', '\\u2066a\\u2069\\u200e\\u200f\\u061c'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
  ])('shows %s escaped', (_what, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('keeps printable text, accents, emoji and backslashes as they are, and is idempotent', () => {
    const plain = 'Antminer S21 Pro · 65 °C · Zürich 🚀 C:\\miner\\x1b';
    expect(printable(plain)).toBe(plain);
    const once = printable('a\u001b[31mb\nc\u202e');
    expect(printable(once)).toBe(once);
  });

  it('leaves no control character, bidirectional control or separator behind', () => {
    const every = Array.from({ length: 0x2070 }, (_, code) => String.fromCharCode(code)).join('');
    expect(printable(every)).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u);
  });
});
