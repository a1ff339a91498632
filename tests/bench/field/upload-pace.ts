/**
 * What spaced a rollout's uploads (issue 33, docs/benchmarks.md "field"): from the site link's timeline
 * (every upload's start and end, field ms, by host) and Commission's JSON (each device's firmware verdict),
 * the link's idle gaps — minutes in which no upload ran though devices still waited for theirs: the turn
 * rule, `--max-offline` or this laptop — and each device's time from its upload's end to its verdict
 * (the install, reboot and mining restart of the profile, 3.5–6 min, plus however late the verification
 * saw it), per quarter of the uploads in order: a verification that falls behind under load grows there.
 */
import type { LinkUpload } from '../../simulator';

/** An idle link shorter than this is the upload slots' own turnover, not a wait. */
const GAP_MS = 20_000;

export interface UploadPace {
  /** Idle gaps between the first upload's start and the last one's end: from and to, field min from `originMs`. */
  gaps: { from: number; to: number }[];
  idleMinutes: number;
  /** Median minutes from upload end to firmware verdict, per quarter of the uploads in the order they ended. */
  verifyMedians: number[];
  verifyMax: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] ?? 0);
};

/** The firmware verdict's field ms of each device, by host. */
function verdicts(lines: readonly Record<string, unknown>[]): Map<string, number> {
  const byHost = new Map<string, number>();
  for (const line of lines) {
    if (typeof line.address !== 'string' || !Array.isArray(line.steps)) continue;
    const step = (line.steps as { kind?: string; endedAt?: string }[]).find((s) => s.kind === 'firmware');
    if (step?.endedAt !== undefined) byHost.set(new URL(line.address).hostname, Date.parse(step.endedAt));
  }
  return byHost;
}

export function uploadPace(
  timeline: readonly LinkUpload[],
  lines: readonly Record<string, unknown>[],
  originMs: number,
): UploadPace {
  const ordered = [...timeline].sort((a, b) => a.startAt - b.startAt);
  const gaps: { from: number; to: number }[] = [];
  let busyUntil = ordered[0]?.endAt ?? 0;
  for (const upload of ordered) {
    if (upload.startAt - busyUntil >= GAP_MS) {
      gaps.push({ from: (busyUntil - originMs) / 60_000, to: (upload.startAt - originMs) / 60_000 });
    }
    busyUntil = Math.max(busyUntil, upload.endAt);
  }
  const byHost = verdicts(lines);
  const waits: number[] = [];
  for (const upload of [...timeline].sort((a, b) => a.endAt - b.endAt)) {
    const verdictAt = upload.label === undefined ? undefined : byHost.get(upload.label);
    if (verdictAt !== undefined) waits.push((verdictAt - upload.endAt) / 60_000);
  }
  const quarter = Math.max(1, Math.ceil(waits.length / 4));
  const verifyMedians = [0, 1, 2, 3]
    .map((q) => waits.slice(q * quarter, (q + 1) * quarter))
    .filter((xs) => xs.length > 0)
    .map(median);
  return {
    gaps,
    idleMinutes: gaps.reduce((sum, g) => sum + (g.to - g.from), 0),
    verifyMedians,
    verifyMax: waits.length === 0 ? 0 : Math.max(...waits),
  };
}
