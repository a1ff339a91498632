/**
 * A question a person answers on a terminal before something that cannot be undone (a firmware upload):
 * "yes" (or "y") goes ahead, anything else does not. Without a terminal on standard input (a pipe, a
 * script, a secret piped in with --password-stdin) nobody can answer: the caller refuses and says to add
 * --yes. Ctrl-C (the command's signal) answers no.
 */
import { createInterface } from 'node:readline';
import type { SecretSource } from './secret-input';

export type Confirmation = 'yes' | 'no' | 'no-terminal';

export async function confirmOnTerminal(
  source: SecretSource,
  question: string,
  signal: AbortSignal,
): Promise<Confirmation> {
  if (source.stdin.isTTY !== true) return 'no-terminal';
  if (signal.aborted) return 'no';
  const lines = createInterface({ input: source.stdin, output: source.prompt, terminal: false });
  try {
    const answer = await new Promise<string | undefined>((resolve) => {
      const onAbort = () => resolve(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      source.prompt.write(`${question} `);
      lines.once('line', (line) => {
        signal.removeEventListener('abort', onAbort);
        resolve(line);
      });
      lines.once('close', () => resolve(undefined));
    });
    return answer !== undefined && /^\s*(y|yes)\s*$/i.test(answer) ? 'yes' : 'no';
  } finally {
    lines.close();
    source.stdin.pause();
  }
}
