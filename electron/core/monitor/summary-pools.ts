/**
 * The pools a device's last `/summary` listed (url, worker, type), kept by the monitor for every device so
 * the report can say what each device mines to without the whole summary being kept: the summary's bytes
 * are kept only while someone has the device open (kept-answer.ts).
 *
 * The rules are the summary reader's for `miner.pools` (summary-reader.ts): an entry without a string `url`
 * is skipped, a login in the url is never kept, a `user` or `pool_type` that is not a string is absent.
 * A summary is read every other poll and its pools rarely change: the list kept stays while a summary says
 * the same, so a poll makes no new long-lived objects (see KeptAnswer.take()).
 */
import { withoutLogin } from '../../../shared/domain/pool-url';
import { asObject, own } from '../device/json-fields';

export interface KeptPool {
  url: string;
  user?: string;
  /** `pool_type`: `UserPool`, `DevFee` (the firmware's fee pool), `Refund`. */
  type?: string;
}

const text = (object: Record<string, unknown>, key: string): string | undefined => {
  const value = own(object, key);
  return typeof value === 'string' ? value : undefined;
};

function poolsListed(summary: unknown): unknown[] {
  const miner = asObject(own(asObject(summary) ?? {}, 'miner'));
  const pools = miner === undefined ? undefined : own(miner, 'pools');
  return Array.isArray(pools) ? pools : [];
}

/** The pool an entry of `miner.pools` says; undefined for one without a string `url` (skipped). */
function poolOf(entry: unknown): KeptPool | undefined {
  const pool = asObject(entry);
  const raw = pool === undefined ? undefined : text(pool, 'url');
  if (pool === undefined || raw === undefined) return undefined;
  const user = text(pool, 'user');
  const type = text(pool, 'pool_type');
  return {
    url: withoutLogin(raw),
    ...(user !== undefined ? { user } : {}),
    ...(type !== undefined ? { type } : {}),
  };
}

/** Whether the entries say the pools kept, looked at without making anything. */
function saysKept(listed: readonly unknown[], kept: readonly KeptPool[]): boolean {
  let at = 0;
  for (const entry of listed) {
    const pool = asObject(entry);
    const raw = pool === undefined ? undefined : text(pool, 'url');
    if (pool === undefined || raw === undefined) continue;
    const same = kept[at];
    if (same === undefined || same.url !== withoutLogin(raw)) return false;
    if (same.user !== text(pool, 'user') || same.type !== text(pool, 'pool_type')) return false;
    at += 1;
  }
  return at === kept.length;
}

/** The summary's pools; `before` itself when they are the same. */
export function summaryPools(summary: unknown, before: readonly KeptPool[] | undefined): readonly KeptPool[] {
  const listed = poolsListed(summary);
  if (before !== undefined && saysKept(listed, before)) return before;
  return listed.flatMap((entry) => poolOf(entry) ?? []);
}
