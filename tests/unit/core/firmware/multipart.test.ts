/**
 * The multipart framing of a firmware upload (electron/core/firmware/multipart.ts): head + image + tail is
 * a multipart/form-data body two independent parsers read the same way — undici's (Node's own `fetch`
 * Response) and the simulator's streaming scanner, fed in chunks of every size — with `keep_settings`
 * first, the file whole, and a Content-Length that matches.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { multipartFraming, newBoundary, safeFileName } from '../../../../electron/core/firmware/multipart';
import { MultipartScanner } from '../../../simulator/firmware-upload';

function bodyOf(image: Buffer, name: string, keepSettings: boolean) {
  const framing = multipartFraming({ name, bytes: image.length }, keepSettings);
  return { framing, body: Buffer.concat([framing.head, image, framing.tail]) };
}

describe('firmware upload framing', () => {
  it('is a multipart/form-data body undici reads: keep_settings, then the file, whole', async () => {
    const image = randomBytes(100_000);
    const { framing, body } = bodyOf(image, 'fw-1.2.7.bin', true);
    expect(framing.contentLength).toBe(body.length);
    expect(framing.contentType).toMatch(
      /^multipart\/form-data; boundary=----MinerdeckFirmware[0-9A-Za-z]{32}$/,
    );
    const form = await new Response(body, { headers: { 'content-type': framing.contentType } }).formData();
    expect([...form.keys()]).toEqual(['keep_settings', 'file']);
    expect(form.get('keep_settings')).toBe('true');
    const file = form.get('file') as File;
    expect(file.name).toBe('fw-1.2.7.bin');
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
  });

  it('sends keep_settings "false" when settings are not kept', async () => {
    const { framing, body } = bodyOf(Buffer.from('x'), 'a.bin', false);
    const form = await new Response(body, { headers: { 'content-type': framing.contentType } }).formData();
    expect(form.get('keep_settings')).toBe('false');
  });

  it('reads the same through the simulator’s streaming scanner, whatever the chunk sizes', () => {
    // An image holding the boundary's prefix and line breaks: only the whole delimiter ends the part.
    const image = Buffer.concat([
      Buffer.from('minerdeck-sim-firmware 1.2.8 s21pro\n\r\n----Minerdeck\r\n--'),
      randomBytes(50_000),
    ]);
    const { framing, body } = bodyOf(image, 'fw.bin', true);
    const boundary = framing.contentType.split('boundary=')[1]!;
    for (const size of [1, 2, 7, 64, 1000, 65_536, body.length]) {
      const scanner = new MultipartScanner(boundary);
      for (let i = 0; i < body.length; i += size) scanner.push(body.subarray(i, i + size));
      scanner.end();
      expect(scanner.problem, `chunks of ${size}`).toBeUndefined();
      expect(scanner.parts.map((p) => [p.name, p.filename, p.bytes])).toEqual([
        ['keep_settings', undefined, 4],
        ['file', 'fw.bin', image.length],
      ]);
      expect(scanner.parts[1]!.first.toString('latin1').split('\n')[0]).toBe(
        'minerdeck-sim-firmware 1.2.8 s21pro',
      );
    }
  });

  it('tells a body cut before its closing boundary', () => {
    const { framing, body } = bodyOf(randomBytes(1000), 'fw.bin', true);
    const scanner = new MultipartScanner(framing.contentType.split('boundary=')[1]!);
    scanner.push(body.subarray(0, body.length - 10));
    scanner.end();
    expect(scanner.problem).toBe('the multipart body ended before its closing boundary');
  });

  it('keeps a file name from breaking its header: quotes, backslashes, line breaks, non-ASCII become _', () => {
    expect(safeFileName('fw "new"\\\r\nX-Evil: 1.bin')).toBe('fw _new____X-Evil: 1.bin');
    expect(safeFileName('firmware-ü.bin')).toBe('firmware-_.bin');
    expect(safeFileName('   ')).toBe('firmware.bin');
    const { framing } = bodyOf(Buffer.from('x'), 'a"\r\nb.bin', true);
    expect(framing.head.toString('latin1')).toContain('filename="a___b.bin"\r\n');
  });

  it('makes a new boundary each time and refuses one that is not valid', () => {
    expect(newBoundary()).not.toBe(newBoundary());
    expect(() => multipartFraming({ name: 'a', bytes: 1 }, true, 'has space')).toThrow(RangeError);
    expect(() => multipartFraming({ name: 'a', bytes: 1 }, true, 'x'.repeat(71))).toThrow(RangeError);
  });
});
