/**
 * The pseudo-locale `en-XA`: every English message with its letters accented, 40 % longer (Russian and
 * Spanish run 20–40 % longer than English) and wrapped in ⟦ ⟧, placeholders and plural/select syntax kept.
 * A screen in en-XA shows at once a string that is not from a catalog (no markers) and a layout that does
 * not hold a longer language (a marker cut off). Generated from the English catalog, never stored.
 */
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'ȧ',
  b: 'ƀ',
  c: 'ƈ',
  d: 'ḓ',
  e: 'ḗ',
  f: 'ƒ',
  g: 'ɠ',
  h: 'ħ',
  i: 'ī',
  j: 'ĵ',
  k: 'ķ',
  l: 'ŀ',
  m: 'ḿ',
  n: 'ƞ',
  o: 'ǿ',
  p: 'ƥ',
  q: 'ɋ',
  r: 'ř',
  s: 'ş',
  t: 'ŧ',
  u: 'ŭ',
  v: 'ṽ',
  w: 'ẇ',
  x: 'ẋ',
  y: 'ẏ',
  z: 'ẑ',
  A: 'Ȧ',
  B: 'Ɓ',
  C: 'Ƈ',
  D: 'Ḓ',
  E: 'Ḗ',
  F: 'Ƒ',
  G: 'Ɠ',
  H: 'Ħ',
  I: 'Ī',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ŀ',
  M: 'Ḿ',
  N: 'Ƞ',
  O: 'Ǿ',
  P: 'Ƥ',
  Q: 'Ɋ',
  R: 'Ř',
  S: 'Ş',
  T: 'Ŧ',
  U: 'Ŭ',
  V: 'Ṽ',
  W: 'Ẇ',
  X: 'Ẋ',
  Y: 'Ẏ',
  Z: 'Ẑ',
};
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
/** How much longer a pseudo-localised message is than its English source, in letters. */
export const PSEUDO_GROWTH = 0.4;

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** Every literal part accented; plural and select branches too; arguments untouched. */
function accentElements(elements: MessageFormatElement[]): number {
  let letters = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      letters += (element.value.match(/[A-Za-z]/g) ?? []).length;
      element.value = accent(element.value);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) letters += accentElements(option.value);
    } else if (element.type === TYPE.tag) {
      letters += accentElements(element.children);
    }
  }
  return letters;
}

/** One message in en-XA: `Scan {count} devices` → `⟦Şƈȧƞ {count} ḓḗṽīƈḗş ~~~~⟧`. */
export function pseudoLocalize(source: string): string {
  const ast = parse(source);
  const letters = accentElements(ast);
  // In words of up to five, so a long label wraps as a long language's would, not as one unbreakable run.
  const padding = ('~'.repeat(Math.ceil(letters * PSEUDO_GROWTH)).match(/.{1,5}/g) ?? []).join(' ');
  const body = printAST(ast);
  return `${PSEUDO_OPEN}${body}${padding === '' ? '' : ` ${padding}`}${PSEUDO_CLOSE}`;
}

export function pseudoCatalog(english: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, pseudoLocalize(text)]));
}
