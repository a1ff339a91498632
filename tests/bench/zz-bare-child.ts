import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
const req = JSON.parse(await text(process.stdin)) as { addresses: string[]; tokens: string[]; image: string };
const bytes = statSync(req.image).size;
const B = '----X';
const head = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="keep_settings"\r\n\r\ntrue\r\n--${B}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n\r\n`);
const tail = Buffer.from(`\r\n--${B}--\r\n`);
const q = [...req.addresses.keys()];
const t = performance.now(); const c = process.cpuUsage();
await Promise.all(Array.from({ length: 5 }, async () => { for (let i = q.shift(); i !== undefined; i = q.shift()) {
  const u = new URL(req.addresses[i]!);
  await new Promise<void>((res, rej) => { const r = http.request({ host: u.hostname, port: u.port, method: 'POST', path: '/api/v1/firmware/update', agent: false, headers: { authorization: `Bearer ${req.tokens[i]}`, 'content-type': `multipart/form-data; boundary=${B}`, 'content-length': String(head.length + bytes + tail.length) } }, (s) => { s.resume(); s.on('end', () => res()); }); r.on('error', rej); r.write(head); pipeline(createReadStream(req.image, { highWaterMark: 256 * 1024 }), r, { end: false }).then(() => r.end(tail), rej); });
} }));
const u = process.cpuUsage(c);
console.log(JSON.stringify({ mbps: Math.round((req.addresses.length * bytes / 1048576) / ((performance.now() - t) / 1000)), cpuPerMb: ((u.user + u.system) / 1000 / (req.addresses.length * bytes / 1048576)).toFixed(2) }));
