/**
 * The same write/read/delete probe as probe.ts, run in a short-lived child process first.
 *
 * Why: a keytar call that never returns (a Secret Service that accepts the connection and never answers,
 * an unlock prompt nobody sees) blocks one of libuv's four pool threads for good, and Node then cannot
 * even exit — libuv joins its threads on the way out. In a child that is killed after `timeoutMs`, such a
 * keychain costs nothing but the wait. Only when the child found the keychain working does the app touch
 * keytar in its own process.
 *
 * The child is this same executable (`node`, or Electron with ELECTRON_RUN_AS_NODE) running a few lines of
 * plain JavaScript, so it needs no build step of its own.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { KeychainStatus } from './probe';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import { PROBE_ACCOUNT_PREFIX, SILENT_READ, stateOfFailure, timedOut } from './probe';

const CHILD_SCRIPT = `
const crypto = require('node:crypto');
const done = (o) => { process.stdout.write(JSON.stringify(o)); process.exit(0); };
const why = (e) => String((e && e.message) || e);
let keytar;
try { keytar = require(process.env.MINERDECK_KEYTAR_PATH); } catch (e) { done({ step: 'load', message: why(e) }); }
const service = process.env.MINERDECK_PROBE_SERVICE;
const account = process.env.MINERDECK_PROBE_PREFIX + crypto.randomUUID();
const value = crypto.randomBytes(18).toString('base64url');
(async () => {
  try { await keytar.setPassword(service, account, value); } catch (e) { return done({ step: 'store', message: why(e) }); }
  let back;
  try { back = await keytar.getPassword(service, account); } catch (e) { return done({ step: 'read', message: why(e) }); }
  if (back !== value) { await keytar.deletePassword(service, account).catch(() => {}); return done({ step: 'read-back' }); }
  try { await keytar.deletePassword(service, account); } catch (e) { return done({ step: 'delete', message: why(e) }); }
  done({ ok: true });
})();
`;

interface ChildAnswer {
  ok?: boolean;
  step?: 'load' | 'store' | 'read' | 'read-back' | 'delete';
  message?: string;
}

export interface IsolatedProbeOptions {
  service: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Default: where this process would load keytar from. */
  keytarPath?: string;
}

const STEP_WORDS: Record<NonNullable<ChildAnswer['step']>, string> = {
  load: 'load the keychain library (keytar)',
  store: 'store an entry',
  read: 'read an entry',
  'read-back': 'read an entry back',
  delete: 'delete an entry',
};

/** The step as the window says it (issue 35). */
const STEP_TEXT: Record<NonNullable<ChildAnswer['step']>, MessageRef> = {
  load: message('settings.keychain.step.load'),
  store: message('settings.keychain.step.store'),
  read: message('settings.keychain.step.read'),
  'read-back': message('settings.keychain.step.readBack'),
  delete: message('settings.keychain.step.delete'),
};

function statusOf(answer: ChildAnswer): Omit<KeychainStatus, 'elapsedMs'> {
  if (answer.ok === true) return { state: 'available' };
  if (answer.step === 'read-back') return SILENT_READ;
  const step = answer.step ?? 'store';
  const reason = `the keychain refused to ${STEP_WORDS[step]}: ${answer.message ?? 'no reason given'}`;
  const reasonText =
    answer.message === undefined
      ? message('settings.keychain.reason.refusedSilently', { what: STEP_TEXT[step] })
      : message('settings.keychain.reason.refused', { what: STEP_TEXT[step], detail: answer.message });
  const status = answer.step === 'load' ? { state: 'unavailable' as const, reason } : stateOfFailure(reason);
  return { ...status, reasonText };
}

export function probeKeychainInChild(options: IsolatedProbeOptions): Promise<KeychainStatus> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let keytarPath = options.keytarPath;
  if (keytarPath === undefined) {
    try {
      keytarPath = createRequire(import.meta.url).resolve('keytar');
    } catch (error) {
      const detail = (error as Error).message;
      const reason = `the keychain library (keytar) is not installed: ${detail}`;
      const reasonText = message('settings.keychain.reason.notInstalled', { detail });
      return Promise.resolve({ state: 'unavailable', reason, reasonText, elapsedMs: elapsed() });
    }
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', CHILD_SCRIPT], {
      env: {
        ...(options.env ?? process.env),
        ELECTRON_RUN_AS_NODE: '1',
        MINERDECK_KEYTAR_PATH: keytarPath,
        MINERDECK_PROBE_SERVICE: options.service,
        MINERDECK_PROBE_PREFIX: PROBE_ACCOUNT_PREFIX,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (status: Omit<KeychainStatus, 'elapsedMs'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...status, elapsedMs: elapsed() });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(timedOut(options.timeoutMs));
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) =>
      finish({
        state: 'unavailable',
        reason: `the keychain probe could not start: ${error.message}`,
        reasonText: message('settings.keychain.reason.couldNotStart', { detail: error.message }),
      }),
    );
    child.on('close', (code) => {
      let answer: ChildAnswer | undefined;
      try {
        answer = JSON.parse(stdout) as ChildAnswer;
      } catch {
        answer = undefined;
      }
      if (answer !== undefined) finish(statusOf(answer));
      else {
        const detail = stderr.trim().split('\n').at(-1) ?? '';
        finish({
          state: 'unavailable',
          reason: `the keychain probe failed (exit code ${code})${detail ? `: ${detail}` : ''}`,
          reasonText: detail
            ? message('settings.keychain.reason.probeFailedSaid', { code: String(code), detail })
            : message('settings.keychain.reason.probeFailed', { code: String(code) }),
        });
      }
    });
  });
}
