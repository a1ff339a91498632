/**
 * Reading requests and writing SimResponses on node's http objects, and the odd answers of the fault
 * kinds (half a body then a dropped connection, a body of megabytes, not-JSON).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimResponse } from './sim-response';
import type { Fault } from './types';

/** What is kept of a request body for the record; the rest is read and dropped. */
const MAX_RECORDED_BODY = 1024 * 1024;
const DEFAULT_HUGE_BYTES = 6 * 1024 * 1024;
const CHUNK = 64 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size >= MAX_RECORDED_BODY) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function writeResponse(res: ServerResponse, r: SimResponse): void {
  if (res.destroyed) return;
  res.writeHead(r.status, { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) });
  res.end(r.body);
}

/** A generic web page without the firmware marker: a host that serves HTTP but is not a device. */
const OTHER_HTML =
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Login</title></head>' +
  '<body><h1>Router administration</h1><form method="post" action="/login"><input name="password" ' +
  'type="password"><button>Log in</button></form></body></html>\n';

/** Sends part of `full`, with headers promising all of it, then drops the connection. */
function resetMidBody(res: ServerResponse, full: SimResponse): void {
  // An empty body cannot be cut in the middle: promise one so there is something to cut.
  const body = Buffer.from(full.body.length >= 2 ? full.body : '{"miner_state":"mining","unlocked":false}');
  res.writeHead(full.status, { ...full.headers, 'content-length': String(body.length) });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
}

function waitDrainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

const HUGE_HEAD = Buffer.from('{"pad":"');
const HUGE_TAIL = Buffer.from('"}');

/** Streams a JSON-looking body of exactly `bytes` bytes, respecting backpressure; stops if the client goes. */
async function hugeBody(res: ServerResponse, bytes: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes) });
  const fill = Buffer.alloc(CHUNK, 0x61);
  const wrap = bytes >= HUGE_HEAD.length + HUGE_TAIL.length;
  let padding = wrap ? bytes - HUGE_HEAD.length - HUGE_TAIL.length : bytes;
  const put = async (buf: Buffer): Promise<void> => {
    if (!res.write(buf) && !res.destroyed) await waitDrainOrClose(res);
  };
  if (wrap) await put(HUGE_HEAD);
  while (padding > 0 && !res.destroyed) {
    const n = Math.min(CHUNK, padding);
    await put(fill.subarray(0, n));
    padding -= n;
  }
  if (!res.destroyed) res.end(wrap ? HUGE_TAIL : undefined);
}

/** Writes the answer of a fault; `normal` builds the answer the device would have given. */
export async function writeFault(
  res: ServerResponse,
  fault: Exclude<Fault, { kind: 'latency' | 'hang' }>,
  normal: () => SimResponse,
  defaultErr: string,
): Promise<void> {
  switch (fault.kind) {
    // The device carries the request out (a write is applied); the answer is lost.
    case 'hang-after-apply':
      normal();
      return;
    case 'drop-after-apply':
      normal();
      res.socket?.destroy();
      return;
    case 'reset-mid-body':
      return resetMidBody(res, normal());
    case 'http-500':
      return writeResponse(res, {
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ err: fault.err ?? defaultErr }),
      });
    case 'malformed-json':
      return writeResponse(res, {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"miner_state": "mining", "miner_state_time": 91, "unlocked": tru',
      });
    case 'huge-body':
      return hugeBody(res, fault.bytes ?? DEFAULT_HUGE_BYTES);
    case 'html':
      return writeResponse(res, { status: 200, headers: { 'content-type': 'text/html' }, body: OTHER_HTML });
    case 'status':
      return writeResponse(res, { status: fault.code, headers: fault.headers ?? {}, body: fault.body ?? '' });
  }
}
