import { LAB_CIDR, startNetnsLab } from '../../support/netns/lab';
const sparse = process.env.SPARSE === '1';
const lab = sparse ? await startNetnsLab(500, 80, { block: 'sparse-16' }) : await startNetnsLab(21, 80, { slowAccept: { count: 1, delayMs: 300 } });
try {
  for (const req of JSON.parse(process.argv[2] ?? '[]') as object[]) {
    const run = await lab.runInScanner(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'tests/support/netns/scan-child.ts', JSON.stringify({ targets: sparse ? lab.cidr : LAB_CIDR, ...req })], { timeoutMs: 600_000 });
    const runs = JSON.parse(run.stdout) as { ms: number; cpuMs: number; confirmMs: number; found: { address: string }[] }[];
    console.log(JSON.stringify(req), runs.map((r) => `${r.ms.toFixed(0)}ms confirm ${r.confirmMs} found ${r.found.length}${r.found.some((f) => f.address === '198.18.1.250') ? '+slow' : ''}`).join(' | '), run.stderr.slice(0, 2000));
  }
} finally { await lab.close(); }
