/**
 * An answer as a value. Routes return one instead of writing to the socket, so faults such as
 * reset-mid-body can take the real answer apart and send only some of it.
 */
export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Field ms the device takes before it answers (it writes a firmware image first: `installHoldsAnswer`). */
  holdMs?: number;
}

export const JSON_TYPE = 'application/json';

export function json(status: number, value: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** No body at all: what real devices send on 401 and what old firmware sends on 403/429. */
export function empty(status: number, headers: Record<string, string> = {}): SimResponse {
  return { status, headers, body: '' };
}

export function text(status: number, body: string, type = 'text/plain; charset=utf-8'): SimResponse {
  return { status, headers: { 'content-type': type }, body };
}

export const notFound = (): SimResponse => text(404, 'Not Found');
