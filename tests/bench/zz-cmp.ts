import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet } from '../simulator';
import { writeSimImage, S21 } from '../support/firmware-world';
const N = 30;
const fleet = await startFleet({ count: N, recordRequests: false, defaults: { model: S21.model, firmwareVersion: '1.2.6', firmwareFault: { kind: 'upload-refused' } } });
const image = writeSimImage(mkdtempSync(join(tmpdir(), 'cmp-')), '1.2.7', S21.id, 64 * 1024 * 1024);
const tokens = await Promise.all(fleet.devices.map(async (d) => ((await (await fetch(`${d.address}/api/v1/unlock`, { method: 'POST', body: '{"pw":"admin"}' })).json()) as { token: string }).token));
async function child(script: string) { const c = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] }); c.stdin.end(JSON.stringify({ addresses: fleet.devices.map((d) => d.address), tokens, image })); return (await text(c.stdout)).trim(); }
for (let k = 0; k < 4; k++) console.log('bare', await child('tests/bench/zz-bare-child.ts'), 'core', await child('tests/bench/zz-core-child.ts'));
await fleet.close();
