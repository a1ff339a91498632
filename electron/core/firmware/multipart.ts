/**
 * The `multipart/form-data` body of `POST /api/v1/firmware/update` (vendor OpenAPI, `SchemaFirmwareUpdate`):
 * the field `keep_settings` (the string "true" or "false") and the field `file` (the image). Built as a
 * head, the image's bytes, and a tail, so the image itself is streamed from disk between them and the
 * Content-Length is known up front (RFC 7578; devices' embedded servers may not take chunked uploads).
 *
 * `keep_settings` goes first: a server that reads fields in order knows it before the image arrives.
 */
import { randomBytes } from 'node:crypto';

export interface MultipartFraming {
  /** The Content-Type header, with the boundary. */
  contentType: string;
  /** Everything before the image's first byte. */
  head: Buffer;
  /** Everything after its last byte. */
  tail: Buffer;
  /** head + image + tail. */
  contentLength: number;
}

/** 32 random alphanumerics after a fixed prefix: cannot occur in the head, and is unlikely in any image. */
export function newBoundary(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(32);
  let text = '';
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return `----MinerdeckFirmware${text}`;
}

/**
 * A file name as a quoted-string parameter: quotes, backslashes and line breaks would end the header or
 * the parameter, and non-ASCII bytes are read differently by every parser; each becomes `_`.
 */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^\x20-\x7e]|["\\]/g, '_').trim();
  return cleaned === '' ? 'firmware.bin' : cleaned;
}

export function multipartFraming(
  image: { name: string; bytes: number },
  keepSettings: boolean,
  boundary: string = newBoundary(),
): MultipartFraming {
  if (!/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/.test(boundary)) {
    throw new RangeError(`not a valid multipart boundary: ${JSON.stringify(boundary)}`);
  }
  const head = Buffer.from(
    `--${boundary}\r\n` +
      'Content-Disposition: form-data; name="keep_settings"\r\n\r\n' +
      `${keepSettings ? 'true' : 'false'}\r\n` +
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${safeFileName(image.name)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'latin1',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head,
    tail,
    contentLength: head.length + image.bytes + tail.length,
  };
}
