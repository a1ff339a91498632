/**
 * A CLI context for running commands in-process, capturing what they print. Everything that would reach
 * outside (device client, keychain, clipboard) refuses loudly: tests using this check what a command
 * decides before touching anything — usage errors, formats.
 */
import { PassThrough } from 'node:stream';
import type { CliContext, ProgressStream } from '../../electron/cli/commands/context';

export interface CapturedContext {
  ctx: CliContext;
  out: string[];
  err: string[];
}

const refuse = (what: string) => (): never => {
  throw new Error(`${what} was not expected in this test`);
};

export function captureContext(options: { progress?: ProgressStream } = {}): CapturedContext {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: CliContext = {
    output: {
      json: false,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      data: (text) => out.push(text),
    },
    secrets: { stdin: new PassThrough(), prompt: new PassThrough() },
    signal: new AbortController().signal,
    createClient: refuse('a device client'),
    openKeychain: refuse('the keychain'),
    hostname: 'test-laptop',
    copyToClipboard: refuse('the clipboard'),
    ...(options.progress !== undefined ? { progress: options.progress } : {}),
  };
  return { ctx, out, err };
}
