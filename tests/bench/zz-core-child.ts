import { statSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { uploadFirmware } from '../../electron/core/firmware/upload';
import { parseDeviceAddress } from '../../shared/domain/device-address';
const req = JSON.parse(await text(process.stdin)) as { addresses: string[]; tokens: string[]; image: string };
const bytes = statSync(req.image).size;
const q = [...req.addresses.keys()];
const t = performance.now(); const c = process.cpuUsage();
await Promise.all(Array.from({ length: 5 }, async () => { for (let i = q.shift(); i !== undefined; i = q.shift()) {
  const a = parseDeviceAddress(req.addresses[i]!); if (!a.ok) throw 1;
  const r = await uploadFirmware({ address: a.value, credentialHeaders: { Authorization: `Bearer ${req.tokens[i]}` }, image: { path: req.image, name: 'fw.bin', bytes }, keepSettings: true, tls: { pins: undefined }, onProgress: () => undefined });
  if (r.kind !== 'answered') console.error(r);
} }));
const u = process.cpuUsage(c);
console.log(JSON.stringify({ mbps: Math.round((req.addresses.length * bytes / 1048576) / ((performance.now() - t) / 1000)), cpuPerMb: ((u.user + u.system) / 1000 / (req.addresses.length * bytes / 1048576)).toFixed(2) }));
