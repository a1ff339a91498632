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

/** Header names that carry a credential: an anonymous read (a scan) must send none of them. */
export const CREDENTIAL_HEADER_NAMES: ReadonlySet<string> = new Set(['authorization', 'x-api-key']);

export const credentialHeaderNames = (names: readonly string[]): string[] =>
  names.map((name) => name.toLowerCase()).filter((name) => CREDENTIAL_HEADER_NAMES.has(name));

/** What the simulator recorded, as far as secrets go (structurally: any recording of requests). */
interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Every session token and API key that crossed the wire in `requests` (bearer tokens, `x-api-key`
 * values, keys posted to `/apikeys`), plus the keys `devices` hold now: the secrets a leak search must
 * look for besides the passwords the test chose.
 */
export function secretsOnTheWire(
  requests: readonly SentRequest[],
  devices: readonly { apiKeys: ReadonlyArray<{ key: string }> }[] = [],
): { tokens: string[]; keys: string[] } {
  const tokens = new Set<string>();
  const keys = new Set<string>(devices.flatMap((d) => d.apiKeys.map((k) => k.key)));
  for (const request of requests) {
    const { authorization, 'x-api-key': apiKey } = request.headers;
    if (typeof authorization === 'string') tokens.add(authorization.replace(/^Bearer\s+/i, ''));
    if (typeof apiKey === 'string') keys.add(apiKey);
    if (request.method === 'POST' && request.path.startsWith('/api/v1/apikeys')) {
      const { key } = JSON.parse(request.body) as { key?: unknown };
      if (typeof key === 'string') keys.add(key);
    }
  }
  return { tokens: [...tokens], keys: [...keys] };
}

/** Both streams of a CLI run, for `leaksInText`. */
export const cliStreams = (run: { stdout: string; stderr: string }): Record<string, string> => ({
  stdout: run.stdout,
  stderr: run.stderr,
});
