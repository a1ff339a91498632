/**
 * Copying an API key for the customer without printing it: the platform's clipboard command, fed on
 * standard input (never as an argument, which `ps` would show). Where there is no display or no tool,
 * the caller is told exactly that, and `key copy --print` is the explicit way out.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';

export interface ClipboardTool {
  name: string;
  command: string;
  args: string[];
}

export interface ClipboardEnvironment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

const COPY_TIMEOUT_MS = 5_000;
const NO_CLIPBOARD_HINT = 'use --print to print the key instead';

/** The full path of `command` on PATH, if it is there and executable. */
export function onPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** The tool to use here, or why there is none. */
export function findClipboardTool({ env, platform }: ClipboardEnvironment): Result<ClipboardTool> {
  const first = (candidates: [string, string[]][]): ClipboardTool | undefined => {
    for (const [name, args] of candidates) {
      const command = onPath(name, env);
      if (command !== undefined) return { name, command, args };
    }
    return undefined;
  };
  if (platform === 'darwin') {
    const tool = first([['pbcopy', []]]);
    return tool ? ok(tool) : err('NOT_FOUND', `no clipboard: pbcopy was not found; ${NO_CLIPBOARD_HINT}.`);
  }
  if (platform === 'win32') {
    const tool = first([
      ['clip.exe', []],
      ['clip', []],
    ]);
    return tool ? ok(tool) : err('NOT_FOUND', `no clipboard: clip was not found; ${NO_CLIPBOARD_HINT}.`);
  }
  const wayland = (env.WAYLAND_DISPLAY ?? '') !== '';
  const x11 = (env.DISPLAY ?? '') !== '';
  if (!wayland && !x11) {
    return err(
      'NOT_FOUND',
      `no clipboard: there is no display here (neither DISPLAY nor WAYLAND_DISPLAY is set); ${NO_CLIPBOARD_HINT}.`,
    );
  }
  const tool = first([
    ...(wayland ? ([['wl-copy', []]] as [string, string[]][]) : []),
    ...(x11
      ? ([
          ['xclip', ['-selection', 'clipboard']],
          ['xsel', ['--clipboard', '--input']],
        ] as [string, string[]][])
      : []),
  ]);
  return tool
    ? ok(tool)
    : err(
        'NOT_FOUND',
        `no clipboard tool found (install ${wayland ? 'wl-clipboard' : 'xclip or xsel'}); ${NO_CLIPBOARD_HINT}.`,
      );
}

/** Runs the tool with `text` on its standard input; bounded in time. */
export function copyWith(
  tool: ClipboardTool,
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<Result<{ tool: string }>> {
  return new Promise((resolve) => {
    // stdout/stderr ignored: xclip leaves a child holding the selection, which would keep pipes open.
    const child = spawn(tool.command, tool.args, { env, stdio: ['pipe', 'ignore', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(err('NOT_FOUND', `the clipboard (${tool.name}) did not answer; ${NO_CLIPBOARD_HINT}.`));
    }, COPY_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(
        err(
          'NOT_FOUND',
          `the clipboard (${tool.name}) could not be started: ${error.message}; ${NO_CLIPBOARD_HINT}.`,
        ),
      );
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(
        code === 0
          ? ok({ tool: tool.name })
          : err(
              'NOT_FOUND',
              `the clipboard (${tool.name}) failed with exit code ${code}; ${NO_CLIPBOARD_HINT}.`,
            ),
      );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}

export async function copyToClipboard(
  text: string,
  environment: ClipboardEnvironment = { env: process.env, platform: process.platform },
): Promise<Result<{ tool: string }>> {
  const tool = findClipboardTool(environment);
  if (!tool.ok) return tool;
  return copyWith(tool.value, text, environment.env);
}
