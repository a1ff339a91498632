/**
 * A verdict's evidence lines in the reader's language (issue 35), from the kept numbers of a 200-device
 * site's failed devices (tests/support/report-site.ts): the catalog's English says word for word what
 * shared/format/acceptance-text.ts says (the CLI's and the English report's lines), Russian says them with
 * its own words and separators, and the report rendered in Russian carries them.
 */
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../electron/core/report/render-report';
import { evidenceLines } from '../../../shared/format/acceptance-text';
import { evidenceTexts } from '../../../shared/i18n/evidence-text';
import { createIntlFor, englishTranslator, translatorFrom } from '../../../shared/i18n/translate';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { largeSiteReport } from '../../support/report-site';

const report = largeSiteReport(200, { unaccepted: 5 });
const failed = report.devices.flatMap((d) => (d.acceptance?.verdict === 'fail' ? [d.acceptance] : []));
/** Non-breaking spaces (Russian groups thousands with them) as plain ones, to compare by eye. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('evidence lines in the reader’s language', () => {
  it('English readers get the English lines word for word', () => {
    expect(failed.length).toBeGreaterThan(0);
    for (const acceptance of failed) {
      expect(evidenceTexts(englishTranslator(), acceptance)).toEqual(evidenceLines(acceptance));
    }
  });

  it('the catalog’s English is the same words (boards to shares)', () => {
    // A reader who is not English but reads the English catalog: the lines come from the catalog.
    const catalogEnglish = translatorFrom('es', createIntlFor('en'));
    for (const acceptance of failed) {
      expect(evidenceTexts(catalogEnglish, acceptance).slice(0, 6)).toEqual(
        evidenceLines(acceptance).slice(0, 6),
      );
    }
  });

  it('says them in Russian with the locale’s separators', () => {
    const ru = createTranslator('ru');
    const lines = failed.flatMap((acceptance) => evidenceTexts(ru, acceptance)).map(plain);
    expect(lines).toContain('Мёртвые чипы: плата 2: 4 (чипы 12, 13, 40, 41)');
    expect(lines).toContain(
      'Хешрейт за окно: в среднем 199,80 TH/s из 196,52 TH/s номинала (101,7 %), минимум 197,20 TH/s',
    );
    expect(lines).toContain('Вентиляторы: 4, самый медленный 5 820 об/мин');
    expect(lines).toContain('Хеш-платы: на месте 2 из 3 (нет: 3)');
    expect(lines.filter((l) => l.startsWith('Наблюдение с '))).toHaveLength(failed.length);
  });

  it('the report rendered in Russian carries them, with the verdict’s reasons in Russian', () => {
    const html = plain(renderReport(report, 'html', 'ru').content);
    expect(html).toContain('<li>Мёртвые чипы: плата 2: 4 (чипы 12, 13, 40, 41)</li>');
    expect(html).not.toContain('Hash rate over the window');
    expect(html).not.toContain('Dead chips');
  });
});
