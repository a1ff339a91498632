/**
 * The peer of the firmware benchmark: a bare Node multipart upload of the same image to the same devices,
 * 5 in flight — `http.request`, the image piped from `fs.createReadStream`, the form's head and tail
 * written around it, each device's answer read — with no rollout, credentials service or verification
 * around it. Each device is unlocked first (not timed). Reads `{addresses, password, image}` as JSON on
 * stdin; prints `{bytes, wallMs, maxRssMb, failed}`.
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import type { UploadRunRequest, UploadRunResult } from './upload-run';
import { cpuMsSince } from './upload-run';

const request = JSON.parse(await text(process.stdin)) as UploadRunRequest;
const bytes = statSync(request.image).size;
const BOUNDARY = '----BareNodeUpload0123456789abcdef';
const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="keep_settings"\r\n\r\ntrue\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function post(
  url: URL,
  path: string,
  headers: Record<string, string>,
  body: (req: http.ClientRequest) => Promise<void>,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: 'POST', path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    body(req).catch(reject);
  });
}

const tokens = await Promise.all(
  request.addresses.map(async (address) => {
    const pw = JSON.stringify({ pw: request.password });
    const answer = await post(
      new URL(address),
      '/api/v1/unlock',
      { 'content-type': 'application/json', 'content-length': String(pw.length) },
      async (req) => {
        req.end(pw);
      },
    );
    return (JSON.parse(answer.body) as { token: string }).token;
  }),
);

let failed = 0;
const queue = request.addresses.map((address, i) => ({ url: new URL(address), token: tokens[i]! }));
const started = performance.now();
const cpuAtStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: 5 }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { url, token } = next;
      const answer = await post(
        url,
        '/api/v1/firmware/update',
        {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(head.length + bytes + tail.length),
        },
        async (req) => {
          req.write(head);
          await pipeline(createReadStream(request.image, { highWaterMark: 256 * 1024 }), req, { end: false });
          req.end(tail);
        },
      );
      if (answer.status !== 200) failed += 1;
    }
  }),
);
const wallMs = performance.now() - started;
const result: UploadRunResult = {
  bytes: bytes * request.addresses.length,
  wallMs,
  uploadMs: wallMs,
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  cpuMs: cpuMsSince(cpuAtStart),
  failed,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
