/**
 * Compiles browser-api.ts into a classic script for the page (esbuild's transform: one file, no
 * bundling; its imports are types only) and appends the call that installs `window.api` with this run's
 * socket address and the contract's channel list. Compiled once per process.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { channels } from '../../../shared/ipc/contract';
import type { HarnessApiConfig } from './harness-config';

let compiled: Promise<string> | undefined;

function compile(): Promise<string> {
  compiled ??= readFile(join(import.meta.dirname, 'browser-api.ts'), 'utf8').then(async (source) => {
    const out = await transform(source, {
      loader: 'ts',
      format: 'iife',
      globalName: 'MinerdeckHarness',
      target: 'es2022',
    });
    return out.code;
  });
  return compiled;
}

/** The script that installs `window.api`; without a token it reads `#harness-token=` from the page URL. */
export async function harnessScript(config: Omit<HarnessApiConfig, 'channels'>): Promise<string> {
  const full: HarnessApiConfig = { ...config, channels: [...channels] };
  return `${await compile()}\nMinerdeckHarness.installHarnessApi(${JSON.stringify(full)});\n`;
}
