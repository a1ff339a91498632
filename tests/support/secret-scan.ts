/**
 * Looking for secrets where they must never be: in captured text, and in every file under a folder.
 * Returns where each one was found, so a failing leak test says exactly what leaked where.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Leak {
  secret: string;
  where: string;
}

/** Secrets are reported by their first characters only, so the report itself leaks nothing whole. */
const label = (secret: string): string => `${secret.slice(0, 3)}…(${secret.length} chars)`;

export function leaksInText(texts: Record<string, string>, secrets: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets) if (text.includes(secret)) leaks.push({ secret: label(secret), where });
  }
  return leaks;
}

/** Every regular file under `root` (bounded depth), searched as bytes. */
export function leaksInFiles(
  root: string,
  secrets: readonly string[],
  maxDepth = 12,
): { leaks: Leak[]; files: number } {
  const leaks: Leak[] = [];
  let files = 0;
  const needles = secrets.map((s) => ({ secret: s, bytes: Buffer.from(s, 'utf8') }));
  const walk = (dir: string, depth: number): void => {
    if (depth > maxDepth) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) continue;
      if (stat.isDirectory()) walk(path, depth + 1);
      else if (stat.isFile()) {
        files += 1;
        const content = readFileSync(path);
        for (const { secret, bytes } of needles) {
          if (content.includes(bytes)) leaks.push({ secret: label(secret), where: path });
        }
      }
    }
  };
  walk(root, 0);
  return { leaks, files };
}
