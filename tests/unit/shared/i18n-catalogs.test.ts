/**
 * The catalogs are complete (issue 35): every language has every English key of every area, no key of its
 * own, the same placeholders, plural forms its grammar needs (Russian: one, few, many), the glossary's word
 * for every domain word, and every message parses as ICU. A catalog that fails here would show English —
 * or a broken sentence — to a technician who reads Russian, Spanish or Chinese.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOG_AREAS } from '../../../shared/i18n/catalogs';
import { LOCALES } from '../../../shared/i18n/locales';
import { pseudoLocalize, PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../shared/i18n/pseudo';
import { REPO_ROOT } from '../../support/run-cli';

const CATALOG_DIR = join(REPO_ROOT, 'shared/i18n/catalogs');
const read = (locale: string, area: string): Record<string, string> =>
  JSON.parse(readFileSync(join(CATALOG_DIR, locale, `${area}.json`), 'utf8')) as Record<string, string>;

interface Shape {
  args: Set<string>;
  plurals: string[][];
}
/** The argument names a message uses and, for each plural, its forms. */
function shapeOf(text: string): Shape {
  const shape: Shape = { args: new Set(), plurals: [] };
  const walk = (elements: MessageFormatElement[]): void => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      if (e.type === TYPE.tag) {
        shape.args.add(`<${e.value}>`);
        walk(e.children);
        continue;
      }
      shape.args.add(e.value);
      if (e.type === TYPE.plural) shape.plurals.push(Object.keys(e.options));
      if (e.type === TYPE.plural || e.type === TYPE.select)
        for (const o of Object.values(e.options)) walk(o.value);
    }
  };
  walk(parse(text));
  return shape;
}

const glossary = JSON.parse(readFileSync(join(REPO_ROOT, 'shared/i18n/glossary.json'), 'utf8')) as {
  terms: Record<string, string>[];
};
/** The text a reader sees, without the ICU syntax around it (so `{pool}` is not the word pool). */
function words(text: string): string {
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]): void => {
    for (const e of elements) {
      if (e.type === TYPE.literal) out.push(e.value);
      if (e.type === TYPE.tag) walk(e.children);
      if (e.type === TYPE.plural || e.type === TYPE.select)
        for (const o of Object.values(e.options)) walk(o.value);
    }
  };
  walk(parse(text));
  return out.join(' ');
}

const translated = LOCALES.filter((l) => l !== 'en');

describe.each(CATALOG_AREAS)('catalog area %s', (area) => {
  const english = read('en', area);

  it('English keys start with the area and every message parses', () => {
    for (const [key, text] of Object.entries(english)) {
      expect(key.startsWith(`${area}.`), key).toBe(true);
      expect(() => shapeOf(text), `${key}: ${text}`).not.toThrow();
    }
  });

  it.each(translated)('%s has every key, no other, the same placeholders, its plural forms', (locale) => {
    const catalog = read(locale, area);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, source] of Object.entries(english)) {
      const text = catalog[key]!;
      expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
      const want = shapeOf(source);
      const got = shapeOf(text);
      expect([...got.args].sort(), `${locale} ${key}: ${text}`).toEqual([...want.args].sort());
      for (const forms of got.plurals) {
        expect(forms, `${locale} ${key}: a plural needs "other"`).toContain('other');
        if (locale === 'ru') {
          const exact = forms.filter((f) => f.startsWith('='));
          if (exact.length < forms.length - 1)
            expect(forms, `ru ${key}: ${text}`).toEqual(
              expect.arrayContaining(['one', 'few', 'many', 'other']),
            );
        }
      }
    }
  });

  it.each(translated)('%s uses the glossary word for every domain word', (locale) => {
    const catalog = read(locale, area);
    for (const [key, source] of Object.entries(english)) {
      const sourceWords = words(source).toLowerCase();
      for (const term of glossary.terms) {
        const pattern = new RegExp(`\\b${term.en!.replace(/ /g, '[ -]')}(s|es)?\\b`);
        if (!pattern.test(sourceWords)) continue;
        const stem = term[locale]!.toLowerCase();
        expect(words(catalog[key]!).toLowerCase(), `${locale} ${key}: "${term.en}" is "${stem}…"`).toContain(
          stem,
        );
      }
    }
  });

  it('every message has a pseudo-localised form with the same placeholders, in markers', () => {
    for (const [key, source] of Object.entries(english)) {
      const pseudo = pseudoLocalize(source);
      expect(pseudo.startsWith(PSEUDO_OPEN) && pseudo.endsWith(PSEUDO_CLOSE), key).toBe(true);
      expect([...shapeOf(pseudo).args].sort(), key).toEqual([...shapeOf(source).args].sort());
    }
  });
});
