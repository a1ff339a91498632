/**
 * Where the app reads devices anyway, wired to the note reads (note-reads.ts): the event hub's
 * `discovery:found` for a known or moved device (a scan), `credentials:device` for an unlock that worked,
 * and the monitor's `onPollDone` for an answered poll. Listening costs the hot paths nothing but a lookup:
 * the reads themselves run later, a few at a time. `openLocationNotes` is what open-services.ts builds: the
 * port the layout service places through, and the reads, connected to the layout service's `recordNotes`.
 */
import type { AppEvent } from '../../../../shared/ipc/events';
import { formatDeviceAddress } from '../../../../shared/domain/device-address';
import type { KnownDevice } from '../../credentials/identity-rule';
import type { SessionManager } from '../../credentials/session-manager';
import type { DeviceClient } from '../../device/client';
import type { EventHub } from '../../events/event-hub';
import type { FleetEntry } from '../../fleet/fleet-entry';
import type { LocationNotes } from '../location-notes-port';
import { createLocationNotes } from './location-notes';
import type { NoteReads, NoteTrigger, RecordNotes } from './note-reads';
import { createNoteReads } from './note-reads';

/** What of the fleet the note reads use: the current site and its devices. */
export interface NoteReadsFleet {
  siteId(): string | undefined;
  entry(deviceId: string): FleetEntry | undefined;
  knownDevices(): KnownDevice[];
}

export interface OpenNoteReads extends NoteReads {
  /** The monitor's `onPollDone` (chained with any other listener). */
  polled(done: { deviceId: string; error?: string }): void;
}

/** The events of one hub batch that name a device read just now, as (address or id, trigger). */
function readsIn(batch: readonly AppEvent[]): { id?: string; address?: string; trigger: NoteTrigger }[] {
  const found: { id?: string; address?: string; trigger: NoteTrigger }[] = [];
  for (const event of batch) {
    if (event.type === 'discovery:found') {
      const { host } = event.payload;
      if (host.kind !== 'device' || host.seen === 'new') continue;
      const address = formatDeviceAddress({ scheme: host.scheme, host: host.address, port: host.port });
      found.push({ address, trigger: 'scan' });
    } else if (event.type === 'credentials:device') {
      const { operation, ok, deviceId, address } = event.payload;
      if (operation !== 'unlock' || !ok) continue;
      found.push({ ...(deviceId !== undefined ? { id: deviceId } : {}), address, trigger: 'unlock' });
    }
  }
  return found;
}

export function openNoteReads(deps: {
  hub: Pick<EventHub, 'subscribe'>;
  fleet: NoteReadsFleet;
  notes: Pick<LocationNotes, 'read'>;
  record: RecordNotes;
  onError?: (error: unknown) => void;
}): OpenNoteReads {
  const { fleet } = deps;
  const reads = createNoteReads({
    read: (target) => deps.notes.read(target),
    site: () => fleet.siteId(),
    device: (deviceId) => {
      const entry = fleet.entry(deviceId);
      return entry === undefined ? undefined : { deviceId, address: entry.addressText };
    },
    record: deps.record,
    ...(deps.onError !== undefined ? { onError: deps.onError } : {}),
  });
  const unsubscribe = deps.hub.subscribe((batch) => {
    const named = readsIn(batch);
    if (named.length === 0) return;
    // One index of the site's addresses per batch: a 1,000-device scan costs one pass, not one per host.
    let byAddress: Map<string, string> | undefined;
    for (const { id, address, trigger } of named) {
      if (id !== undefined && fleet.entry(id) !== undefined) {
        reads.seen(id, trigger);
        continue;
      }
      // Known devices carry their canonical address (identity-rule.ts), as `formatDeviceAddress` writes it.
      byAddress ??= new Map(fleet.knownDevices().map((d) => [d.address, d.deviceId]));
      const deviceId = address === undefined ? undefined : byAddress.get(address);
      if (deviceId !== undefined) reads.seen(deviceId, trigger);
    }
  });
  return {
    ...reads,
    polled: (done) => {
      if (done.error === undefined) reads.seen(done.deviceId, 'poll');
    },
    dispose: () => {
      unsubscribe();
      reads.dispose();
    },
  };
}

/** The location notes as the app opens them: the port for placing, and the reads once connected. */
export interface LocationNotesWiring {
  /** The `LocationNotes` port the layout service writes and reads through. */
  notes: LocationNotes;
  /**
   * Starts reading notes as devices are read (scan, unlock, the monitor's first answer), handing them to
   * `record` — the layout service's `recordNotes`. Before it, nothing is read.
   */
  connect(deps: { fleet: NoteReadsFleet; record: RecordNotes; onError?: (error: unknown) => void }): void;
  /** For the monitor's `onPollDone`: costs a set lookup a poll once connected, nothing before. */
  polled(done: { deviceId: string; error?: string }): void;
  idle(): Promise<void>;
  dispose(): void;
}

export function openLocationNotes(deps: {
  hub: Pick<EventHub, 'subscribe'>;
  client: DeviceClient;
  sessions: SessionManager;
}): LocationNotesWiring {
  const notes = createLocationNotes({ client: deps.client, sessions: deps.sessions });
  let reads: OpenNoteReads | undefined;
  return {
    notes,
    connect: ({ fleet, record, onError }) => {
      reads?.dispose();
      reads = openNoteReads({ hub: deps.hub, fleet, notes, record, ...(onError ? { onError } : {}) });
    },
    polled: (done) => reads?.polled(done),
    idle: () => reads?.idle() ?? Promise.resolve(),
    dispose: () => reads?.dispose(),
  };
}
