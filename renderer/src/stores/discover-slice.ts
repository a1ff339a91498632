/**
 * The Discover view's state: what the technician typed and whether it parses (checked by main as they
 * type, with the bad item's position), the subnets to suggest, scan options, the running scan with its
 * progress, the hosts streaming in, and which of them go to the fleet. Actions are named after what
 * happens (`targetsTyped`, `scanRequested`, `selectionAddedToFleet`).
 */
import type { DiscoveredHost, ScanProgress, ScanSummary } from '../../../shared/domain/discovery';
import type { Api } from '../../../shared/ipc/contract';
import type { SubnetSuggestionView } from '../../../shared/ipc/channels/discovery';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { englishTranslator } from '../../../shared/i18n/translate';
import type { AppEvent } from '../../../shared/ipc/events';
import type { AppError } from '../../../shared/result';
import { withText } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

export interface TargetCheck {
  status: 'empty' | 'checking' | 'valid' | 'invalid';
  count?: number;
  needsConfirmation?: boolean;
  error?: AppError;
}

export interface ScanOptionsDraft {
  /** As typed: "80, 443". */
  ports: string;
  connectTimeoutMs: number;
  concurrency: number;
}

export interface ScanState {
  status: 'idle' | 'starting' | 'running' | 'done' | 'cancelled' | 'error';
  scanId?: string;
  total?: number;
  progress?: ScanProgress;
  summary?: ScanSummary;
  error?: AppError;
}

export interface DiscoverSlice {
  targetsText: string;
  targetCheck: TargetCheck;
  suggestions: AsyncState<{ subnets: SubnetSuggestionView[] }>;
  scanOptions: ScanOptionsDraft;
  /** True once the technician (or the demo's pre-fill) chose options: settings no longer overwrite them. */
  scanOptionsEdited: boolean;
  scan: ScanState;
  /** Hosts in the order they answered. */
  results: DiscoveredHost[];
  /** Keys (`address:port`) of the results ticked for the fleet. */
  pickedResults: Record<string, boolean>;
  /** How adding went: our sentence (a message the view renders in its language), or main's error. */
  addToFleet: { status: 'idle' | 'adding' | 'done' | 'error'; words?: MessageRef; error?: AppError };
  suggestionsRequested: () => Promise<void>;
  targetsTyped: (text: string) => void;
  suggestionPicked: (cidr: string) => void;
  scanOptionsChanged: (patch: Partial<ScanOptionsDraft>) => void;
  scanRequested: (options?: { confirmed?: boolean }) => Promise<void>;
  scanCancelled: () => Promise<void>;
  resultPicked: (key: string, picked: boolean) => void;
  allResultsPicked: (picked: boolean) => void;
  selectionAddedToFleet: () => Promise<void>;
  discoveryEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface DiscoverSliceDeps {
  api: Pick<
    Api,
    'discovery:suggest' | 'discovery:check' | 'discovery:start' | 'discovery:cancel' | 'monitor:add'
  >;
  /** Wait after the last keystroke before asking main to check the targets. */
  checkDelayMs?: number;
}

export const resultKey = (host: Pick<DiscoveredHost, 'address' | 'port'>): string =>
  `${host.address}:${host.port}`;

/** "80, 443 8080" → [80, 443, 8080]; undefined when any piece is not a port. */
export function parsePorts(text: string): number[] | undefined {
  const pieces = text.split(/[\s,]+/).filter((p) => p !== '');
  const ports = pieces.map(Number);
  if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535)) return undefined;
  return [...new Set(ports)];
}

export const createDiscoverSlice =
  (deps: DiscoverSliceDeps): SliceCreator<DiscoverSlice> =>
  (set, get) => {
    let checkTimer: ReturnType<typeof setTimeout> | undefined;
    let checkSeq = 0;

    const check = async (text: string): Promise<void> => {
      const seq = ++checkSeq;
      const result = await deps.api['discovery:check']({ targets: text });
      if (seq !== checkSeq) return; // typed again meanwhile
      set({
        targetCheck: result.ok
          ? { status: 'valid', count: result.value.count, needsConfirmation: result.value.needsConfirmation }
          : { status: 'invalid', error: result.error },
      });
    };

    const typed = (text: string): void => {
      if (checkTimer !== undefined) clearTimeout(checkTimer);
      if (text.trim() === '') {
        checkSeq += 1;
        set({ targetsText: text, targetCheck: { status: 'empty' } });
        return;
      }
      set({ targetsText: text, targetCheck: { ...get().targetCheck, status: 'checking' } });
      checkTimer = setTimeout(() => void check(text), deps.checkDelayMs ?? 150);
    };

    return {
      targetsText: '',
      targetCheck: { status: 'empty' },
      suggestions: idle,
      scanOptions: { ports: '80', connectTimeoutMs: 500, concurrency: 512 },
      scanOptionsEdited: false,
      scan: { status: 'idle' },
      results: [],
      pickedResults: {},
      addToFleet: { status: 'idle' },

      suggestionsRequested: async () => {
        if (get().suggestions.status === 'loading') return;
        set({ suggestions: loading });
        const result = await deps.api['discovery:suggest']();
        if (!result.ok) {
          set({ suggestions: { status: 'error', error: result.error } });
          return;
        }
        set({ suggestions: { status: 'ready', value: { subnets: result.value.subnets } } });
        const { prefill } = result.value;
        if (prefill !== undefined && get().targetsText === '') {
          set({
            scanOptions: { ...get().scanOptions, ports: prefill.ports.join(', ') },
            scanOptionsEdited: true,
          });
          typed(prefill.targets);
        }
      },

      targetsTyped: typed,

      suggestionPicked: (cidr) => {
        const current = get().targetsText.trim();
        const already = current.split(/[\s,]+/).includes(cidr);
        typed(already ? current : current === '' ? cidr : `${current}, ${cidr}`);
      },

      scanOptionsChanged: (patch) =>
        set({ scanOptions: { ...get().scanOptions, ...patch }, scanOptionsEdited: true }),

      scanRequested: async (options = {}) => {
        const { targetsText, scanOptions, scan } = get();
        if (scan.status === 'starting' || scan.status === 'running') return;
        const ports = parsePorts(scanOptions.ports);
        if (ports === undefined) {
          set({
            scan: {
              status: 'error',
              error: withText(
                {
                  code: 'INVALID_INPUT',
                  message: englishTranslator().t('discover.controls.badPorts'),
                },
                message('discover.controls.badPorts'),
              ),
            },
          });
          return;
        }
        set({ scan: { status: 'starting' }, results: [], pickedResults: {}, addToFleet: { status: 'idle' } });
        const result = await deps.api['discovery:start']({
          targets: targetsText,
          ports,
          connectTimeoutMs: scanOptions.connectTimeoutMs,
          concurrency: scanOptions.concurrency,
          ...(options.confirmed === true ? { confirmed: true } : {}),
        });
        if (!result.ok) {
          set({ scan: { status: 'error', error: result.error } });
          return;
        }
        // Events for this scan may already have arrived; keep what they brought.
        const current = get().scan;
        set({
          scan: {
            ...current,
            status: current.status === 'done' || current.status === 'cancelled' ? current.status : 'running',
            scanId: result.value.scanId,
            total: result.value.total,
          },
        });
      },

      scanCancelled: async () => {
        const { scanId } = get().scan;
        if (scanId === undefined) return;
        const result = await deps.api['discovery:cancel']({ scanId });
        if (!result.ok && get().scan.status === 'running') {
          set({ scan: { ...get().scan, error: result.error } });
        }
      },

      resultPicked: (key, picked) => set({ pickedResults: { ...get().pickedResults, [key]: picked } }),

      allResultsPicked: (picked) =>
        set({
          pickedResults: picked
            ? Object.fromEntries(
                get()
                  .results.filter((h) => h.kind === 'device')
                  .map((h) => [resultKey(h), true]),
              )
            : {},
        }),

      selectionAddedToFleet: async () => {
        const { results, pickedResults } = get();
        const chosen = results.filter((h) => pickedResults[resultKey(h)] === true);
        if (chosen.length === 0) return;
        set({ addToFleet: { status: 'adding' } });
        const result = await deps.api['monitor:add']({
          devices: chosen.map((h) => ({
            address: `${h.scheme}://${h.address.includes(':') ? `[${h.address}]` : h.address}:${h.port}`,
            ...(h.identity !== null ? { identity: h.identity } : {}),
          })),
        });
        set({
          addToFleet: result.ok
            ? {
                status: 'done',
                words:
                  result.value.alreadyThere > 0
                    ? message('discover.results.addedSome', {
                        added: result.value.added,
                        already: result.value.alreadyThere,
                      })
                    : message('discover.results.added', { added: result.value.added }),
              }
            : { status: 'error', error: result.error },
        });
      },

      discoveryEventsArrived: (events) => {
        let { scan, results } = get();
        const scanId = scan.scanId;
        const found: DiscoveredHost[] = [];
        let changed = false;
        for (const event of events) {
          // Before `discovery:start` answers, the scan id is unknown: accept the first scan's events.
          const ours = (id: string): boolean =>
            scanId === undefined ? scan.status === 'starting' : id === scanId;
          if (event.type === 'discovery:found' && ours(event.payload.scanId)) {
            found.push(event.payload.host);
          } else if (event.type === 'discovery:progress' && ours(event.payload.scanId)) {
            scan = { ...scan, scanId: event.payload.scanId, progress: event.payload.progress };
            changed = true;
          } else if (event.type === 'discovery:done' && ours(event.payload.scanId)) {
            const { summary } = event.payload;
            scan = {
              ...scan,
              scanId: event.payload.scanId,
              status: summary.cancelled ? 'cancelled' : 'done',
              summary,
            };
            changed = true;
          }
        }
        if (found.length > 0) {
          // A host reported again (another address answers with its MAC) replaces its row, in place.
          const at = new Map(results.map((host, index) => [resultKey(host), index]));
          const fresh: DiscoveredHost[] = [];
          const merged = [...results];
          for (const host of found) {
            const index = at.get(resultKey(host));
            if (index === undefined) {
              at.set(resultKey(host), merged.length + fresh.length);
              fresh.push(host);
            } else if (index < merged.length) merged[index] = host;
            else fresh[index - merged.length] = host;
          }
          results = [...merged, ...fresh];
          // Devices are ticked as they arrive: the usual next step is "add them all".
          const picked = { ...get().pickedResults };
          for (const host of fresh) if (host.kind === 'device') picked[resultKey(host)] = true;
          set({ results, pickedResults: picked });
        }
        if (changed) set({ scan });
      },
    };
  };
