/**
 * The hand-over report in the customer's language (issue 35): the same report, built by the real builder
 * (tests/support/report-site.ts), rendered in Russian, Spanish and Simplified Chinese has its headings,
 * counts and signature block in that language, its numbers and times as the locale writes them, the
 * document's `lang`; its CSV's labels and header follow the language while every value stays the same
 * machine-readable one; its JSON is the same in every language; and English is the report it always was.
 */
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../electron/core/report/render-report';
import type { Locale } from '../../../../shared/i18n/locales';
import { largeSiteReport } from '../../../support/report-site';

// 1,200 devices: a count with a thousands separator; a layout: rack pages, their legend and counts.
const report = largeSiteReport(1200, {
  failed: 6,
  unaccepted: 2,
  layout: { racks: 4, shelves: 2, positions: 3, unplaced: 3, skipEvery: 5 },
});
const html = (language?: Locale): string => renderReport(report, 'html', language).content;
const csv = (language?: Locale): string[] => renderReport(report, 'csv', language).content.split('\r\n');
const NBSP = '\u00a0';
const NNBSP = '\u202f';

interface Expected {
  lang: string;
  headline: RegExp;
  words: string[];
  english: string[];
  /** A failed device's hash rate share with the locale's decimal separator. */
  decimal: RegExp;
  date: RegExp;
  csvHeader: string[];
}

const ENGLISH_HEADINGS = [
  'Site owner',
  'date of hand-over',
  'Pools in force',
  '<th>Verdict</th>',
  'empty slot',
  'The site standard',
];

const EXPECTED: Record<Exclude<Locale, 'en'>, Expected> = {
  ru: {
    lang: 'ru',
    // "1 200" with the locale's (no-break) space.
    headline: new RegExp(
      `<h1>Принято \\d+, не принято \\d+, ожидают \\d+ из 1[${NBSP}${NNBSP} ]200 устройств</h1>|<h1>Принято [\\d${NBSP}${NNBSP} ]+ из 1[${NBSP}${NNBSP} ]200 устройств</h1>`,
    ),
    words: [
      '<p class="kicker">Акт передачи · ',
      '<dt>Техник</dt>',
      '<div class="role">Владелец площадки</div>',
      '<div class="hint">подпись</div>',
      '<div class="hint">дата передачи</div>',
      '<h2>Передача</h2>',
      'Действующие пулы',
      '<th>Хешрейт, % от номинала</th>',
      'Стойка ',
      '✗ НЕ ПРИНЯТО: не прошло приёмку',
      'пустой слот',
      '<b>Стандарт площадки:</b> для этой площадки стандарт не задан',
    ],
    english: ENGLISH_HEADINGS,
    decimal: /<td class="num">\d+,\d %<\/td>/,
    // "1 мар. 2026 г., 10:05 (UTC+01:00)": the month's word, a 24-hour clock, the offset.
    date: /<dt>Дата<\/dt><dd>1 мар\. 2026 г\., \d{1,2}:05 \(UTC[+-]\d\d:\d\d\)<\/dd>/,
    csvHeader: ['адрес', 'стойка', 'слот', 'прошивка', 'хешрейт_ths', 'воркер', 'вердикт'],
  },
  es: {
    lang: 'es',
    // Spanish groups thousands from five digits on (CLDR's minimum grouping): "1200", "12.000".
    headline: /<h1>Aceptados \d+(, fallidos \d+, pendientes \d+)? de 1200 equipos<\/h1>/,
    words: [
      '<p class="kicker">Acta de entrega · ',
      '<dt>Técnico</dt>',
      '<div class="role">Propietario del sitio</div>',
      '<div class="hint">firma</div>',
      '<div class="hint">fecha de entrega</div>',
      '<h2>Entrega</h2>',
      'Pools vigentes',
      '<th>Tasa de hash, % del nominal</th>',
      '✗ FALLIDO: falló su aceptación',
      'ranura vacía',
      '<b>El estándar del sitio:</b> este sitio no tiene estándar',
    ],
    english: ENGLISH_HEADINGS,
    decimal: /<td class="num">\d+,\d %<\/td>/,
    date: /<dt>Fecha<\/dt><dd>1 mar 2026, \d{1,2}:05 \(UTC[+-]\d\d:\d\d\)<\/dd>/,
    csvHeader: ['dirección', 'rack', 'ranura', 'firmware', 'tasa_hash_ths', 'worker', 'veredicto'],
  },
  'zh-Hans': {
    lang: 'zh-Hans',
    headline: /<h1>1,200 台设备中(验收通过 [\d,]+ 台|：验收通过 [\d,]+ 台，未通过 \d+ 台，待定 \d+ 台)<\/h1>/,
    words: [
      '<p class="kicker">交接报告 · ',
      '<dt>技术员</dt>',
      '<div class="role">矿场业主</div>',
      '<div class="hint">签字</div>',
      '<div class="hint">交接日期</div>',
      '<h2>交接</h2>',
      '当前矿池',
      '<th>算力，占额定值 %</th>',
      '✗ 未通过：验收未通过',
      '空槽位',
      'Noto Sans CJK SC',
      '<b>矿场标准:</b> 此矿场未设置标准',
    ],
    english: ENGLISH_HEADINGS,
    decimal: /<td class="num">\d+\.\d%<\/td>/,
    date: /<dt>日期<\/dt><dd>2026年3月1日 \d{1,2}:05（UTC[+-]\d\d:\d\d）<\/dd>/,
    csvHeader: ['地址', '机架', '槽位', '固件', '算力_THs', '矿工', '结论'],
  },
};

/** The CSV's rows without their first cell (the label): the values, which never depend on the language. */
const values = (rows: string[]): string[] => rows.map((row) => row.replace(/^[^,]*,?/, ''));

describe('the report in English, as it always was', () => {
  it('is the same with no language and with English, and says lang="en"', () => {
    expect(html('en')).toBe(html());
    expect(html()).toContain('<html lang="en">');
    expect(html()).toContain('<h2>Hand-over</h2>');
    expect(html()).not.toContain('Noto Sans CJK SC');
    expect(csv('en')).toEqual(csv());
    expect(csv()).toContain(csv().find((row) => row.startsWith('address,label,area,rack,slot,mac')));
  });
});

describe.each(Object.entries(EXPECTED))('the report in %s', (language, expected) => {
  const locale = language as Locale;
  const page = html(locale);

  it('has the language’s lang, headline, headings and signature block, and no English heading', () => {
    expect(page).toContain(`<html lang="${expected.lang}">`);
    expect(page).toMatch(expected.headline);
    for (const words of expected.words) expect(page).toContain(words);
    for (const words of expected.english) expect(page).not.toContain(words);
  });

  it('writes numbers and times as the locale does', () => {
    expect(page).toMatch(expected.decimal);
    expect(page).toMatch(expected.date);
    // A 24-hour clock, never AM/PM.
    expect(page).not.toMatch(/\d:\d\d\s?(AM|PM)/);
  });

  it('has the CSV’s labels and header in the language, and every value unchanged', () => {
    const english = csv();
    const translated = csv(locale);
    expect(translated).toHaveLength(english.length);
    const headerAt = english.findIndex((row) => row.startsWith('address,'));
    const header = translated[headerAt]!.split(',');
    expect(header).toHaveLength(english[headerAt]!.split(',').length);
    for (const name of expected.csvHeader) expect(header).toContain(name);
    expect(header).not.toContain('address');
    // The devices' rows: byte for byte the English ones (numbers, codes, times).
    expect(translated.slice(headerAt + 1)).toEqual(english.slice(headerAt + 1));
    // The heading rows: the label translated, the value the same.
    expect(translated[0]!.split(',')[0]).not.toBe('site');
    expect(values(translated.slice(0, headerAt))).toEqual(values(english.slice(0, headerAt)));
  });

  it('has the same JSON as in English', () => {
    expect(renderReport(report, 'json', locale).content).toBe(renderReport(report, 'json').content);
  });
});
