/**
 * Secrets reach the CLI only through standard input: an argument would be visible to every user in the
 * process list and in shell history. Piped input is read whole (one trailing newline dropped); on a
 * terminal the secret is typed at a prompt without echo.
 */
import type { Readable, Writable } from 'node:stream';

export interface SecretSource {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  prompt: Writable;
}

/** Flags people reach for that would put a secret in the process list. */
export const SECRET_ARGUMENT_FLAGS: Record<string, string> = {
  password: '--password-stdin',
  pw: '--password-stdin',
  pass: '--password-stdin',
  'new-password': '--new-password-stdin',
  'pool-password': '--pool-password-stdin',
  'api-key': '--api-key-stdin',
  apikey: '--api-key-stdin',
  key: '--api-key-stdin',
  token: '--password-stdin',
};

const MAX_SECRET_BYTES = 4096;

export async function readSecret(source: SecretSource, label: string): Promise<string> {
  const text = source.stdin.isTTY ? await readFromTerminal(source, label) : await readPiped(source.stdin);
  return text.replace(/\r?\n$/, '');
}

async function readPiped(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_SECRET_BYTES) throw new Error(`standard input is longer than ${MAX_SECRET_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function readFromTerminal(source: SecretSource, label: string): Promise<string> {
  const { stdin, prompt } = source;
  prompt.write(`${label}: `);
  stdin.setRawMode?.(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      prompt.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}
