import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceAddress } from '../../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import type { TlsPins } from '../../../../electron/core/device/tls-pinning';
import { tlsPinKey } from '../../../../electron/core/device/tls-pinning';
import type { TransportOptions } from '../../../../electron/core/device/transport';
import { createTransport } from '../../../../electron/core/device/transport';
import type { LocalServer, TestCertificate } from './fakes/local-servers';
import {
  answerJson,
  certificateAuthority,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  startRawServer,
  startRawTlsServer,
} from './fakes/local-servers';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let deviceCert: TestCertificate;
let otherCert: TestCertificate;
let ca: { cert: string; key: string };
let caSigned: TestCertificate;
beforeAll(async () => {
  [deviceCert, otherCert, ca] = await Promise.all([
    selfSignedCertificate(),
    selfSignedCertificate(),
    certificateAuthority(),
  ]);
  caSigned = await selfSignedCertificate(ca);
});

function address(url: string): DeviceAddress {
  const parsed = parseDeviceAddress(url);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

async function server<T extends LocalServer>(started: Promise<T>): Promise<T> {
  const s = await started;
  cleanups.push(() => s.close());
  return s;
}

/** Pins as the inventory would keep them, recording every key asked for. */
function pins(entries: Record<string, string> = {}): TlsPins & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: (key) => {
      asked.push(key);
      return entries[key];
    },
  };
}

function statusCall(url: string, options: TransportOptions) {
  const transport = createTransport(options);
  cleanups.push(() => transport.close());
  return transport.request({
    address: address(url),
    method: 'GET',
    path: '/api/v1/status',
    headers: { Accept: 'application/json', Authorization: 'Bearer secret-token' },
  });
}

describe('https with certificate pinning', () => {
  it('refuses an unknown self-signed certificate before sending a single byte', async () => {
    const device = await server(startRawTlsServer(deviceCert));
    const trusted = pins();
    await expect(statusCall(device.url, { tlsPins: trusted })).rejects.toMatchObject({
      code: 'TLS_UNTRUSTED',
      detail: { fingerprint256: deviceCert.fingerprint256 },
      message: expect.stringContaining(deviceCert.fingerprint256),
    });
    expect(trusted.asked).toEqual([`127.0.0.1:${device.port}`]);
    expect(device.connections).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(device.bytesReceived.every((bytes) => bytes === 0)).toBe(true);
  });

  it('(control) the same server sees the request once the certificate is pinned', async () => {
    const device = await server(startRawTlsServer(deviceCert));
    const trusted = pins({ [`127.0.0.1:${device.port}`]: deviceCert.fingerprint256 });
    await expect(statusCall(device.url, { tlsPins: trusted, totalTimeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(device.bytesReceived[0]).toBeGreaterThan(0);
  });

  it('refuses without a pin store too', async () => {
    const device = await server(startHttpsServer(deviceCert, answerJson(200, {})));
    await expect(statusCall(device.url, {})).rejects.toMatchObject({ code: 'TLS_UNTRUSTED' });
    expect(device.requests).toHaveLength(0);
  });

  it('talks to a device whose certificate matches the pin', async () => {
    const device = await server(startHttpsServer(deviceCert, answerJson(200, { miner_state: 'mining' })));
    const trusted = pins({ [`127.0.0.1:${device.port}`]: deviceCert.fingerprint256 });
    const response = await statusCall(device.url, { tlsPins: trusted });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ miner_state: 'mining' });
    expect(device.requests[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(device.requests[0]!.headers.host).toBe(`127.0.0.1:${device.port}`);
  });

  it('compares fingerprints regardless of case and colons', async () => {
    const device = await server(startHttpsServer(deviceCert, answerJson(200, {})));
    const loose = deviceCert.fingerprint256.replaceAll(':', '').toLowerCase();
    const response = await statusCall(device.url, { tlsPins: pins({ [`127.0.0.1:${device.port}`]: loose }) });
    expect(response.status).toBe(200);
  });

  it('refuses a certificate that changed since it was pinned, naming the new fingerprint', async () => {
    const device = await server(startHttpsServer(otherCert, answerJson(200, {})));
    const trusted = pins({ [`127.0.0.1:${device.port}`]: deviceCert.fingerprint256 });
    await expect(statusCall(device.url, { tlsPins: trusted })).rejects.toMatchObject({
      code: 'TLS_CHANGED',
      detail: { fingerprint256: otherCert.fingerprint256 },
    });
    expect(device.requests).toHaveLength(0);
  });

  it('accepts a certificate signed by a trusted authority without a pin', async () => {
    const device = await server(startHttpsServer(caSigned, answerJson(200, {})));
    const response = await statusCall(device.url, { ca: [ca.cert], tlsPins: pins() });
    expect(response.status).toBe(200);
  });

  it('still refuses the CA-signed certificate when that authority is not trusted', async () => {
    const device = await server(startHttpsServer(caSigned, answerJson(200, {})));
    await expect(statusCall(device.url, { tlsPins: pins() })).rejects.toMatchObject({
      code: 'TLS_UNTRUSTED',
    });
  });

  it('sends the host name as SNI for names, and none for IP addresses', async () => {
    const device = await server(startHttpsServer(deviceCert, answerJson(200, {})));
    const byIp = pins({ [`127.0.0.1:${device.port}`]: deviceCert.fingerprint256 });
    await statusCall(device.url, { tlsPins: byIp });
    const byName = pins({ [`localhost:${device.port}`]: deviceCert.fingerprint256 });
    await statusCall(`https://localhost:${device.port}`, { tlsPins: byName });
    expect(device.serverNames).toEqual([false, 'localhost']);
    expect(byName.asked).toEqual([`localhost:${device.port}`]);
  });

  it('keys pins by host:port, IPv6 in brackets', () => {
    expect(tlsPinKey(address('https://10.0.0.5'))).toBe('10.0.0.5:443');
    expect(tlsPinKey(address('https://[fe80::1]:8443'))).toBe('[fe80::1]:8443');
  });

  it('reports an http-only device asked for https as unreachable', async () => {
    const device = await server(startHttpServer(answerJson(200, {})));
    const url = device.url.replace('http://', 'https://');
    await expect(statusCall(url, {})).rejects.toMatchObject({ code: 'UNREACHABLE' });
  });

  it('times out on a device that never completes the handshake', async () => {
    const device = await server(startRawServer(() => undefined));
    await expect(
      statusCall(device.url.replace('http://', 'https://'), { totalTimeoutMs: 200 }),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });
});
