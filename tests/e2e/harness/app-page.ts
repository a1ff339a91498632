/**
 * A Chromium page on the harness: `window.api` injected before the app's scripts run, every console
 * error, page error and failed request collected (a CSP violation shows up as a console error), and
 * screenshots saved where docs/architecture.md (Testing) says: tests/.tmp/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../../support/run-cli';
import type { HarnessServer } from './harness-server';

export const SCREENSHOTS = join(REPO_ROOT, 'tests/.tmp/screenshots');

export interface AppPage {
  page: Page;
  /** Console errors, page errors and failed requests, for `expect(problems).toEqual([])`. */
  problems: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openAppPage(
  browser: Browser,
  server: HarnessServer,
  options: {
    colorScheme?: 'light' | 'dark';
    width?: number;
    height?: number;
    /** The system's language as the page sees it (`navigator.languages`), e.g. 'es-PY'. */
    locale?: string;
  } = {},
): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1600, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.locale !== undefined ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    // Failed loads are reported with their URL by the response listener (favicon.ico aside).
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript({ content: await server.initScript() });
  await page.goto(server.url);
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    page,
    problems,
    screenshot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    },
    close: () => context.close(),
  };
}
