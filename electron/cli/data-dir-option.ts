/**
 * `--data-dir DIR` belongs to every command (each reads or writes the inventory), so it is taken out of the
 * arguments once, before dispatch, instead of being declared by each command's strict parser: a command
 * written before the inventory existed accepts it too, and none can forget it.
 */
import { resolve } from 'node:path';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';

export const DATA_DIR_FLAG = '--data-dir';

export function takeDataDir(argv: readonly string[]): Result<{ argv: string[]; dataDir?: string }> {
  const rest: string[] = [];
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    let value: string | undefined;
    if (arg === DATA_DIR_FLAG) {
      value = argv[i + 1];
      i += 1;
      if (value === undefined || value === '' || value.startsWith('--')) {
        return err('INVALID_INPUT', `${DATA_DIR_FLAG} needs a folder, e.g. ${DATA_DIR_FLAG} ./site-data`);
      }
    } else if (arg.startsWith(`${DATA_DIR_FLAG}=`)) {
      value = arg.slice(DATA_DIR_FLAG.length + 1);
      if (value === '')
        return err('INVALID_INPUT', `${DATA_DIR_FLAG} needs a folder, e.g. ${DATA_DIR_FLAG}=./site-data`);
    } else {
      rest.push(arg);
      continue;
    }
    if (dataDir !== undefined) return err('INVALID_INPUT', `give ${DATA_DIR_FLAG} once.`);
    dataDir = resolve(value);
  }
  return ok(dataDir === undefined ? { argv: rest } : { argv: rest, dataDir });
}
