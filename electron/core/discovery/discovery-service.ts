/**
 * Discovery for a window: one scan at a time, its results and progress pushed as `discovery:*`
 * events through the hub (batched there, ≤ 10 messages per second however many hosts answer), so the
 * view streams them in as they are found. The CLI drives `startScan` directly; this adds the scan id the
 * renderer matches events with, and the defaults from the settings.
 */
import { randomUUID } from 'node:crypto';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { ScanRequest } from '../../../shared/ipc/channels/discovery';
import type { DiscoverySettings } from '../../../shared/domain/settings';
import type { TargetSet } from '../../../shared/domain/targets/target-set';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { EventHub } from '../events/event-hub';
import type { KnownDevice } from './known-devices';
import type { ScanHandle } from './scanner';
import { startScan } from './scanner';
import type { SubnetSuggestion } from './subnet-suggestions';
import { suggestSubnets } from './subnet-suggestions';

export interface DiscoveryPrefill {
  targets: string;
  ports: number[];
}

export interface DiscoveryService {
  suggest(): { subnets: SubnetSuggestion[]; prefill?: DiscoveryPrefill };
  check(targets: string): Result<{ count: number; needsConfirmation: boolean }>;
  start(request: ScanRequest): Result<{ scanId: string; total: number }>;
  cancel(scanId: string): boolean;
  /** Cancels the scan in progress, if any, and waits for it to settle. */
  dispose(): Promise<void>;
}

export interface DiscoveryServiceOptions {
  events: EventHub;
  /** The current discovery settings (ports, timeout, concurrency), read at each start. */
  settings: () => DiscoverySettings;
  /** The fleet's devices, so a device that moved is reported as moved (and one MAC twice as two). */
  knownDevices?: () => readonly KnownDevice[];
  /** Told of every host found, before the window hears of it (the app keeps what main itself saw). */
  onFound?: (host: DiscoveredHost) => void;
  /** The demo's simulated range, pre-filled in the Discover view. */
  prefill?: DiscoveryPrefill;
  /** Replaces the laptop's interfaces (tests). */
  suggest?: () => SubnetSuggestion[];
}

export function createDiscoveryService(options: DiscoveryServiceOptions): DiscoveryService {
  const { events } = options;
  let running: { scanId: string; handle: ScanHandle } | undefined;

  const parse = (targets: string): Result<TargetSet> => parseTargets(targets);

  return {
    suggest: () => ({
      subnets: (options.suggest ?? suggestSubnets)(),
      ...(options.prefill !== undefined ? { prefill: options.prefill } : {}),
    }),
    check(targets) {
      const parsed = parse(targets);
      if (!parsed.ok) return parsed;
      return ok({ count: parsed.value.count, needsConfirmation: parsed.value.needsConfirmation });
    },
    start(request) {
      if (running !== undefined) {
        return errWithText(
          'INVALID_INPUT',
          'A scan is already running: cancel it or wait for it to finish.',
          message('errors.discovery.alreadyRunning'),
        );
      }
      const parsed = parse(request.targets);
      if (!parsed.ok) return parsed;
      const defaults = options.settings();
      const scanId = randomUUID();
      const known = options.knownDevices?.();
      const started = startScan(parsed.value, {
        ports: request.ports ?? defaults.ports,
        connectTimeoutMs: request.connectTimeoutMs ?? defaults.connectTimeoutMs,
        concurrency: request.concurrency ?? defaults.concurrency,
        ...(request.confirmed !== undefined ? { confirmed: request.confirmed } : {}),
        ...(known !== undefined ? { knownDevices: known } : {}),
        onResult: (host) => {
          options.onFound?.(host);
          events.emit({ type: 'discovery:found', payload: { scanId, host } });
        },
        // The same event: the window replaces the host it showed for that address and port.
        onUpdate: (host) => {
          options.onFound?.(host);
          events.emit({ type: 'discovery:found', payload: { scanId, host } });
        },
        onProgress: (progress) => events.emit({ type: 'discovery:progress', payload: { scanId, progress } }),
      });
      if (!started.ok) return started;
      const handle = started.value;
      running = { scanId, handle };
      void handle.done.then((summary) => {
        if (running?.scanId === scanId) running = undefined;
        events.emit({ type: 'discovery:done', payload: { scanId, summary } });
      });
      return ok({ scanId, total: parsed.value.count });
    },
    cancel(scanId) {
      if (running?.scanId !== scanId) return false;
      running.handle.cancel();
      return true;
    },
    async dispose() {
      const current = running;
      if (current === undefined) return;
      current.handle.cancel();
      await current.handle.done;
    },
  };
}
