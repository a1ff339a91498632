/**
 * https to devices with self-signed certificates, without ever turning verification off globally.
 *
 * We do the TLS handshake ourselves, with `rejectUnauthorized: false` for this one connection only, and
 * decide on `secureConnect` — before a single HTTP byte (and so before any password, token or key) is
 * written — whether the certificate is one the user trusts: CA-signed, or pinned by its SHA-256 fingerprint
 * (trust on first use, confirmed by the user). Only a socket that passed carries a request.
 */
import { message } from '../../../shared/i18n/message';
import net from 'node:net';
import tls from 'node:tls';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError } from './device-error';
import { hostPort } from './network-errors';
import type { SocketConnectOptions } from './socket-connect';
import { whenConnected } from './socket-connect';

/**
 * Where the app keeps the fingerprints the user accepted, keyed by `host:port` (IPv6 in brackets, as
 * `tlsPinKey` builds it). Returns the `fingerprint256` string as Node formats it (`AB:CD:…`).
 */
export interface TlsPins {
  get(hostPort: string): string | undefined;
}

/** The key `TlsPins.get` is called with, exported so the inventory stores pins under the same key. */
export const tlsPinKey = (address: DeviceAddress): string => hostPort(address);

/** Fingerprints compare case- and separator-insensitively: `ab:cd` and `ABCD` are the same pin. */
const normalizeFingerprint = (fingerprint: string): string =>
  fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();

export interface PinnedTlsOptions extends SocketConnectOptions {
  pins: TlsPins | undefined;
  /** Extra trusted roots (a site's own CA); the system roots are always trusted. */
  ca: readonly string[] | undefined;
}

function checkCertificate(
  socket: tls.TLSSocket,
  address: DeviceAddress,
  pins: TlsPins | undefined,
): DeviceError | null {
  const where = hostPort(address);
  const fingerprint256 = socket.getPeerCertificate().fingerprint256;
  if (typeof fingerprint256 !== 'string' || fingerprint256 === '') {
    return new DeviceError(
      'TLS_UNTRUSTED',
      `${where} presented no certificate.`,
      {},
      { text: message('errors.device.noCertificate', { where }) },
    );
  }
  const pin = pins?.get(tlsPinKey(address));
  if (pin !== undefined) {
    if (normalizeFingerprint(pin) === normalizeFingerprint(fingerprint256)) return null;
    return new DeviceError(
      'TLS_CHANGED',
      `The certificate of ${where} changed since it was trusted (new SHA-256 fingerprint ${fingerprint256}). ` +
        'Refusing to send credentials; trust the new certificate only if you know why it changed.',
      { fingerprint256 },
      { text: message('errors.device.tlsChanged', { where, fingerprint: fingerprint256 }) },
    );
  }
  if (socket.authorized) return null;
  return new DeviceError(
    'TLS_UNTRUSTED',
    `${where} presents a certificate no authority vouches for (SHA-256 fingerprint ${fingerprint256}). ` +
      'Check the fingerprint on the device and trust it to continue.',
    { fingerprint256 },
    { text: message('errors.device.tlsUntrusted', { where, fingerprint: fingerprint256 }) },
  );
}

/**
 * Opens a TLS connection and resolves with it only once the certificate passed `checkCertificate`.
 * Any failure destroys the socket; abort of `signal` destroys it at once and rejects with the reason.
 */
export function connectPinnedTls(address: DeviceAddress, options: PinnedTlsOptions): Promise<tls.TLSSocket> {
  if (options.signal.aborted) return Promise.reject(options.signal.reason);
  const socket = tls.connect({
    host: address.host,
    port: address.port,
    // SNI only for names: RFC 6066 forbids IP literals as server names.
    ...(net.isIP(address.host) === 0 ? { servername: address.host } : {}),
    ...(options.ca !== undefined ? { ca: [...tls.rootCertificates, ...options.ca] } : {}),
    // For this connection only: the decision is made in checkCertificate, before any byte is sent.
    rejectUnauthorized: false,
  });
  return whenConnected(socket, address, options, 'secureConnect', (verified) =>
    checkCertificate(verified, address, options.pins),
  );
}
