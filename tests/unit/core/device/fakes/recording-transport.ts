/**
 * A Transport that never touches the network: records every request and answers from a script. Used to
 * prove that bad input is refused before any call, and to map canned answers to errors quickly.
 */
import type { DeviceCredential } from '../../../../../shared/domain/credential';
import { createDeviceClient } from '../../../../../electron/core/device/client';
import type { DeviceClient } from '../../../../../electron/core/device/client';
import type { TransportRequest, TransportResponse } from '../../../../../electron/core/device/http-exchange';
import type { CallOptions, Transport } from '../../../../../electron/core/device/transport';

export interface RecordingTransport extends Transport {
  calls: { request: TransportRequest; call: CallOptions | undefined }[];
  closed: boolean;
}

/** A canned answer: JSON bodies are serialized, strings and Buffers sent as they are. */
export function reply(
  status: number,
  body: unknown = '',
  headers: Record<string, string> = {},
): TransportResponse {
  const raw = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { status, headers: lower, body: raw };
}

export function createRecordingTransport(
  answer: (request: TransportRequest) => TransportResponse | Promise<TransportResponse> = () =>
    reply(200, {}),
): RecordingTransport {
  const transport: RecordingTransport = {
    calls: [],
    closed: false,
    request: async (request, call) => {
      transport.calls.push({ request, call });
      return answer(request);
    },
    close: () => {
      transport.closed = true;
    },
  };
  return transport;
}

/** A device address, token and key shaped like real ones (from the unlock and apikeys fixtures). */
export const DEVICE = '127.0.0.1:8080';
export const TOKEN = 'rBiHSIaKlC4Y9grUnLdvRwn0GPRFn4dB';
export const KEY = 'stringstringstringstringstringst';
export const token: DeviceCredential = { kind: 'token', token: TOKEN };
export const apiKey: DeviceCredential = { kind: 'apiKey', key: KEY };

/** A real client over a recording transport that answers with `answer`. */
export function clientWithAnswer(
  answer: (request: TransportRequest) => TransportResponse = () => reply(200, {}),
): { transport: RecordingTransport; client: DeviceClient } {
  const transport = createRecordingTransport(answer);
  return { transport, client: createDeviceClient({ transport }) };
}
