/**
 * The pools of "Set pools…": up to three, each a url, a worker-name template and a password, filled from
 * one of the site's presets or typed. A URL and a template are checked as they are typed (`http://`, a
 * port of 99999 or an unknown placeholder is a typing mistake) and shown worked out for the first selected device; main works it out for every
 * device in the preview, where values the window does not know (serial, label) are filled in too.
 */
import type { ReactNode } from 'react';
import { checkPoolUrl } from '../../../../shared/domain/pool-url';
import type { PoolSpec } from '../../../../shared/domain/pools';
import type { WorkerValues } from '../../../../shared/domain/worker-template';
import {
  parseWorkerTemplate,
  renderWorker,
  WORKER_PLACEHOLDERS,
} from '../../../../shared/domain/worker-template';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';

/** Real firmware takes three slots (shared/domain/pools.ts POOL_SLOTS; that module ships zod). */
export const MAX_POOLS = 3;

export const emptyPool = (): PoolSpec => ({ url: '', worker: '', password: '' });

/** What is wrong with one pool's url, or undefined: the check the CLI and main make (pool-url.ts). */
export function urlProblem(url: string): string | undefined {
  const check = checkPoolUrl(url);
  return check.ok ? undefined : `${check.problem.charAt(0).toUpperCase()}${check.problem.slice(1)}.`;
}

/** What is wrong with one pool's worker template, or undefined (an empty one in the translator's words). */
export function workerProblem(worker: string, tr: Translator = englishTranslator()): string | undefined {
  if (worker.trim() === '') return tr.t('fleet-actions.poolsForm.noWorker', { example: 'acct.{mac6}' });
  const check = parseWorkerTemplate(worker.trim());
  return check.ok ? undefined : `${check.message.charAt(0).toUpperCase()}${check.message.slice(1)}.`;
}

/** The first problem of the pools, per field id, for the form to show before asking main for anything. */
export function poolProblems(
  pools: readonly PoolSpec[],
  tr: Translator = englishTranslator(),
): Record<string, string> {
  const problems: Record<string, string> = {};
  pools.forEach((pool, i) => {
    const url = urlProblem(pool.url);
    if (url !== undefined) problems[`pool-${i}-url`] = url;
    const worker = workerProblem(pool.worker, tr);
    if (worker !== undefined) problems[`pool-${i}-worker`] = worker;
  });
  return problems;
}

/** "acct.A1B2C3 on 10.0.0.1", or why the example cannot be worked out here. */
function example(
  tr: Translator,
  worker: string,
  sample: { label: string; values: WorkerValues } | undefined,
): string {
  const check = parseWorkerTemplate(worker.trim());
  if (!check.ok || sample === undefined) return '';
  const rendered = renderWorker(check.template, sample.values);
  if (rendered.ok)
    return tr.t('fleet-actions.poolsForm.example', { device: sample.label, worker: rendered.worker });
  const names = rendered.missing.map((m) => `{${m}}`).join(', ');
  return tr.t('fleet-actions.poolsForm.perDevice', { names });
}

export interface PoolsFormProps {
  pools: PoolSpec[];
  onChange: (pools: PoolSpec[]) => void;
  /** Problems to show (after Next was tried); template problems show as typed anyway. */
  problems: Record<string, string>;
  /** The first selected device, for the worked-out example. */
  sample?: { label: string; values: WorkerValues };
}

export function PoolsForm({ pools, onChange, problems, sample }: PoolsFormProps): ReactNode {
  const tr = useT();
  const { t } = tr;
  const edit = (index: number, patch: Partial<PoolSpec>): void =>
    onChange(pools.map((pool, i) => (i === index ? { ...pool, ...patch } : pool)));

  return (
    <div className="pools-form">
      {pools.map((pool, i) => {
        const id = `pool-${i}`;
        const typedProblem = pool.worker.trim() === '' ? undefined : workerProblem(pool.worker, tr);
        const workerError = problems[`${id}-worker`] ?? typedProblem;
        // Checked as typed, like the template; an empty url is named once Next is tried.
        const typedUrlProblem = pool.url.trim() === '' ? undefined : urlProblem(pool.url);
        const urlError = problems[`${id}-url`] ?? typedUrlProblem;
        return (
          <fieldset key={id} className="pool-fieldset">
            <legend className="field-label">
              {i === 0
                ? t('fleet-actions.poolsForm.main', { n: i + 1 })
                : t('fleet-actions.poolsForm.backup', { n: i + 1 })}
            </legend>
            <div className="field pool-url">
              <label className="field-label" htmlFor={`${id}-url`}>
                {t('fleet-actions.poolsForm.url', { n: i + 1 })}
              </label>
              <input
                id={`${id}-url`}
                type="text"
                spellCheck={false}
                placeholder="stratum+tcp://pool.example:3333"
                value={pool.url}
                aria-invalid={urlError !== undefined}
                aria-describedby={`${id}-url-problem`}
                onChange={(e) => edit(i, { url: e.target.value })}
              />
              <span id={`${id}-url-problem`} className="field-error">
                {urlError ?? ''}
              </span>
            </div>
            <div className="field pool-worker">
              <label className="field-label" htmlFor={`${id}-worker`}>
                {t('fleet-actions.poolsForm.worker', { n: i + 1 })}
              </label>
              <input
                id={`${id}-worker`}
                type="text"
                spellCheck={false}
                className="mono"
                placeholder="acct.{mac6}"
                value={pool.worker}
                aria-invalid={workerError !== undefined}
                aria-describedby={`${id}-worker-problem ${id}-worker-example placeholders-help`}
                onChange={(e) => edit(i, { worker: e.target.value })}
              />
              <span id={`${id}-worker-problem`} className="field-error">
                {workerError ?? ''}
              </span>
              <span id={`${id}-worker-example`} className="field-hint">
                {workerError === undefined ? example(tr, pool.worker, sample) : ''}
              </span>
            </div>
            <div className="field pool-password">
              <label className="field-label" htmlFor={`${id}-password`}>
                {t('fleet-actions.poolsForm.password', { n: i + 1 })}
              </label>
              <input
                id={`${id}-password`}
                type="text"
                spellCheck={false}
                autoComplete="off"
                placeholder="x"
                value={pool.password}
                onChange={(e) => edit(i, { password: e.target.value })}
              />
            </div>
            {pools.length > 1 && (
              <button
                type="button"
                className="link-button pool-remove"
                aria-label={t('fleet-actions.poolsForm.removeLabel', { n: i + 1 })}
                onClick={() => onChange(pools.filter((_, j) => j !== i))}
              >
                {t('fleet-actions.poolsForm.remove')}
              </button>
            )}
          </fieldset>
        );
      })}
      <p className="pools-more">
        {pools.length < MAX_POOLS && (
          <button type="button" className="button" onClick={() => onChange([...pools, emptyPool()])}>
            {t('fleet-actions.poolsForm.add')}
          </button>
        )}
        <span id="placeholders-help" className="field-hint">
          {t('fleet-actions.poolsForm.placeholders', {
            names: WORKER_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
          })}
        </span>
      </p>
    </div>
  );
}
