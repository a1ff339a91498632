/**
 * Reading a `POST /api/v1/firmware/update` body as it streams in: multipart/form-data (RFC 7578) with the
 * fields `keep_settings` and `file`. The image is never held: only its size and first bytes are kept (the
 * simulator's image convention is in its first line, README "Firmware"), so a fleet of simulated devices
 * takes 64 MB images side by side in a few megabytes. A slow device (`bytesPerSecond`) reads no faster.
 */
import type { IncomingMessage } from 'node:http';

/** What a field or the file was: its size and first bytes (the file's first line names the image). */
export interface UploadPart {
  name: string;
  filename?: string;
  bytes: number;
  /** The first bytes (up to FIRST_BYTES), enough for the first line or a small field's whole value. */
  first: Buffer;
}

export interface FirmwareUpload {
  parts: UploadPart[];
  /** Why the body is not a well-formed multipart body (400 then), when it is not. */
  problem?: string;
  /** The client stopped sending before the end (no answer can reach it). */
  cut: boolean;
  /** Bytes of the whole body received. */
  received: number;
}

const FIRST_BYTES = 256;
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined when it is not one. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function dispositionOf(headerText: string): { name?: string; filename?: string } {
  const line = headerText.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (line === undefined) return {};
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
  const filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return { ...(name !== undefined ? { name } : {}), ...(filename !== undefined ? { filename } : {}) };
}

/**
 * A push parser over the body's chunks. The body is read as if it began with CRLF, so the first
 * boundary line matches the same delimiter (`CRLF--boundary`) as every later one.
 */
export class MultipartScanner {
  readonly parts: UploadPart[] = [];
  problem: string | undefined;
  private state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  private pending: Buffer = Buffer.from('\r\n');
  private current: UploadPart | undefined;
  private readonly delimiter: Buffer;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  get done(): boolean {
    return this.state === 'done';
  }

  push(chunk: Buffer): void {
    if (this.problem !== undefined || this.state === 'done') return;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (!this.step()) return;
    }
  }

  /** The body ended: a multipart body must have ended with its closing delimiter. */
  end(): void {
    if (this.problem === undefined && this.state !== 'done') {
      this.problem = 'the multipart body ended before its closing boundary';
    }
  }

  /** One move of the state machine; false when more bytes are needed (or it is over). */
  private step(): boolean {
    const keep = this.delimiter.length - 1;
    switch (this.state) {
      case 'preamble': {
        const at = this.pending.indexOf(this.delimiter);
        if (at < 0) {
          this.pending = this.pending.subarray(Math.max(0, this.pending.length - keep));
          return false;
        }
        this.pending = this.pending.subarray(at + this.delimiter.length);
        this.state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (this.pending.length < 2) return false;
        const two = this.pending.subarray(0, 2).toString('latin1');
        if (two === '--') {
          this.state = 'done';
          return false;
        }
        if (two !== '\r\n') return this.fail('a boundary line is not followed by a line break');
        this.pending = this.pending.subarray(2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        const at = this.pending.indexOf(CRLF2);
        if (at < 0) {
          return this.pending.length > MAX_HEADER_BYTES ? this.fail('part headers are too long') : false;
        }
        const { name, filename } = dispositionOf(this.pending.subarray(0, at).toString('latin1'));
        if (name === undefined) return this.fail('a part has no Content-Disposition name');
        this.current = {
          name,
          ...(filename !== undefined ? { filename } : {}),
          bytes: 0,
          first: Buffer.alloc(0),
        };
        this.parts.push(this.current);
        this.pending = this.pending.subarray(at + CRLF2.length);
        this.state = 'body';
        return true;
      }
      case 'body': {
        const at = this.pending.indexOf(this.delimiter);
        if (at < 0) {
          const take = Math.max(0, this.pending.length - keep);
          this.data(this.pending.subarray(0, take));
          // Copied: the rest of this chunk's buffer would otherwise stay alive with it.
          this.pending = Buffer.from(this.pending.subarray(take));
          return false;
        }
        this.data(this.pending.subarray(0, at));
        this.pending = this.pending.subarray(at + this.delimiter.length);
        this.current = undefined;
        this.state = 'after-delimiter';
        return true;
      }
      case 'done':
        return false;
    }
  }

  private data(bytes: Buffer): void {
    const part = this.current;
    if (part === undefined || bytes.length === 0) return;
    if (part.first.length < FIRST_BYTES) {
      part.first = Buffer.concat([part.first, bytes.subarray(0, FIRST_BYTES - part.first.length)]);
    }
    part.bytes += bytes.length;
  }

  private fail(problem: string): false {
    this.problem = problem;
    return false;
  }
}

export interface UploadReadOptions {
  /** Read no faster than this (the `slow-upload` fault). */
  bytesPerSecond?: number;
  /** Waits `ms` of field time; false when the device closed meanwhile (reading then stops). */
  delay: (ms: number) => Promise<boolean>;
  /** The device's field clock (the rate is bytes per field second); default Date.now. */
  now?: () => number;
}

/** Reads the whole request through the scanner, pausing to keep to `bytesPerSecond` when given. */
export function readFirmwareUpload(
  req: IncomingMessage,
  options: UploadReadOptions,
): Promise<FirmwareUpload> {
  const boundary = boundaryOf(req.headers['content-type']);
  const scanner = boundary === undefined ? undefined : new MultipartScanner(boundary);
  const now = options.now ?? Date.now;
  const started = now();
  let received = 0;
  return new Promise((resolve) => {
    let settled = false;
    /** A slow device's pause in progress: the request is not over until it is (even when all has arrived). */
    let pausing: Promise<void> = Promise.resolve();
    const finish = (cut: boolean) => {
      if (settled) return;
      settled = true;
      if (!cut) scanner?.end();
      const problem =
        scanner === undefined ? 'expected a multipart/form-data body with a boundary' : scanner.problem;
      resolve({ parts: scanner?.parts ?? [], cut, received, ...(problem !== undefined ? { problem } : {}) });
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      scanner?.push(chunk);
      const rate = options.bytesPerSecond;
      if (rate === undefined || rate <= 0) return;
      const due = started + (received / rate) * 1000;
      const wait = due - now();
      if (wait <= 0) return;
      req.pause();
      pausing = options.delay(wait).then((goOn) => {
        if (goOn) req.resume();
        else {
          req.destroy();
          finish(true);
        }
      });
    });
    // Whole: over once the slow device's last pause is (it read no faster than its rate).
    const ended = () => (req.complete ? void pausing.then(() => finish(false)) : finish(true));
    req.on('end', ended);
    req.on('close', ended);
    // A paused request (a slow device) hears of a client that went away only through its socket.
    req.socket.once('close', ended);
    req.on('aborted', () => finish(true));
    req.on('error', () => finish(true));
  });
}

/** The line the record keeps instead of the body (never the image itself). */
export function uploadSummary(upload: FirmwareUpload): string {
  const parts = upload.parts.map((part) => {
    if (part.filename === undefined) return `${part.name}=${part.first.toString('utf8').slice(0, 100)}`;
    const firstLine = part.first.toString('latin1').split('\n', 1)[0] ?? '';
    return `${part.name}: "${part.filename}" ${part.bytes} bytes, first line ${JSON.stringify(firstLine.slice(0, 120))}`;
  });
  const cut = upload.cut ? ` (cut after ${upload.received} bytes)` : '';
  const problem = upload.problem !== undefined ? ` (${upload.problem})` : '';
  return `multipart: ${parts.join('; ')}${cut}${problem}`;
}
