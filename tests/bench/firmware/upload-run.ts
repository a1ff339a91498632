/** What the firmware benchmark's upload children are given and answer (firmware.bench.ts). */
export interface UploadRunRequest {
  addresses: string[];
  password: string;
  image: string;
}

export interface UploadRunResult {
  /** Image bytes uploaded (whole images the devices took). */
  bytes: number;
  wallMs: number;
  /** Time with at least one upload in flight. */
  uploadMs: number;
  maxRssMb: number;
  /** CPU time (user + system) of the timed part: the rollout from its preflight, the bare uploads. */
  cpuMs: number;
  failed: number;
  /** Uploads in flight on average while at least one was (5 at most). */
  inFlight?: number;
}

/** CPU milliseconds (user + system) used since `start`. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
