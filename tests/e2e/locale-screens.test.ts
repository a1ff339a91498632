/**
 * Every view and every dialog in every language on a field laptop's screen (issue 35), in real Chromium
 * (browser harness, the built renderer, the real core services, simulated devices online): Russian,
 * Simplified Chinese, Spanish and the pseudo-locale en-XA (English 40 % longer, in ⟦ ⟧ markers) at 1280×720
 * and 1024×640. Each view — Discover, Fleet, Racks, Sites, Report, Settings — and each dialog the fleet's
 * selection opens (Commission… and every "…" entry of its Actions menu, the ones laptop-screens opens in
 * English): the page never scrolls sideways, no control outside a scrolling area is cut off, a dialog's
 * title and buttons are in view and not covered; in en-XA no text the window shows is bare (every word
 * came from a catalog). One page per language, the window resized in place: each view at both sizes;
 * each dialog at 1024×640 in every language and at 1280×720 in one language each (rotating); the dark
 * theme at one size per language (rotating, so both sizes are seen dark). The language is switched in Settings and the window follows at once, without a
 * reload; with "system", the window follows the system's language.
 * Screenshots: tests/.tmp/screenshots/locale-<locale>-<size>-<theme>-<view or dialog>.png.
 */
import { userInfo } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageId } from '../../shared/i18n/catalogs';
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
import { dialogProblems, measurePage, settled } from './harness/page-layout';

const PASSWORD = 'locale-screen-pw-35';
const COUNT = 12;
const LOCALES: readonly UiLocale[] = ['ru', 'zh-Hans', 'es', 'en-XA'];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
] as const;
type Size = (typeof SIZES)[number];
/** The views by their shortcut (Alt+1…6), in the navigation's order. */
const VIEWS = ['discover', 'fleet', 'racks', 'sites', 'report', 'settings'] as const;

/** The catalog's words for an English text of the window, in `locale` (the test reads the same catalogs). */
function say(locale: UiLocale, english: string, values?: Record<string, string | number>): string {
  const id = Object.keys(CATALOGS.en).find((key) => CATALOGS.en[key] === english);
  if (id === undefined) throw new Error(`no catalog message reads "${english}"`);
  return createTranslator(locale).t(id as never, values);
}

/** The Actions menu's entries that open a dialog (laptop-screens opens each in English): "…" in English. */
const DIALOG_ACTIONS = (Object.keys(CATALOGS.en) as MessageId[]).filter(
  (id) => /^fleet\.action\.\w+\.label$/.test(id) && CATALOGS.en[id]!.endsWith('…'),
);

/** The catalog's words of message `id` in `locale`. */
const tr = (locale: UiLocale, id: MessageId, values?: Record<string, string | number>): string =>
  createTranslator(locale).t(id as never, values);

/** Text that is data, the same in every language: addresses, MACs, models, versions, names the test gave. */
function isData(text: string, fleet: Fleet): boolean {
  if (/^[\d\s.:/,%()×–—·°A-F-]*$/.test(text)) return true;
  // One word of letters, digits and _ . : @ / + - with a digit or _ in it: an identifier (a worker, a
  // version, a host name, a pool's address), never a sentence.
  // A worker's pattern ("acct.{mac6}") counts as one; an example list of them ("192.168.1.0/24,
  // 10.0.0.10-200, miner-07.local", a field's placeholder) is data too.
  const identifier = (word: string): boolean => /^[\w.:@/+{}-]+$/.test(word) && /[\d_]/.test(word);
  if (text.split(/,\s*/).every(identifier)) return true;
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

/** Until the page has not changed for a quarter second (at most 5 s): a view's first reads have landed. */
function quiet(page: Page): Promise<void> {
  return page.evaluate(`new Promise((done) => {
    let timer;
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, 250); });
    const finish = () => { observer.disconnect(); clearTimeout(cap); done(); };
    const cap = setTimeout(finish, 5000);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    timer = setTimeout(finish, 250);
  })`);
}

async function showView(page: Page, index: number): Promise<void> {
  const tab = page.locator('nav .nav-tab').nth(index);
  // The shell listens for Alt+N once it is drawn: with the language loaded before the first paint
  // (start-language.ts), <html lang> is set before the shell exists, and a key pressed then is lost.
  await tab.waitFor({ state: 'visible', timeout: 15_000 });
  await page.keyboard.press(`Alt+${index + 1}`);
  await expect.poll(() => tab.getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
  await quiet(page);
}

/** The dialogs by name, in the order they are opened: Commission…, then the Actions menu's "…" entries. */
const DIALOG_NAMES = ['commission', ...DIALOG_ACTIONS.map((id) => id.split('.')[2]!)];

/**
 * The sizes a dialog is measured at in the `n`th language: every dialog at the smaller screen (the one a
 * longer language fills first) in every language, and at 1280×720 in one language each, rotating — so
 * every dialog is seen at both sizes and every language at both, at a third of the cost of both everywhere.
 */
function dialogSizes(what: string, n: number): readonly Size[] {
  const index = DIALOG_NAMES.indexOf(what.replace(/-end$/, ''));
  return index % LOCALES.length === n ? [SIZES[1], SIZES[0]] : [SIZES[1]];
}

/**
 * One language's page: measures what it shows at the sizes asked (the window resized in place, dark at one
 * size of the rotation) and gathers every problem, so one run names them all.
 */
function screens(app: AppPage, locale: UiLocale, dark: Size, fleet: Fleet) {
  const { page } = app;
  const found: string[] = [];
  const check = async (what: string, dialog?: Locator, sizes: readonly Size[] = SIZES): Promise<void> => {
    for (const size of sizes) {
      const theme = size === dark ? 'dark' : 'light';
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await settled(page);
      const at = `${size.width}×${size.height} ${theme} ${what}`;
      // Screenshots (a loaded machine pays for each): every view at both sizes, a dialog at 1024×640.
      if (dialog === undefined || size === SIZES[1])
        await app.screenshot(`locale-${locale}-${size.width}x${size.height}-${theme}-${what}`);
      const layout = await measurePage(page, locale === 'en-XA');
      if (layout.scrollWidth > layout.clientWidth) found.push(`${at}: the page scrolls sideways`);
      for (const cut of layout.cutOff) found.push(`${at}: cut off: ${cut}`);
      for (const text of layout.bare.filter((t) => !isData(t, fleet))) found.push(`${at}: bare: ${text}`);
      if (dialog !== undefined) found.push(...(await dialogProblems(dialog, at)));
    }
  };
  return { found, check };
}

/** Every device of the fleet view selected (Ctrl+A in the table): the selection's actions can be chosen. */
async function selectAll(page: Page, locale: UiLocale): Promise<void> {
  await expect.poll(() => page.locator('[role="row"][data-state="online"]').count()).toBeGreaterThan(0);
  await page
    .locator('[role="table"]')
    .first()
    .click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  const selected = tr(locale, 'fleet.bulk.selectedCount', { count: COUNT }).replace(/[:：]$/, '');
  await expect.poll(() => page.getByText(selected, { exact: false }).count()).toBeGreaterThan(0);
}

/** The Actions menu, opened. */
async function openActions(page: Page, locale: UiLocale): Promise<Locator> {
  const menu = page.getByRole('menu', { name: tr(locale, 'fleet.bulk.actions') });
  if (!(await menu.isVisible()))
    await page.getByRole('button', { name: tr(locale, 'fleet.bulk.actions'), exact: true }).click();
  await menu.waitFor({ state: 'visible' });
  return menu;
}

/** Opens a dialog, lets its first reads land, has it measured, and closes it. */
async function inDialog(
  page: Page,
  locale: UiLocale,
  open: () => Promise<void>,
  check: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  // Restart and reboot first ask main who would get it; the dialog then names the count.
  const checking = tr(locale, 'fleet.power.checking', { count: COUNT });
  await expect.poll(() => dialog.getByText(checking).count(), { timeout: 10_000 }).toBe(0);
  // Its first reads (the plan, the presets, the standard) have landed.
  await quiet(page);
  await check(dialog);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
}

/** Commission… and every entry of the Actions menu that opens a dialog ("…"), each measured. */
async function everyDialog(
  page: Page,
  locale: UiLocale,
  check: (what: string, dialog: Locator) => Promise<void>,
): Promise<string[]> {
  await inDialog(
    page,
    locale,
    () => page.getByRole('button', { name: tr(locale, 'fleet.bulk.commission'), exact: true }).click(),
    async (dialog) => {
      // A site without a standard: its set-up form, the tallest dialog there is.
      const again = dialog.getByLabel(tr(locale, 'standard.password.again'));
      await expect.poll(() => again.count(), { timeout: 10_000 }).toBe(1);
      await check('commission', dialog);
    },
  );
  // The menu's entries that open a dialog, in this language (the pseudo-locale pads and marks its words).
  const shown = await (
    await openActions(page, locale)
  )
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((el) => (el.textContent ?? '').replace(/[▾▸]/g, '').trim()));
  await page.keyboard.press('Escape');
  const dialogs = DIALOG_ACTIONS.map((id) => tr(locale, id));
  expect(shown).toEqual(expect.arrayContaining(dialogs));
  for (const id of DIALOG_ACTIONS) {
    const label = tr(locale, id);
    const what = id.split('.')[2]!;
    const open = async (): Promise<void> => {
      await (await openActions(page, locale)).getByRole('menuitem', { name: label, exact: true }).click();
    };
    await inDialog(page, locale, open, async (dialog) => {
      if (what !== 'pools') return check(what, dialog);
      // Three pools: taller than the window, its body scrolls; measured at its start and its end.
      const add = dialog.getByRole('button', { name: tr(locale, 'fleet-actions.poolsForm.add') });
      await add.click();
      await add.click();
      const third = dialog.getByLabel(tr(locale, 'fleet-actions.poolsForm.url', { n: 3 }));
      await expect.poll(() => third.count()).toBe(1);
      await check(what, dialog);
      await dialog.locator('.modal-body').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await check(`${what}-end`, dialog);
    });
  }
  return dialogs;
}

describeWith(browserRequirement, 'every view and dialog in every language, in Chromium', () => {
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

  for (const [n, locale] of LOCALES.entries()) {
    const dark = SIZES[n % SIZES.length]!;
    it(`${locale}: every view and dialog fits 1280×720 and 1024×640 (dark at ${dark.width}×${dark.height})${locale === 'en-XA' ? ', no bare text' : ''}`, async () => {
      const saved = await harness.services.settings.update({ language: { app: locale } });
      expect(saved.ok).toBe(true);
      const app = await openAppPage(session!.browser, harness.server, SIZES[0]);
      const { page } = app;
      try {
        await expect.poll(() => page.evaluate('document.documentElement.lang')).not.toBe('');
        const { found, check } = screens(app, locale, dark, fleet);
        for (const [index, view] of VIEWS.entries()) {
          await showView(page, index);
          await check(view);
        }
        await showView(page, VIEWS.indexOf('fleet'));
        await selectAll(page, locale);
        const dialogs = await everyDialog(page, locale, (what, dialog) =>
          check(what, dialog, dialogSizes(what, n)),
        );
        // The list laptop-screens opens in English: Unlock, Password, Pools, Power, Firmware, Place,
        // Restart, Reboot, Acceptance, Forget, Remove.
        expect(dialogs.length).toBeGreaterThanOrEqual(11);
        expect(found).toEqual([]);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }, 240_000);
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
