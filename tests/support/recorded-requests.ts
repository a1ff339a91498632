/**
 * Reading what a simulated device recorded, for tests that assert the exact requests the app sent
 * (header names as they went over the wire, credential headers, the last request to a path).
 */
import type { RecordedRequest, SimDevice } from '../simulator';
import { credentialHeaderNames } from './secret-scan';

/** Header names in wire order, lower-cased (a repeated header appears twice). */
export const headerNames = (request: RecordedRequest): string[] =>
  request.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());

/** The credential headers of a request: `[]`, `['authorization']` or `['x-api-key']` when the app is right. */
export const credentialHeadersOf = (request: RecordedRequest): string[] =>
  credentialHeaderNames(headerNames(request));

export function lastRequest(device: SimDevice, path: string): RecordedRequest {
  const found = device.requests.filter((r) => r.path === path).at(-1);
  if (found === undefined) throw new Error(`${device.address} recorded no request to ${path}`);
  return found;
}
