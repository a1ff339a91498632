/**
 * The README is a newcomer's first screen, so it must stay short and true: under 12 KB, the two commands
 * (run the app with a simulated fleet, run the tests) near the top and backed by real package.json
 * scripts, every `npm run` it names a real script, the fleet screenshot it shows present and small. And
 * every relative link in it and in docs/ must reach a file inside the repository: a clone carries nothing
 * beside it, so a link escaping the root (the old `../shared/...`) is a dead link for every reader.
 * docs/cli.md carries `minerdeck help` verbatim, so a changed usage line fails here until the reference
 * follows it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpText } from '../../../electron/cli/main';
import { REPO_ROOT } from '../../support/run-cli';

const README = join(REPO_ROOT, 'README.md');
const SCREENSHOT = join(REPO_ROOT, 'docs/images/fleet-view.png');
const RUN_APP = 'npm ci && npm run demo';
const RUN_TESTS = 'npm ci && npm test';

const readme = readFileSync(README, 'utf8');
const scripts = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** README.md and every Markdown file under docs/, as absolute paths. */
function markdownFiles(): string[] {
  const docs = join(REPO_ROOT, 'docs');
  const underDocs = (readdirSync(docs, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docs, name));
  return [README, ...underDocs.sort()];
}

/** Link targets of inline links, images and reference definitions, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)];
  return [...inline, ...references].map((match) => match[1] ?? '');
}

/** Where a link leads when it is a path in the repository; undefined for URLs and same-page anchors. */
function localTarget(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return undefined;
  const path = decodeURIComponent(target.split('#')[0] ?? '');
  return path.startsWith('/') ? join(REPO_ROOT, path) : resolve(dirname(file), path);
}

describe('README.md', () => {
  it('is under 12 KB', () => {
    expect(statSync(README).size).toBeLessThan(12 * 1024);
  });

  it('gives the two commands in its first screen, each backed by a package.json script', () => {
    const lines = readme.split('\n');
    for (const command of [RUN_APP, RUN_TESTS]) {
      const at = lines.findIndex((line) => line.trim() === command);
      expect(at, command).toBeGreaterThanOrEqual(0);
      expect(at, `${command} is on line ${at + 1}`).toBeLessThan(30);
    }
    expect(scripts.demo).toBe('node scripts/demo.mjs');
    expect(existsSync(join(REPO_ROOT, 'scripts/demo.mjs'))).toBe(true);
    expect(scripts.test).toBe('bash scripts/run-tests.sh');
    expect(existsSync(join(REPO_ROOT, 'scripts/run-tests.sh'))).toBe(true);
  });

  it('names only npm scripts that package.json has', () => {
    const named = [...readme.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => scripts[name] === undefined)).toEqual([]);
  });

  it('shows the fleet screenshot: a PNG under 350 KB, 1280×720 (a field laptop’s screen)', () => {
    expect(linkTargets(readme)).toContain('docs/images/fleet-view.png');
    const png = readFileSync(SCREENSHOT);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeLessThan(350 * 1024);
    // IHDR, the first chunk: width and height as big-endian 32-bit numbers at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 720]);
  });
});

describe('docs/cli.md', () => {
  it('shows `minerdeck help` exactly as the CLI prints it', () => {
    const cliDoc = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    expect(cliDoc).toContain(['```text', helpText(), '```'].join('\n'));
  });

  it('describes every command the CLI lists, past the usage block', () => {
    const cliDoc = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    const commands = new Set(
      [...helpText().matchAll(/^ {2}(?:.*\| )?minerdeck ([a-z-]+)/gm)].map((m) => m[1] ?? ''),
    );
    expect(commands.size).toBeGreaterThan(10);
    const reference = cliDoc.slice(cliDoc.indexOf('## Conventions'));
    const described = (name: string): boolean =>
      new RegExp(`^#+ .*\\b${name}\\b|\`(?:minerdeck\\s+)?${name}[\\s\`]`, 'm').test(reference);
    expect([...commands].filter((name) => !described(name))).toEqual([]);
  });
});

describe('links in README.md and docs/', () => {
  it('finds the links of every kind, and none inside code', () => {
    const sample = [
      '[a](docs/a.md) ![b](images/b.png "title") [c](https://example.org) [d](#anchor)',
      '[ref]: ../e.md',
      '`[f](not-a-link.md)`',
      '```',
      '[g](not-a-link-either.md)',
      '```',
    ].join('\n');
    expect(linkTargets(sample)).toEqual([
      'docs/a.md',
      'images/b.png',
      'https://example.org',
      '#anchor',
      '../e.md',
    ]);
  });

  it.each(markdownFiles().map((file) => [relative(REPO_ROOT, file), file]))(
    '%s: every relative link reaches a file inside the repository',
    (_name, file) => {
      const problems = linkTargets(readFileSync(file, 'utf8')).flatMap((target) => {
        const path = localTarget(file, target);
        if (path === undefined) return [];
        const inRepo = relative(REPO_ROOT, path);
        if (inRepo.startsWith('..') || isAbsolute(inRepo)) return [`${target}: outside the repository`];
        return existsSync(path) ? [] : [`${target}: no such file`];
      });
      expect(problems).toEqual([]);
    },
  );
});
