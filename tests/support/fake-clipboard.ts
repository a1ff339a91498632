/**
 * Clipboard commands that record instead of copying: executable scripts named like the real tools
 * (`xclip`, `pbcopy`…) in a temp folder put on PATH, writing their standard input and arguments to files.
 * They prove the CLI feeds the key on stdin (never as an argument) without needing a display.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeClipboard {
  /** Put this on PATH. */
  dir: string;
  /** What the tool got on standard input. */
  received(): string;
  /** The arguments it was started with. */
  args(): string[];
  remove(): void;
}

export function fakeClipboardTool(name: string, exitCode = 0): FakeClipboard {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-clipboard-'));
  const script = `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\n/bin/cat > "${dir}/stdin"\nexit ${exitCode}\n`;
  writeFileSync(join(dir, name), script);
  chmodSync(join(dir, name), 0o755);
  return {
    dir,
    received: () => readFileSync(join(dir, 'stdin'), 'utf8'),
    args: () =>
      readFileSync(join(dir, 'args'), 'utf8')
        .split('\n')
        .filter((a) => a !== ''),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
