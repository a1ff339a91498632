/**
 * The two halves of one HTTP exchange with a device, as every layer of the client sees them: the request
 * that goes out and the answer that comes back. Their own module, below both the connection that carries
 * one exchange (http1-connection.ts) and the transport that picks the connection (transport.ts), so
 * neither imports the other's shapes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { DeviceAddress } from '../../../shared/domain/device-address';

export interface TransportRequest {
  address: DeviceAddress;
  /** Only a GET is ever sent twice (on a kept connection the device had closed): see transport.ts. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Absolute path, e.g. `/api/v1/status`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
