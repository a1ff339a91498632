/**
 * Every view in every language on a field laptop's screen (issue 35), in real Chromium (browser harness,
 * the built renderer, the real core services, simulated devices online and placed in a rack): Russian,
 * Simplified Chinese, Spanish and the pseudo-locale en-XA (English 40 % longer, in ⟦ ⟧ markers) at 1280×720
 * and 1024×640. Each view — Discover, Fleet, Racks, Sites, Report, Settings — and the Commission dialog:
 * the page never scrolls sideways and no control outside a scrolling area is cut off; in en-XA no text
 * the window shows is bare (every word came from a catalog). The language is switched in Settings and the
 * window follows at once, without a reload; with "system", the window follows the system's language.
 * Screenshots: tests/.tmp/screenshots/locale-<locale>-<size>-<view>.png.
 */
import { userInfo } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGS } from '../../shared/i18n/catalogs';
import type { UiLocale } from '../../shared/i18n/locales';
import { createTranslator } from '../../shared/i18n/translate-sync';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import { openAppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, waitAllOnline, withStoredPasswords } from './harness/e2e-session';

const PASSWORD = 'locale-screen-pw-35';
const COUNT = 12;
const LOCALES: readonly UiLocale[] = ['ru', 'zh-Hans', 'es', 'en-XA'];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
] as const;
/** The views by their shortcut (Alt+1…6), in the navigation's order. */
const VIEWS = ['discover', 'fleet', 'racks', 'sites', 'report', 'settings'] as const;

/** The catalog's words for an English text of the window, in `locale` (the test reads the same catalogs). */
function say(locale: UiLocale, english: string, values?: Record<string, string | number>): string {
  const id = Object.keys(CATALOGS.en).find((key) => CATALOGS.en[key] === english);
  if (id === undefined) throw new Error(`no catalog message reads "${english}"`);
  return createTranslator(locale).t(id as never, values);
}

/**
 * Measured in the page (plain JavaScript: the tests are compiled without the DOM's types): the page's own
 * sideways overflow; controls and headings not whole in the window that no scrolling box holds; and, for
 * the pseudo-locale, every visible text with letters outside ⟦ ⟧ (words that did not come from a catalog).
 */
const MEASURE = `((pseudo) => {
  const doc = document.documentElement;
  const scrolls = (el) => {
    for (let at = el.parentElement; at; at = at.parentElement) {
      const s = getComputedStyle(at);
      if (/(auto|scroll)/.test(s.overflowY + s.overflowX) && (at.scrollHeight > at.clientHeight || at.scrollWidth > at.clientWidth)) return true;
    }
    return false;
  };
  const whole = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const named = (el) => el.tagName.toLowerCase() + ' "' + ((el.textContent || '').trim().slice(0, 60) || el.getAttribute('aria-label')) + '"';
  const controls = [...document.querySelectorAll('button, input, select, h1, h2, [role="toolbar"]')].filter(
    (el) => el.getClientRects().length > 0 && !scrolls(el),
  );
  const bare = [];
  if (pseudo) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      // A document in its own language (the report preview: the customer's) is not the window's words.
      const own = el && el.closest('[lang]');
      if (!el || (own && own !== doc) || el.getClientRects().length === 0) continue;
      const outside = (node.textContent || '').replace(/⟦[^⟧]*⟧/g, ' ');
      if (/[A-Za-z]{3,}/.test(outside)) bare.push(outside.trim().slice(0, 80));
    }
  }
  return {
    scrollWidth: doc.scrollWidth,
    clientWidth: doc.clientWidth,
    cutOff: controls.filter((el) => !whole(el.getBoundingClientRect())).map(named),
    bare,
  };
})`;

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  cutOff: string[];
  bare: string[];
}

/** Text that is data, the same in every language: addresses, MACs, models, versions, names the test gave. */
function isData(text: string, fleet: Fleet): boolean {
  if (/^[\d\s.:/,%()×–—·°A-F-]*$/.test(text)) return true;
  // One word of letters, digits and _ . : @ / + - with a digit or _ in it: an identifier (a worker, a
  // version, a host name, a pool's address), never a sentence.
  if (/^[\w.:@/+-]+$/.test(text) && /[\d_]/.test(text)) return true;
  // The laptop's own network interfaces (the Discover view's range suggestions).
  if (/^(eth|enp|ens|eno|wlan|wlp|wl|en|lo|br|docker|veth|tun|tap)[\w.-]*$/.test(text)) return true;
  const data = [
    'Site 1',
    'Minerdeck',
    'minerdeck',
    'test-laptop',
    userInfo().username,
    ...fleet.devices.flatMap((d) => [d.address, d.options.model ?? '', d.options.firmwareVersion ?? '']),
  ].filter((d) => d !== '');
  let rest = text;
  for (const d of data) rest = rest.split(d).join(' ');
  return !/[A-Za-z]{3,}/.test(
    rest.replace(/\b(TH\/s|GH\/s|kW|MB|GB|CSV|JSON|HTML|PDF|API|LED|MAC|IP|URL|HTTP|HTTPS|TLS)\b/g, ''),
  );
}

async function showView(page: Page, index: number): Promise<void> {
  await page.keyboard.press(`Alt+${index + 1}`);
  await expect.poll(() => page.locator('nav [aria-current="page"]').count(), { timeout: 10_000 }).toBe(1);
  // A view's first reads (the layout, the report's preview) land within a poll or two.
  await page.waitForTimeout(600);
}

describeWith(browserRequirement, 'every view in every language, in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 800, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ harness } = session);
    await waitAllOnline(harness, COUNT);
  }, 180_000);

  afterAll(() => session?.close());

  for (const locale of LOCALES) {
    it(`${locale}: every view fits 1280×720 and 1024×640${locale === 'en-XA' ? ', no bare text' : ''}`, async () => {
      const saved = await harness.services.settings.update({ language: { app: locale } });
      expect(saved.ok).toBe(true);
      for (const size of SIZES) {
        const app: AppPage = await openAppPage(session!.browser, harness.server, size);
        const { page } = app;
        try {
          await expect.poll(() => page.evaluate('document.documentElement.lang')).not.toBe('');
          // Every view measured before anything is asserted: one run names every problem of the locale.
          const found: string[] = [];
          for (const [index, view] of VIEWS.entries()) {
            await showView(page, index);
            await app.screenshot(`locale-${locale}-${size.width}x${size.height}-${view}`);
            const layout: Layout = await page.evaluate(`${MEASURE}(${JSON.stringify(locale === 'en-XA')})`);
            const at = `${size.width}×${size.height} ${view}`;
            if (layout.scrollWidth > layout.clientWidth) found.push(`${at}: the page scrolls sideways`);
            for (const cut of layout.cutOff) found.push(`${at}: cut off: ${cut}`);
            for (const text of layout.bare.filter((t) => !isData(t, fleet)))
              found.push(`${at}: bare: ${text}`);
          }
          expect(found).toEqual([]);
          expect(app.problems).toEqual([]);
        } finally {
          await app.close();
        }
      }
    }, 180_000);
  }

  it('switches the language in Settings at once, without a reload; "system" follows the system', async () => {
    await harness.services.settings.update({ language: { app: 'en' } });
    const app = await openAppPage(session!.browser, harness.server, SIZES[0]);
    const { page } = app;
    try {
      await page.evaluate('window.__sameDocument = true');
      await showView(page, VIEWS.indexOf('settings'));
      await page.getByLabel(say('en', 'Language of Minerdeck')).selectOption('ru');
      const fleetWord = say('ru', 'Fleet');
      await expect
        .poll(
          () =>
            page
              .getByRole('navigation')
              .getByRole('button', { name: new RegExp(`^${fleetWord}`) })
              .count(),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
      expect(await page.evaluate('document.documentElement.lang')).toBe('ru');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
    await harness.services.settings.update({ language: { app: 'system' } });
    const spanish = await openAppPage(session!.browser, harness.server, { ...SIZES[0], locale: 'es-PY' });
    try {
      await expect
        .poll(() =>
          spanish.page
            .getByRole('navigation')
            .getByRole('button', { name: new RegExp(`^${say('es', 'Fleet')}`) })
            .count(),
        )
        .toBe(1);
    } finally {
      await spanish.close();
    }
  }, 60_000);
});
