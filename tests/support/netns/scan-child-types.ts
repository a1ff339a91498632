/** What scan-child.ts is asked and answers (JSON over argv and stdout). */
import type { DiscoveredKind, ScanSummary } from '../../../shared/domain/discovery';

export interface ScanChildRequest {
  targets: string;
  /** Default: the scanner's own. */
  connectTimeoutMs?: number;
  concurrency?: number;
  runs?: number;
  /** Cancel each run this long after it started, and measure how fast the sockets went. */
  cancelAfterMs?: number;
  /** Cancel each run as soon as this many hosts were reported (instead of after a time). */
  cancelWhenFound?: number;
  /**
   * Keeps the event loop busy this long right after the connects left, before it first reads an
   * answer (a laptop loaded by other work): the answers then wait for the loop.
   */
  busyAfterStartMs?: number;
}

export interface ScanChildRun {
  ms: number;
  /** CPU time the scanning process used during the run (user + system). */
  cpuMs: number;
  /** The confirm wait the scan ended with (connect-timing.ts). */
  confirmMs: number;
  found: { address: string; kind: DiscoveredKind; mac: string | null }[];
  summary: ScanSummary;
  cancel?: { openBefore: number; openAfter: number; settleMs: number };
}
