/**
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), asserted on
 * what ships — the BUILT main, preload and renderer (the shared build of tests/support/built-app.ts) —
 * not on the sources, so a bundler, a config change or a stray dependency cannot quietly undo a rule.
 * No Electron security linter installs here without fetching more than the lockfile has (and the known
 * one, electronegativity, is unmaintained); the source-level behaviour of each rule is unit-tested in
 * tests/unit/main (window, ipc-binding, system-glue, preload), and the CSP's directives in
 * renderer-build.test.ts. Each row: the checklist item, the file, what must be there, what must not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtApp } from '../../support/built-app';

type Part = 'main' | 'preload' | 'renderer-html' | 'renderer-js';

interface Rule {
  item: string;
  part: Part;
  present?: RegExp[];
  absent?: RegExp[];
}

const RULES: Rule[] = [
  {
    item: '2/3/4. No Node integration; context isolation; process sandboxing (window and app)',
    part: 'main',
    present: [
      /contextIsolation: true,/,
      /sandbox: true,/,
      /nodeIntegration: false,/,
      /nodeIntegrationInWorker: false,/,
      /nodeIntegrationInSubFrames: false,/,
      /app\.enableSandbox\(\)/,
    ],
    absent: [/contextIsolation: false/, /sandbox: false/, /nodeIntegration(InWorker|InSubFrames)?: true/],
  },
  {
    item: '6/7/8. webSecurity on, no insecure content, no experimental features',
    part: 'main',
    present: [/webSecurity: true,/, /allowRunningInsecureContent: false,/, /experimentalFeatures: false/],
    absent: [/webSecurity: false/, /allowRunningInsecureContent: true/, /experimentalFeatures: true/],
  },
  {
    item: 'No remote module, no webview, no blink features',
    part: 'main',
    present: [/webviewTag: false,/, /"will-attach-webview", \(event\) => event\.preventDefault\(\)/],
    absent: [/enableRemoteModule/, /@electron\/remote/, /webviewTag: true/, /enableBlinkFeatures/],
  },
  {
    item: '5. Permission requests are handled: all refused but the camera (video) for our own page',
    part: 'main',
    present: [
      /setPermissionRequestHandler\(\(contents, permission, callback, details\) =>/,
      /permission !== "media"/,
      /types\.some\(\(type\) => type !== "video"\)/,
      /setPermissionCheckHandler\(/,
      /setDevicePermissionHandler\(\(\) => false\)/,
      /applySessionPolicy\(window\.webContents\.session, \(url\) => isRendererUrl\(/,
    ],
  },
  {
    item: '13/14. Navigation and new windows are denied',
    part: 'main',
    present: [
      /"will-navigate", \(event\) => event\.preventDefault\(\)/,
      /"will-frame-navigate", \(event\) => event\.preventDefault\(\)/,
      /setWindowOpenHandler\(\(\) => \(\{ action: "deny" \}\)\)/,
    ],
    absent: [/action: "allow"/],
  },
  {
    item: '15. shell.openExternal only behind the device-URL allowlist',
    part: 'main',
    present: [
      /if \(!isAllowedExternalUrl\(url, deps\.isDeviceUrl\)\) \{\s*return (?:err|errWithText)\(\s*"FORBIDDEN"/,
      /if \(parsed\.protocol !== "http:" && parsed\.protocol !== "https:"\) return false;/,
    ],
  },
  {
    item: '17. The sender of every IPC message is validated, then its input',
    part: 'main',
    present: [
      /if \(!isTrustedSender\(event, isTrustedUrl\)\) \{/,
      /frame !== null && frame\.parent === null && isTrustedUrl\(frame\.url\)/,
      /schema\.safeParse\(args\[0\]\)/,
    ],
    // ipcMain.on would take fire-and-forget messages around the checks.
    absent: [/ipcMain\d*\.on\(/],
  },
  {
    item: 'Preload exposes one API object through contextBridge, nothing of Node or Electron',
    part: 'preload',
    present: [/exposeInMainWorld\("api", buildApi\(electron\.ipcRenderer\)\)/],
    absent: [
      /exposeInMainWorld\("(?!api")/,
      /exposeInMainWorld\("[^"]*",\s*(electron\.)?ipcRenderer\s*\)/,
      /\bprocess\.env\b/,
    ],
  },
  {
    item: '7. A Content Security Policy in the shipped page: no inline or eval script, nothing remote',
    part: 'renderer-html',
    present: [
      /http-equiv="Content-Security-Policy"/,
      /script-src 'self' 'wasm-unsafe-eval';/,
      /default-src 'none'/,
    ],
    absent: [/unsafe-inline/, /(?<!wasm-)unsafe-eval/, /https?:\/\/(?!www\.w3\.org)/],
  },
  {
    item: 'The renderer bundle asks for no Node, no Electron, no eval',
    part: 'renderer-js',
    absent: [/require\("electron"\)/, /require\("(node:)?(fs|child_process)"\)/, /\beval\(/],
  },
];

const text: Record<Part, string> = { main: '', preload: '', 'renderer-html': '', 'renderer-js': '' };

beforeAll(async () => {
  const out = await builtApp();
  text.main = readFileSync(join(out, 'main/index.js'), 'utf8');
  text.preload = readFileSync(join(out, 'preload/index.cjs'), 'utf8');
  text['renderer-html'] = readFileSync(join(out, 'renderer/index.html'), 'utf8');
  const assets = join(out, 'renderer/assets');
  text['renderer-js'] = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}, 200_000);

describe('Electron security checklist on the built app', () => {
  it.each(RULES.map((rule) => [rule.item, rule] as const))('%s', (_item, rule) => {
    const code = text[rule.part];
    expect(code.length).toBeGreaterThan(0);
    for (const pattern of rule.present ?? []) expect(code, `${rule.part} lacks ${pattern}`).toMatch(pattern);
    for (const pattern of rule.absent ?? []) expect(code, `${rule.part} has ${pattern}`).not.toMatch(pattern);
  });

  it('binds every request channel through that one checked handler', () => {
    expect(text.main.match(/\.handle\(/g)).toHaveLength(1);
    expect(text.preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(text.main).toMatch(/ipcMain\d*\.handle\(ipcChannel, async \(event, \.\.\.args\) => \{/);
  });
});
