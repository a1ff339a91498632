import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_FLAG, limitHeapGrowth } from '../../../../electron/core/monitor/heap-growth';

describe('heap growth of a process that monitors a fleet', () => {
  it('names a V8 flag this Node has (an unknown one would be ignored with a line on the terminal)', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(HEAP_GROWTH_FLAG).toMatch(/^--heap-growing-percent=100$/);
    expect(options).toContain('--heap-growing-percent (specifies heap growing factor');
  });

  it('is taken while the process runs, quietly', () => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(HEAP_GROWTH_FLAG)}); console.log('set')`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('set');
    expect(() => limitHeapGrowth()).not.toThrow();
  });
});
