/**
 * What discovery reports, shared by core, the CLI and (later) the renderer. A host that never answered
 * is not a result: only answers are reported, so a /16 sweep streams a few hundred results, not 65,536.
 */

/** `device`: the device API answered. `http-other`: a web server that is not a device (printer, router…). */
export type DiscoveredKind = 'device' | 'http-other';

/** Identity from the anonymous `/info` (field-notes.md); a field is null when the device did not say. */
export interface DiscoveredIdentity {
  /** Upper-case, colon-separated: the device's identity across address changes. */
  mac: string | null;
  model: string | null;
  /** `fw_name fw_version` from `/info`, else the firmware marker of the web UI. */
  firmware: string | null;
  hostname: string | null;
  serial: string | null;
}

export interface DiscoveredHost {
  /** As probed: IPv4 address, host name or IPv6 address. */
  address: string;
  port: number;
  scheme: 'http' | 'https';
  kind: DiscoveredKind;
  /** Null for `http-other`, and for devices whose `/info` said nothing (strict spec firmware). */
  identity: DiscoveredIdentity | null;
  /**
   * Against the known devices given to the scan: a known MAC at a new address is `moved` (not new) when
   * its old address no longer answers with it; while it does, this is another device with the same MAC.
   */
  seen: 'new' | 'known' | 'moved';
  /** The host the known device had before (only when `seen` is `moved`). */
  previousAddress?: string;
  /**
   * Other addresses (canonical, `http://host[:port]`) answering with the same MAC at the same time: a
   * cloned or misconfigured control board. Each is a device of its own; absent when there are none.
   */
  sameMacAs?: string[];
  /** https only: the certificate's SHA-256 fingerprint, for the user to trust before any credential. */
  tlsFingerprint256?: string;
}

export interface ScanProgress {
  /** Addresses whose probe finished (answered or not). */
  probed: number;
  total: number;
  /** Results reported so far. */
  found: number;
  /** Addresses per second since the start. */
  rate: number;
  /** Null until the rate is known. */
  etaSeconds: number | null;
  elapsedMs: number;
}

export interface ScanSummary {
  probed: number;
  total: number;
  found: number;
  durationMs: number;
  cancelled: boolean;
  /** Host names that did not resolve: typed by the user, so worth telling them. */
  unresolved: string[];
  /** Addresses this laptop could not probe (out of sockets or buffers even after retries). */
  failed: number;
}
