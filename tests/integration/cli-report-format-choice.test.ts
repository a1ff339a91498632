/**
 * `minerdeck report --json` is `--format json`; with another `--format` the two ask for different
 * documents, so the combination is bad usage (exit 2) with a message saying which to give — never a CSV
 * or HTML printed under `--json`, which would skip the terminal's escaping of device text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';

describe('minerdeck report: --json and --format', () => {
  it('refuses --json with --format csv or html (exit 2); --json alone is the JSON report', async () => {
    const dir = tempDataDir('report-format-choice');
    const cli = (args: string[]) => runCli([...args, '--data-dir', dir], { timeoutMs: 30_000 });
    expect((await cli(['site', 'create', 'Hall 4', '--use'])).code).toBe(0);
    for (const format of ['csv', 'html']) {
      const run = await cli(['report', '--no-check', '--format', format, '--json']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        `--json asks for the report as JSON and --format ${format} for another format: give one of them (--json is the same as --format json).`,
      );
    }
    const out = join(dir, 'report.json');
    const json = await cli(['report', '--no-check', '--json', '--format', 'json', '--out', out]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ site: { name: 'Hall 4' } });
  }, 60_000);
});
