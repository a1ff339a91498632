import { LAB_CIDR, startNetnsLab } from '../../support/netns/lab';
const lab = await startNetnsLab(21, 80, { slowAccept: { count: 1, delayMs: 300 } });
try {
  for (const req of JSON.parse(process.argv[2] ?? '[]') as object[]) {
    const run = await lab.runInScanner(process.execPath, ['--import', 'tsx', 'tests/support/netns/scan-child.ts', JSON.stringify({ targets: LAB_CIDR, ...req })]);
    const runs = JSON.parse(run.stdout) as { ms: number; found: { address: string }[] }[];
    console.log(JSON.stringify(req), runs.map((r) => `${r.ms.toFixed(0)}ms/${r.found.length}${r.found.some((f) => f.address === '198.18.1.250') ? '+slow' : ''}`).join(' '), run.stderr.slice(0, 2000));
  }
} finally { await lab.close(); }
