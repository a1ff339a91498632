/**
 * A device request as the bytes of one HTTP/1.1 write: request line, Host, the caller's headers, the
 * body's length, keep-alive or close. A path or header that HTTP forbids is refused before anything is
 * sent, as Node refuses it (`ERR_INVALID_CHAR`, never echoing the value).
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { FIELD_VALUE } from './header-value';
import type { TransportRequest } from './http-exchange';
import { hostPort } from './network-errors';

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PATH = /^\/[\x21-\x7e]*$/;

/** Node refuses such values before sending; so do we, with the same error code (never echoing the value). */
function invalidInput(): Error {
  return Object.assign(new Error('Invalid character in a request header or path'), {
    code: 'ERR_INVALID_CHAR',
  });
}

/** The request as bytes, or an error when a header or the path carries characters HTTP forbids. */
export function serializeRequest(req: TransportRequest, hostHeader: string, last: boolean): Buffer | Error {
  if (!PATH.test(req.path)) return invalidInput();
  let head = `${req.method} ${req.path} HTTP/1.1\r\nHost: ${hostHeader}\r\n`;
  for (const name of Object.keys(req.headers)) {
    const value = req.headers[name] ?? '';
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) return invalidInput();
    head += `${name}: ${value}\r\n`;
  }
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  if (body !== undefined) head += `Content-Length: ${body.length}\r\n`;
  head += last ? 'Connection: close\r\n\r\n' : 'Connection: keep-alive\r\n\r\n';
  const headBytes = Buffer.from(head, 'latin1');
  return body === undefined ? headBytes : Buffer.concat([headBytes, body]);
}

/** The Host header Node would send: the port only when it is not the scheme's default. */
export function hostHeaderOf(address: DeviceAddress): string {
  const defaultPort = address.scheme === 'https' ? 443 : 80;
  if (address.port !== defaultPort) return hostPort(address);
  return address.host.includes(':') ? `[${address.host}]` : address.host;
}
