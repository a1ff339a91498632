/**
 * The question asked on a terminal before a firmware upload (electron/cli/confirm-prompt.ts): "yes" (or
 * "y") goes ahead, anything else does not, Ctrl-C answers no, and without a terminal nobody is asked.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { confirmOnTerminal } from '../../../electron/cli/confirm-prompt';
import type { SecretSource } from '../../../electron/cli/secret-input';

function terminal(isTTY = true): {
  source: SecretSource;
  typed: (text: string) => void;
  shown: () => string;
} {
  const stdin = Object.assign(new PassThrough(), { isTTY });
  const prompt = new PassThrough();
  let shown = '';
  prompt.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { source: { stdin, prompt }, typed: (text) => stdin.write(text), shown: () => shown };
}

describe('confirmation on a terminal', () => {
  it('"yes" and "y" go ahead; the question is shown', async () => {
    for (const answer of ['yes\n', ' Y \n']) {
      const t = terminal();
      const asked = confirmOnTerminal(t.source, 'Upload? Type "yes" to start:', new AbortController().signal);
      t.typed(answer);
      expect(await asked).toBe('yes');
      expect(t.shown()).toBe('Upload? Type "yes" to start: ');
    }
  });

  it('anything else, an end of input or Ctrl-C is no', async () => {
    const no = terminal();
    const asked = confirmOnTerminal(no.source, 'Upload?', new AbortController().signal);
    no.typed('yess\n');
    expect(await asked).toBe('no');
    const ended = terminal();
    const endedAsk = confirmOnTerminal(ended.source, 'Upload?', new AbortController().signal);
    ended.source.stdin.push(null);
    expect(await endedAsk).toBe('no');
    const controller = new AbortController();
    const interrupted = terminal();
    const interruptedAsk = confirmOnTerminal(interrupted.source, 'Upload?', controller.signal);
    controller.abort();
    expect(await interruptedAsk).toBe('no');
  });

  it('without a terminal on standard input nobody is asked', async () => {
    const piped = terminal(false);
    expect(await confirmOnTerminal(piped.source, 'Upload?', new AbortController().signal)).toBe(
      'no-terminal',
    );
    expect(piped.shown()).toBe('');
  });
});
