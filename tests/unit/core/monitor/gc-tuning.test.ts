import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GC_FLAGS, tuneGcForMonitoring } from '../../../../electron/core/monitor/gc-tuning';

/** `--no-parallel-scavenge` is the negation of the boolean flag `--parallel-scavenge`. */
const flagName = (flag: string): string => flag.replace(/=.*$/, '').replace(/^--no-/, '--');

describe('garbage collection of a process that monitors a fleet', () => {
  it('names V8 flags this Node has (an unknown one would be ignored with a line on the terminal)', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(GC_FLAGS).toEqual(['--heap-growing-percent=100', '--no-parallel-scavenge']);
    for (const flag of GC_FLAGS) expect(options).toContain(`${flagName(flag)} (`);
  });

  it('takes them while the process runs, quietly', () => {
    const script = `for (const f of ${JSON.stringify(GC_FLAGS)}) require('node:v8').setFlagsFromString(f); console.log('set')`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('set');
    expect(() => tuneGcForMonitoring()).not.toThrow();
  });
});
