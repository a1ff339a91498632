/**
 * One firmware upload to one device: `POST /api/v1/firmware/update` as multipart/form-data, the image
 * streamed from disk (a read stream with a small buffer, backpressure respected: never the whole image in
 * memory, whatever its size or the number of devices).
 *
 * Node's own `http` client carries it, over a socket opened the way every device connection is: a connect
 * timeout of its own and, for https, the pinned-certificate handshake of tls-pinning.ts (the certificate is
 * checked before a byte, and so before the credential, is written). The device client's pooled
 * connections (http1-connection.ts) carry small JSON exchanges; an upload of megabytes is a stream, kept
 * apart from them on a connection of its own that is closed after the answer.
 *
 * What came of it, without guessing: an answer (whatever its status), the upload cut before the whole
 * image went out (nothing applied: a device cannot install part of an image), or the whole image out and
 * no answer (the device may have taken it: the caller reads the device to decide, and never resends).
 */
import { open } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError } from '../device/device-error';
import { hostPort, toDeviceError } from '../device/network-errors';
import { whenConnected } from '../device/socket-connect';
import type { TlsPins } from '../device/tls-pinning';
import { connectPinnedTls } from '../device/tls-pinning';
import { multipartFraming } from './multipart';

export const FIRMWARE_UPDATE_PATH = '/api/v1/firmware/update';

/** Bytes read from disk at a time: what one upload holds in memory, plus the socket's own buffer. */
const READ_CHUNK_BYTES = 256 * 1024;
/** An answer is a small JSON object (`{"after"}`, `{"err"}`); more is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface UploadTimeouts {
  connectTimeoutMs: number;
  /** The upload fails when no byte could be written for this long (a device that stopped reading). */
  stallTimeoutMs: number;
  /** After the last byte: how long the device may take to check the image and answer. */
  answerTimeoutMs: number;
}

export const DEFAULT_UPLOAD_TIMEOUTS: UploadTimeouts = {
  connectTimeoutMs: 3000,
  stallTimeoutMs: 60_000,
  answerTimeoutMs: 300_000,
};

export interface UploadRequest {
  address: DeviceAddress;
  /** The one credential header (credentialHeaders of request-input.ts). */
  credentialHeaders: Record<string, string>;
  image: { path: string; name: string; bytes: number };
  keepSettings: boolean;
  tls: { pins: TlsPins | undefined; ca?: readonly string[] | undefined };
  timeouts?: Partial<UploadTimeouts>;
  signal?: AbortSignal;
  /** Bytes of the image written so far (not counting the multipart framing). */
  onProgress?: (sentBytes: number) => void;
}

export type UploadAnswer =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: Buffer }
  /** Cut before the whole image went out: the device cannot have installed it. */
  | { kind: 'cut'; error: DeviceError; sentBytes: number }
  /** The whole image went out and no answer came: the device may have taken it. */
  | { kind: 'no-answer'; error: DeviceError };

function openSocket(request: UploadRequest, timeouts: UploadTimeouts, signal: AbortSignal): Promise<Socket> {
  const { address } = request;
  const options = { connectTimeoutMs: timeouts.connectTimeoutMs, signal };
  if (address.scheme === 'https') {
    return connectPinnedTls(address, { ...options, pins: request.tls.pins, ca: request.tls.ca });
  }
  const socket = net.connect({ host: address.host, port: address.port });
  return whenConnected(socket, address, options, 'connect');
}

/** Reads an answer's body up to the cap (the rest is left unread: the connection is closed after). */
function readAnswer(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size >= MAX_ANSWER_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    response.on('end', () => resolve(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES)));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('the answer was cut off')));
  });
}

/** Resolves once `chunk` went out to the socket (its buffer may be used again), rejects when stopped. */
function written(req: ReturnType<typeof httpRequest>, chunk: Buffer, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    req.write(chunk, (error) => {
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Reads the image into two buffers in turn and hands each to `write`, reading the next while the last
 * goes out: a constant 512 KiB per upload whatever the image's size, and no new buffer per chunk (a 64 MB
 * image would otherwise be 256 fresh buffers per device for the garbage collector to find).
 */
async function streamFile(
  path: string,
  bytes: number,
  sink: { write: (chunk: Buffer) => Promise<void>; stopped: () => boolean; onSent: (bytes: number) => void },
): Promise<void> {
  const file = await open(path, 'r');
  try {
    let buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let other = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let position = 0;
    let sending: Promise<void> = Promise.resolve();
    while (position < bytes && !sink.stopped()) {
      // This buffer's last write was awaited one turn ago: it is free.
      [buffer, other] = [other, buffer];
      const length = Math.min(READ_CHUNK_BYTES, bytes - position);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      await sending;
      const sentUpTo = position;
      sending = sink.write(buffer.subarray(0, bytesRead)).then(() => sink.onSent(sentUpTo));
      // Awaited after the next read; a failure meanwhile is not an unhandled rejection.
      sending.catch(() => undefined);
    }
    await sending;
  } finally {
    await file.close();
  }
}

/**
 * One timer for the whole upload (not one per chunk): every `tickMs` it checks that bytes kept going out
 * while the image is sent, and that the answer came in time after it. Real time: the timeouts here are
 * real ms, converted from the run clock's field ms by the caller (send-image.ts, `clock.realMs`).
 */
function watchdog(
  timeouts: UploadTimeouts,
  stop: (why: string, text: MessageRef) => void,
): { progressed(): void; bodySent(): void; clear(): void } {
  let lastProgress = Date.now();
  let answerBy: number | undefined;
  const tickMs = Math.max(10, Math.min(1000, timeouts.stallTimeoutMs / 4, timeouts.answerTimeoutMs / 4));
  const timer = setInterval(() => {
    const now = Date.now();
    if (answerBy !== undefined) {
      if (now >= answerBy) {
        const seconds = Math.round(timeouts.answerTimeoutMs / 1000);
        stop(
          `no answer within ${seconds} s after the whole image was sent.`,
          message('errors.firmware.noAnswerAfterImage', { seconds }),
        );
      }
    } else if (now - lastProgress >= timeouts.stallTimeoutMs) {
      const seconds = Math.round(timeouts.stallTimeoutMs / 1000);
      stop(
        `the upload stalled: nothing could be sent for ${seconds} s.`,
        message('errors.firmware.uploadStalled', { seconds }),
      );
    }
  }, tickMs);
  return {
    progressed: () => void (lastProgress = Date.now()),
    bodySent: () => void (answerBy = Date.now() + timeouts.answerTimeoutMs),
    clear: () => clearInterval(timer),
  };
}

export async function uploadFirmware(request: UploadRequest): Promise<UploadAnswer> {
  const timeouts = { ...DEFAULT_UPLOAD_TIMEOUTS, ...request.timeouts };
  const { address } = request;
  const where = hostPort(address);
  const controller = new AbortController();
  const { signal } = controller;
  const stop = (error: DeviceError) => {
    if (!signal.aborted) controller.abort(error);
  };
  const onCallerAbort = () =>
    stop(
      new DeviceError(
        'CANCELLED',
        `The firmware upload to ${where} was cancelled.`,
        {},
        { text: message('errors.firmware.uploadCancelled', { where }) },
      ),
    );
  if (request.signal?.aborted === true) onCallerAbort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const guard = watchdog(timeouts, (why, text) =>
    stop(
      new DeviceError(
        'TIMEOUT',
        `${where}: ${why}`,
        {},
        { text: message('errors.firmware.uploadTimeout', { where, why: text }) },
      ),
    ),
  );

  let sentBytes = 0;
  let bodySent = false;
  let answered = false;
  let socket: Socket | undefined;
  try {
    try {
      socket = await openSocket(request, timeouts, signal);
    } catch (error) {
      return { kind: 'cut', error: toDeviceError(error, address), sentBytes: 0 };
    }
    // Bulk data, then a short tail that must not wait for an acknowledgement.
    socket.setNoDelay(true);
    const framing = multipartFraming(request.image, request.keepSettings);
    const opened = socket;
    const req = httpRequest({
      host: address.host,
      port: address.port,
      method: 'POST',
      path: FIRMWARE_UPDATE_PATH,
      createConnection: () => opened,
      headers: {
        Accept: 'application/json',
        'Content-Type': framing.contentType,
        'Content-Length': String(framing.contentLength),
        Connection: 'close',
        ...request.credentialHeaders,
      },
    });
    req.on('error', (error) => stop(toDeviceError(error, address, 'answer')));
    const answer = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', (response) => {
        answered = true;
        resolve(response);
      });
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    answer.catch(() => undefined);

    const writeAll = async (): Promise<void> => {
      await written(req, framing.head, signal);
      // Streamed with backpressure: the file is read no faster than the device takes it.
      await streamFile(request.image.path, request.image.bytes, {
        write: (chunk) => written(req, chunk, signal),
        stopped: () => answered || signal.aborted,
        onSent: (bytes) => {
          sentBytes = bytes;
          guard.progressed();
          request.onProgress?.(bytes);
        },
      });
      // The device answered before taking it all (a refusal): its answer is what counts.
      if (answered) return;
      if (signal.aborted) throw signal.reason;
      if (sentBytes !== request.image.bytes) {
        throw new DeviceError(
          'INVALID_INPUT',
          `the firmware file changed while it was read (${sentBytes} bytes, not ${request.image.bytes}).`,
          {},
          {
            text: message('errors.firmware.fileChanged', { sent: sentBytes, bytes: request.image.bytes }),
          },
        );
      }
      await new Promise<void>((resolve) => req.end(framing.tail, resolve));
      bodySent = true;
      guard.bodySent();
    };
    const writing = writeAll();
    writing.catch(() => undefined);
    try {
      await Promise.race([writing, answer.then(() => undefined)]);
    } catch (error) {
      if (!answered) {
        const reason: unknown = signal.aborted ? signal.reason : error;
        return { kind: 'cut', error: toDeviceError(reason, address, 'answer'), sentBytes };
      }
    }
    if (!bodySent) guard.bodySent();
    try {
      const response = await answer;
      const body = await readAnswer(response, signal);
      return { kind: 'answered', status: response.statusCode ?? 0, headers: response.headers, body };
    } catch (error) {
      const reason: unknown = signal.aborted ? signal.reason : error;
      const failure = toDeviceError(reason, address, 'answer');
      return bodySent ? { kind: 'no-answer', error: failure } : { kind: 'cut', error: failure, sentBytes };
    }
  } finally {
    guard.clear();
    request.signal?.removeEventListener('abort', onCallerAbort);
    // Ends a write still waiting (the device answered first) and closes the image's read stream.
    stop(
      new DeviceError(
        'CANCELLED',
        `The firmware upload to ${where} is over.`,
        {},
        { text: message('errors.firmware.uploadOver', { where }) },
      ),
    );
    socket?.destroy();
  }
}
