import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from '../../../electron/cli/secret-input';

const piped = (text: string) => ({ stdin: Readable.from([Buffer.from(text)]), prompt: new PassThrough() });

describe('readSecret', () => {
  it('reads piped input and drops one trailing newline', async () => {
    expect(await readSecret(piped('admin\n'), 'Password')).toBe('admin');
    expect(await readSecret(piped('admin\r\n'), 'Password')).toBe('admin');
    expect(await readSecret(piped('with space \n\n'), 'Password')).toBe('with space \n');
    expect(await readSecret(piped('pässwörd'), 'Password')).toBe('pässwörd');
  });

  it('refuses absurdly long input', async () => {
    await expect(readSecret(piped('x'.repeat(5000)), 'Password')).rejects.toThrow(/longer than/);
  });

  it('reads a terminal line without echoing it', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
    const prompt = new PassThrough();
    const secret = readSecret({ stdin, prompt }, 'Password');
    stdin.write('ad');
    stdin.write('mix\u007fn\r');
    expect(await secret).toBe('admin');
    expect(prompt.read().toString()).toBe('Password: \n');
  });
});
