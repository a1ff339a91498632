/**
 * Reading the devices' `location` notes when they are read anyway (issue 34), over real HTTP to the
 * simulator through the real event hub: a scan that finds known devices, an unlock, the monitor's answered
 * polls. Each note is read once per site and session (one GET a device), batched to `recordNotes`; a note
 * that could not be read is read again by a later unlock, a poll never reads twice; devices of another
 * site and new devices are not read. And the cost on the scan's side for 1,000 devices.
 */
import { describe, expect, it } from 'vitest';
import type { LocationNote } from '../../shared/domain/layout';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { createEventHub } from '../../electron/core/events/event-hub';
import type { FleetEntry } from '../../electron/core/fleet/fleet-entry';
import { openLocationNotes } from '../../electron/core/layout/notes/open-note-reads';
import { formatDeviceAddress } from '../../shared/domain/device-address';
import type { SimDevice, SimDeviceOptions } from '../simulator';
import { fleetPerTest } from '../support/fleet-per-test';
import { addressOf, requestsTo, targetOf } from '../support/sim-targets';

const NOTES = '/api/v1/notes';
const sims = fleetPerTest();

function hostOf(d: SimDevice, seen: DiscoveredHost['seen'] = 'known'): DiscoveredHost {
  const a = addressOf(d);
  return { address: a.host, port: a.port, scheme: a.scheme, kind: 'device', identity: null, seen };
}

async function setup(devices: SimDeviceOptions[], count = devices.length) {
  const { fleet, client } = await sims.open(
    { devices, count, recordRequests: true },
    { totalTimeoutMs: 1500 },
  );
  const hub = createEventHub({ intervalMs: 5 });
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const entries = new Map<string, FleetEntry>(
    fleet.devices.map((d) => {
      const t = targetOf(d);
      const entry = {
        deviceId: t.deviceId,
        address: t.address,
        addressText: formatDeviceAddress(t.address),
        identity: {},
      };
      return [t.deviceId, entry as FleetEntry];
    }),
  );
  let site: string | undefined = 'hall-7';
  const site7 = new Set(entries.keys());
  const recorded: { siteId: string; notes: LocationNote[] }[] = [];
  const wiring = openLocationNotes({ hub, client, sessions });
  wiring.connect({
    fleet: {
      siteId: () => site,
      entry: (id) => (site === 'hall-7' && site7.has(id) ? entries.get(id) : undefined),
      knownDevices: () =>
        site === 'hall-7'
          ? [...entries.values()].map((e) => ({ deviceId: e.deviceId, address: e.addressText, mac: null }))
          : [],
    },
    record: (siteId, notes) => void recorded.push({ siteId, notes: [...notes] }),
  });
  const settle = async () => {
    hub.flush();
    await wiring.idle();
  };
  const idOf = (d: SimDevice) => targetOf(d).deviceId;
  const notesRead = (d: SimDevice) => requestsTo(d, NOTES, 'GET').length;
  const noted = () => recorded.flatMap((r) => r.notes);
  return {
    devices: fleet.devices,
    hub,
    sessions,
    wiring,
    recorded,
    settle,
    idOf,
    notesRead,
    noted,
    leaveSite: () => void (site = 'hall-8'),
    close: () => (wiring.dispose(), hub.close()),
  };
}

describe('location notes read as devices are read', () => {
  it('a scan of known devices reads each note once, batched to recordNotes; new hosts are not read', async () => {
    const s = await setup([{ notes: { location: 'Hall 3 / A1-R02-S1-P4' } }, {}, { notesApi: false }]);
    const [placed, blank, old] = s.devices as [SimDevice, SimDevice, SimDevice];
    for (const d of s.devices)
      s.hub.emit({ type: 'discovery:found', payload: { scanId: 'x', host: hostOf(d) } });
    await s.settle();
    expect(s.recorded.map((r) => r.siteId)).toEqual(['hall-7']);
    const byId = new Map(s.noted().map((n) => [n.deviceId, n]));
    expect(byId.get(s.idOf(placed))).toMatchObject({ state: 'present', value: 'Hall 3 / A1-R02-S1-P4' });
    expect(byId.get(s.idOf(blank))).toMatchObject({ state: 'absent' });
    expect(byId.get(s.idOf(old))).toMatchObject({ state: 'unsupported' });
    // Scanned again, unlocked, polled: nothing more is read.
    for (const d of s.devices) {
      s.hub.emit({ type: 'discovery:found', payload: { scanId: 'y', host: hostOf(d) } });
      s.wiring.polled({ deviceId: s.idOf(d) });
    }
    s.hub.emit({
      type: 'credentials:device',
      payload: { operation: 'unlock', address: placed.address, deviceId: s.idOf(placed), ok: true },
    });
    await s.settle();
    expect(s.devices.map(s.notesRead)).toEqual([1, 1, 1]);
    s.close();
  });

  it('a guarded device unreadable at the first poll is read again at its unlock, with the credential', async () => {
    const s = await setup([{ guardedReads: true, notes: { location: 'Hall 7 / C2-R07-S3-P2' } }]);
    const [d] = s.devices as [SimDevice];
    s.wiring.polled({ deviceId: s.idOf(d) });
    await s.settle();
    expect(s.noted()).toMatchObject([{ state: 'unreadable' }]);
    // Another poll does not try again; an unlock (a password now stored) does.
    s.wiring.polled({ deviceId: s.idOf(d) });
    await s.settle();
    expect(s.notesRead(d)).toBe(1);
    // The technician unlocks it (the credentials service's unlockMany, which also emits the event).
    await s.sessions.unlockWith(targetOf(d), 'admin');
    s.hub.emit({
      type: 'credentials:device',
      payload: { operation: 'unlock', address: d.address, ok: true },
    });
    await s.settle();
    expect(s.noted().at(-1)).toMatchObject({ state: 'present', value: 'Hall 7 / C2-R07-S3-P2' });
    s.close();
  });

  it('failed polls, unlocks that failed, new hosts and devices of another site read nothing', async () => {
    const s = await setup([{}, {}]);
    const [a, b] = s.devices as [SimDevice, SimDevice];
    s.wiring.polled({ deviceId: s.idOf(a), error: 'TIMEOUT' });
    s.hub.emit({ type: 'discovery:found', payload: { scanId: 'x', host: hostOf(a, 'new') } });
    s.hub.emit({
      type: 'credentials:device',
      payload: { operation: 'unlock', address: a.address, ok: false },
    });
    s.leaveSite();
    s.wiring.polled({ deviceId: s.idOf(b) });
    await s.settle();
    expect(s.devices.map(s.notesRead)).toEqual([0, 0]);
    expect(s.recorded).toEqual([]);
    s.close();
  });

  it('a 200-device scan: every note read once, a few at a time, the scan side cheap', async () => {
    const s = await setup([], 200);
    const started = performance.now();
    for (const d of s.devices)
      s.hub.emit({ type: 'discovery:found', payload: { scanId: 'x', host: hostOf(d) } });
    s.hub.flush();
    const scanSideMs = performance.now() - started;
    await s.wiring.idle();
    const totalMs = performance.now() - started;
    expect(s.devices.every((d) => s.notesRead(d) === 1)).toBe(true);
    expect(s.noted()).toHaveLength(200);
    // Batches of at most 50 as they come, then the rest when the queue drains.
    expect(s.recorded.every((r) => r.notes.length <= 50)).toBe(true);
    expect(scanSideMs).toBeLessThan(200);
    console.info(
      `note reads, 200 devices: scan side ${scanSideMs.toFixed(1)} ms, all read in ${totalMs.toFixed(0)} ms`,
    );
    s.close();
  });
});
