/**
 * Self-signed certificates like devices would have: one per device, made for its address, no CA behind
 * it. EC P-256 keys keep generation at a few milliseconds per device.
 */
import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export async function makeCertificate(host: string, hostname: string): Promise<TlsMaterial> {
  const now = Date.now();
  const pem = await generate([{ name: 'commonName', value: hostname }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 10 * 365 * 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: host }] }],
  });
  return { key: pem.private, cert: pem.cert };
}

/** SHA-256 of the DER certificate in node's format ('AB:CD:…'), as a client sees it on the socket. */
export function fingerprint256(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}
