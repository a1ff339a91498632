/**
 * The CLI's one output point (electron/cli/output.ts): every human line printable, JSON exact. Run through
 * `runCli` in-process, so what a command prints passes the same wrapper the process entry uses.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { printableOutput } from '../../../electron/cli/output';
import type { Output } from '../../../electron/cli/output';
import { captureContext } from '../../support/cli-context';

const HOSTILE = 'S21\u001b]0;pwned\u0007\u001b[2J\nforged line\u202e\u009b';
const SHOWN = 'S21\\x1b]0;pwned\\x07\\x1b[2J\\nforged line\\u202e\\x9b';
const RAW_CONTROL = /[\p{Cc}\p{Bidi_Control}]/u;

function sink(): { output: Output; out: string[]; err: string[]; data: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const data: string[] = [];
  return {
    output: {
      json: false,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      data: (text) => data.push(text),
    },
    out,
    err,
    data,
  };
}

describe('printableOutput', () => {
  it('shows controls, line breaks and bidi overrides escaped on human lines and on stderr', () => {
    const s = sink();
    const output = printableOutput(s.output, false);
    output.out(`model ${HOSTILE}`);
    output.err(`minerdeck: ${HOSTILE}`);
    expect(s.out).toEqual([`model ${SHOWN}`]);
    expect(s.err).toEqual([`minerdeck: ${SHOWN}`]);
  });

  it('keeps --json lines and documents exact; stderr stays printable', () => {
    const s = sink();
    const output = printableOutput(s.output, true);
    const line = JSON.stringify({ model: HOSTILE });
    output.out(line);
    output.data(`{"model": "\u202e"}`);
    output.err(HOSTILE);
    expect(s.out).toEqual([line]);
    expect(JSON.parse(s.out[0]!)).toEqual({ model: HOSTILE });
    expect(s.data).toEqual([`{"model": "\u202e"}`]);
    expect(s.err).toEqual([SHOWN]);
  });
});

describe('runCli prints through it', () => {
  it('an error naming what was typed is printable; with --json the message is exact', async () => {
    const human = captureContext();
    expect(await runCli(human.ctx, [HOSTILE])).toBe(2);
    expect(human.err).toEqual([`minerdeck: unknown command "${SHOWN}". Run "minerdeck help" for the list.`]);

    const json = captureContext();
    expect(await runCli(json.ctx, [HOSTILE, '--json'])).toBe(2);
    expect(JSON.parse(json.out[0]!)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(HOSTILE) },
    });
  });

  it('help and a subcommand’s usage block come out one line each, nothing escaped that the CLI wrote', async () => {
    const help = captureContext();
    await runCli(help.ctx, ['help']);
    expect(help.out.length).toBeGreaterThan(20);
    expect(help.out.some((line) => line.includes('\\n'))).toBe(false);
    for (const line of help.out) expect(line).not.toMatch(RAW_CONTROL);

    const usage = captureContext();
    expect(await runCli(usage.ctx, ['pools'])).toBe(2);
    expect(usage.err[0]).toBe('minerdeck: no pools subcommand given. Usage:');
    expect(usage.err.slice(1).map((line) => line.trim().split(' ').slice(0, 3).join(' '))).toEqual([
      'minerdeck pools set',
      'minerdeck pools show',
      'minerdeck pools presets',
    ]);
  });
});
