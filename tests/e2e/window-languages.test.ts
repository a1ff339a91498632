/**
 * The window's languages as the shipped app loads them (issue 35), in real Chromium: the built renderer
 * opened from file:// (as Electron's loadFile does; Chromium needs --allow-file-access-from-files for
 * module scripts there, which Electron's file: scheme allows) under its own CSP, with no main process (the
 * page's fallback API: the settings cannot be read, so the language is the system's). A Russian system
 * gets Russian in the very first paint — never English first — from the Russian chunk alone; an English
 * one fetches no language chunk at all.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGS } from '../../shared/i18n/catalogs';
import { launchChromium } from '../support/browser';
import { builtApp } from '../support/built-app';
import { browser as browserRequirement, describeWith } from '../support/requirements';

/** Kept by the page from its first paint: the navigation's words the first time #root has any. */
const FIRST_PAINT = `(() => {
  const seen = new MutationObserver(() => {
    const nav = document.querySelector('nav');
    if (nav && window.__firstNav === undefined) {
      window.__firstNav = nav.textContent;
      window.__firstLang = document.documentElement.lang;
      seen.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    seen.observe(document.getElementById('root'), { childList: true, subtree: true }),
  );
})()`;

describeWith(browserRequirement, 'the window’s languages from file://', () => {
  let chromium: Browser;
  let page: string;

  beforeAll(async () => {
    page = pathToFileURL(join(await builtApp(), 'renderer/index.html')).href;
    chromium = await launchChromium(['--allow-file-access-from-files']);
  }, 180_000);

  afterAll(() => chromium?.close());

  async function open(
    locale: string,
  ): Promise<{ scripts: string[]; problems: string[]; first: () => Promise<unknown> }> {
    const context = await chromium.newContext({ locale, viewport: { width: 1280, height: 720 } });
    const tab = await context.newPage();
    const scripts: string[] = [];
    const problems: string[] = [];
    tab.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(request.url().replace(/^.*\/assets\//, ''));
    });
    tab.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    tab.on('console', (line) => {
      if (
        line.type() === 'error' ||
        /Content Security Policy|catalog-not-loaded|catalog-late/.test(line.text())
      )
        problems.push(line.text());
    });
    await tab.addInitScript(FIRST_PAINT);
    await tab.goto(page);
    await tab.waitForFunction('window.__firstNav !== undefined', undefined, { timeout: 20_000 });
    return {
      scripts,
      problems,
      first: () => tab.evaluate('[window.__firstNav, window.__firstLang]'),
    };
  }

  it('paints a Russian system’s window in Russian from the first frame, loading only the Russian chunk', async () => {
    const { scripts, problems, first } = await open('ru-RU');
    const [nav, lang] = (await first()) as [string, string];
    expect(lang).toBe('ru');
    expect(nav).toContain(CATALOGS.ru['common.shell.nav.fleet']);
    expect(nav).not.toContain(CATALOGS.en['common.shell.nav.fleet']);
    expect(scripts.filter((s) => /^(ru|es|zh-hans|pseudo)-/.test(s)).map((s) => s.split('-')[0])).toEqual([
      'ru',
    ]);
    expect(problems).toEqual([]);
  });

  it('fetches no language chunk for an English system', async () => {
    const { scripts, problems, first } = await open('en-US');
    const [nav, lang] = (await first()) as [string, string];
    expect(lang).toBe('en');
    expect(nav).toContain(CATALOGS.en['common.shell.nav.fleet']);
    expect(scripts.filter((s) => /^(ru|es|zh-hans|pseudo)-/.test(s))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
