import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet } from '../simulator';
import { writeSimImage, S21, QUICK_UPDATE } from '../support/firmware-world';
const N = 40;
const fleet = await startFleet({ count: N, recordRequests: false, defaults: { model: S21.model, firmwareVersion: '1.2.6', password: 'admin', ...QUICK_UPDATE, rebootDownSeconds: 0.2, bootSeconds: 0.1 } });
const image = writeSimImage(mkdtempSync(join(tmpdir(), 'cmp-')), '1.2.7', S21.id, 64 * 1024 * 1024);
async function reset() { await Promise.all(fleet.devices.map((d) => d.waitUntilUp())); await new Promise((r) => setTimeout(r, 500)); for (const d of fleet.devices) d.setFirmwareVersion('1.2.6'); }
async function child(script: string, extra: object) { const c = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] }); c.stdin.end(JSON.stringify({ addresses: fleet.devices.map((d) => d.address), image, ...extra })); return (await text(c.stdout)).trim(); }
async function tokens() { return Promise.all(fleet.devices.map(async (d) => ((await (await fetch(`${d.address}/api/v1/unlock`, { method: 'POST', body: '{"pw":"admin"}' })).json()) as { token: string }).token)); }
for (let k = 0; k < 3; k++) {
  const r = JSON.parse(await child('tests/bench/firmware/rollout-child.ts', { password: 'admin' })); await reset();
  const core = await child('tests/bench/zz-core-child.ts', { tokens: await tokens() }); await reset();
  const bare = await child('tests/bench/zz-bare-child.ts', { tokens: await tokens() }); await reset();
  console.log('rollout', Math.round(r.bytes / 1048576 / (r.uploadMs / 1000)), (r.cpuMs / (r.bytes/1048576)).toFixed(2), 'inflight', r.inFlight.toFixed(1), '| core', core, '| bare', bare);
}
await fleet.close();
