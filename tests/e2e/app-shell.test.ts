/**
 * The built renderer in real Chromium, its `window.api` carried to the real core handlers in this test
 * process (one exposed function per call, built from the contract's channel list like the preload does).
 * Proves the shell loads under its production CSP and shows what main answers.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channels } from '../../shared/ipc/contract';
import type { Channel, Handlers } from '../../shared/ipc/contract';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import { openBareCore } from '../support/app-core';
import { launchChromium } from '../support/browser';
import { builtApp } from '../support/built-app';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { REPO_ROOT } from '../support/run-cli';
import type { StaticServer } from '../support/static-server';
import { serveFolder } from '../support/static-server';

describeWith(browserRequirement, 'app shell in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  let services: CoreServices;
  let handlers: Handlers;

  beforeAll(async () => {
    services = await openBareCore({
      name: 'minerdeck',
      version: '9.8.7',
      platform: 'linux',
      versions: { node: process.versions.node },
    });
    handlers = createHandlers(services);
    await mkdir(join(REPO_ROOT, 'tests/.tmp'), { recursive: true });
    server = await serveFolder(join(await builtApp(), 'renderer'));
    browser = await launchChromium();
    page = await browser.newPage();
    // Chromium asks every http origin for /favicon.ico; the app loads from file:// and never does.
    page.on(
      'response',
      (r) =>
        r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`${r.status()} ${r.url()}`),
    );
    page.on(
      'console',
      (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && problems.push(m.text()),
    );
    page.on('pageerror', (e) => problems.push(e.message));
    await page.exposeFunction('__minerdeckInvoke', (channel: Channel, input: unknown) =>
      (handlers[channel] as (i: unknown) => Promise<unknown>)(input),
    );
    await page.addInitScript((names: string[]) => {
      const invoke = (
        globalThis as unknown as { __minerdeckInvoke: (c: string, i: unknown) => Promise<unknown> }
      ).__minerdeckInvoke;
      const api: Record<string, unknown> = { onEvent: () => () => undefined };
      for (const name of names) api[name] = (input: unknown) => invoke(name, input);
      Object.defineProperty(globalThis, 'api', { value: Object.freeze(api) });
    }, channels);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await services?.dispose();
  });

  it('renders the shell and shows the version main reports, with no CSP or script error', async () => {
    await page.goto(server.url);
    await expect.poll(() => page.getByRole('contentinfo').innerText()).toContain('9.8.7');
    await expect.poll(() => page.getByRole('banner').innerText()).toContain('Minerdeck');
    await page.screenshot({ path: join(REPO_ROOT, 'tests/.tmp/app-shell.png') });
    expect(problems).toEqual([]);
  });
});
