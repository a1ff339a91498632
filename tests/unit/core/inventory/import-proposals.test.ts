/**
 * An imported site file cannot move a device: a known device's address and certificate pin stay ours
 * (they decide where the keychain's password or key is sent), the file's are listed and wait for the
 * technician to accept them. A device this laptop knows elsewhere (another site, the keychain) is held
 * back. A file's addresses are read as typed ones, and its labels and notes are plain text.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { tlsPinsOf } from '../../../../electron/core/inventory/tls-pins';
import { foundDevice, tempDataDir, testClock } from '../../../support/inventory-fixtures';

const A = 'AA:BB:CC:00:01:0A';
const B = 'AA:BB:CC:00:01:0B';
const N = 'AA:BB:CC:00:01:0E';
const K = 'AA:BB:CC:00:01:0F';
const J = 'AA:BB:CC:00:01:1F';
const PIN_OURS = 'AB:CD:EF:01';
const PIN_THEIRS = '66:66:66:66';

interface ExportFile {
  site: { id: string; name: string; subnets: string[] };
  devices: {
    id: string;
    address: string;
    addressHistory: { address: string; firstSeen: string; lastSeen: string }[];
    tlsPin: string | null;
    tlsSeen: string | null;
    label: string;
    notes: string;
  }[];
}

function laptop(
  name: string,
  extra: { dataDir?: string; storedCredentials?: Map<string, string | undefined> } = {},
): InventoryServices {
  const clock = testClock(Date.parse('2026-03-02T08:00:00.000Z'));
  return createInventoryServices({
    dataDir: extra.dataDir ?? tempDataDir(name),
    laptop: name,
    app: { name: 'Minerdeck', version: '0.1.0' },
    now: clock.now,
    ...(extra.storedCredentials !== undefined
      ? { storedCredentials: async () => extra.storedCredentials }
      : {}),
  });
}

async function must<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
}

/** The lead's laptop: Hall 1 with A (https, certificate trusted) and B (http, no pin). */
async function lead(extra: Parameters<typeof laptop>[1] = {}): Promise<InventoryServices> {
  const services = laptop('lead', extra);
  await must(services.createSite({ name: 'Hall 1' }));
  await must(
    services.saveScan(undefined, [
      foundDevice('10.0.0.5', { mac: A }, { port: 443, scheme: 'https', tlsFingerprint256: PIN_OURS }),
      foundDevice('10.0.0.6', { mac: B }),
    ]),
  );
  await must(services.trustCertificate(undefined, `mac:${A}`, PIN_OURS));
  return services;
}

/** A file as another laptop (or someone hostile) wrote it: the lead's own export, changed by `edit`. */
async function fileFrom(services: InventoryServices, edit: (file: ExportFile) => void): Promise<string> {
  const file = JSON.parse((await must(services.exportSite())).content) as ExportFile;
  edit(file);
  return JSON.stringify(file);
}

const device = (file: ExportFile, mac: string) => {
  const found = file.devices.find((d) => d.id === `mac:${mac}`);
  if (found === undefined) throw new Error(`no ${mac} in the file`);
  return found;
};

/** Puts a device somewhere else in the file, as a scan on that laptop would have recorded it. */
const moveTo = (file: ExportFile, mac: string, address: string) => {
  const d = device(file, mac);
  d.address = address;
  d.addressHistory.push({
    address,
    firstSeen: '2026-03-02T09:00:00.000Z',
    lastSeen: '2026-03-02T09:00:00.000Z',
  });
};

describe('a known device’s address and pin from a file', () => {
  it('are conflicts: ours kept, nothing pinned or moved until the technician accepts each', async () => {
    const services = await lead();
    const text = await fileFrom(services, (file) => {
      moveTo(file, A, 'https://10.0.0.99');
      device(file, A).tlsPin = PIN_THEIRS;
      device(file, A).tlsSeen = PIN_THEIRS;
      // B has no pin here: a file's pin is not adopted either.
      device(file, B).tlsPin = PIN_THEIRS;
    });

    const outcome = await must(services.importText(text));
    expect(outcome.conflicts).toEqual([
      {
        deviceId: `mac:${A}`,
        address: 'https://10.0.0.5',
        field: 'address',
        local: 'https://10.0.0.5',
        incoming: 'https://10.0.0.99',
        kept: 'local',
        pending: true,
      },
      {
        deviceId: `mac:${A}`,
        address: 'https://10.0.0.5',
        field: 'tlsPin',
        local: PIN_OURS,
        incoming: PIN_THEIRS,
        kept: 'local',
        pending: true,
      },
      {
        deviceId: `mac:${B}`,
        address: 'http://10.0.0.6',
        field: 'tlsPin',
        local: '',
        incoming: PIN_THEIRS,
        kept: 'local',
        pending: true,
      },
    ]);
    const inventory = await must(services.store.load());
    const [a, b] = inventory.devices;
    expect(a).toMatchObject({ address: 'https://10.0.0.5', tlsPin: PIN_OURS, tlsSeen: PIN_OURS });
    expect(a?.addressHistory.map((h) => h.address)).toEqual(['https://10.0.0.5']);
    expect(b).toMatchObject({ address: 'http://10.0.0.6', tlsPin: null });
    // The device client's pins: nothing for the file's address.
    expect(tlsPinsOf(inventory).get('10.0.0.99:443')).toBeUndefined();
    expect(tlsPinsOf(inventory).get('10.0.0.5:443')).toBe(PIN_OURS);

    expect((await must(services.pendingImports('Hall 1'))).pending).toEqual([
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'address', incoming: 'https://10.0.0.99' }),
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'tlsPin', local: PIN_OURS, from: 'lead' }),
      expect.objectContaining({ deviceId: `mac:${B}`, field: 'tlsPin', local: '' }),
    ]);

    expect(await must(services.acceptImported('Hall 1', [`mac:${A}`]))).toMatchObject({
      accepted: [
        { field: 'address', value: 'https://10.0.0.99', previous: 'https://10.0.0.5' },
        { field: 'tlsPin', value: PIN_THEIRS, previous: PIN_OURS },
      ],
    });
    const after = await must(services.store.load());
    expect(after.devices[0]).toMatchObject({ address: 'https://10.0.0.99', tlsPin: PIN_THEIRS });
    expect(after.devices[0]?.addressHistory.map((h) => h.address)).toEqual([
      'https://10.0.0.5',
      'https://10.0.0.99',
    ]);
    expect(tlsPinsOf(after).get('10.0.0.99:443')).toBe(PIN_THEIRS);
    // Once accepted it waits no more; B's pin still does, until `all`.
    expect(await services.acceptImported('Hall 1', [`mac:${A}`])).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await must(services.acceptImported(undefined, 'all'))).toMatchObject({
      accepted: [{ deviceId: `mac:${B}`, field: 'tlsPin', previous: '' }],
    });
    expect((await must(services.pendingImports())).pending).toEqual([]);
  });

  it('a device this laptop knows elsewhere is held back, not added at the file’s address', async () => {
    const stored = new Map([
      [`mac:${K}`, 'http://10.0.0.8'],
      [`mac:${J}`, 'http://10.0.0.9'],
    ]);
    const services = await lead({ storedCredentials: stored });
    const other = laptop('colleague');
    await must(other.createSite({ name: 'Container 7' }));
    await must(
      other.saveScan(undefined, [
        foundDevice('10.0.0.66', { mac: A }),
        foundDevice('10.0.0.7', { mac: N }),
        foundDevice('10.0.0.8', { mac: K }),
        foundDevice('10.0.0.67', { mac: J }),
      ]),
    );
    const colleagues = JSON.parse((await must(other.exportSite())).content) as ExportFile;
    device(colleagues, A).tlsPin = PIN_THEIRS;
    const outcome = await must(services.importText(JSON.stringify(colleagues)));
    expect(outcome).toMatchObject({ siteCreated: true, site: { name: 'Container 7' }, added: 2 });
    // A: in Hall 1 at another address; J: the keychain's credentials were stored for another address.
    expect(outcome.conflicts).toEqual([
      expect.objectContaining({
        deviceId: `mac:${A}`,
        address: 'http://10.0.0.66',
        local: 'https://10.0.0.5',
        pending: true,
      }),
      // Its pin waits apart: accepting where it is does not trust the file's certificate by the way.
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'tlsPin', local: '', incoming: PIN_THEIRS }),
      expect.objectContaining({
        deviceId: `mac:${J}`,
        address: 'http://10.0.0.67',
        local: 'http://10.0.0.9',
        pending: true,
      }),
    ]);
    const held = await must(services.devices('Container 7'));
    expect(held.devices.map((d) => d.id).sort()).toEqual([`mac:${N}`, `mac:${K}`]);

    expect((await must(services.pendingImports('Container 7'))).pending).toEqual([
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'address', local: '' }),
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'tlsPin', local: '' }),
      expect.objectContaining({ deviceId: `mac:${J}`, field: 'address', local: '' }),
    ]);
    expect(await must(services.acceptImported('Container 7', [`mac:${A}`], 'address'))).toMatchObject({
      accepted: [{ deviceId: `mac:${A}`, field: 'address', value: 'http://10.0.0.66', previous: '' }],
    });
    const joined = await must(services.devices('Container 7'));
    expect(joined.devices.find((d) => d.id === `mac:${A}`)).toMatchObject({
      address: 'http://10.0.0.66',
      tlsPin: null,
    });
    expect((await must(services.pendingImports('Container 7'))).pending).toEqual([
      expect.objectContaining({ deviceId: `mac:${A}`, field: 'tlsPin', local: '', incoming: PIN_THEIRS }),
      expect.objectContaining({ deviceId: `mac:${J}`, field: 'address' }),
    ]);
    // Hall 1's A is where it was.
    expect((await must(services.devices('Hall 1'))).devices[0]?.address).toBe('https://10.0.0.5');
  });

  it('what waits survives a restart and goes with its site', async () => {
    const dataDir = tempDataDir('proposals');
    const services = await lead({ dataDir });
    await must(services.importText(await fileFrom(services, (file) => moveTo(file, B, 'http://10.0.0.77'))));
    const reopened = laptop('lead', { dataDir });
    expect((await must(reopened.pendingImports('Hall 1'))).pending).toHaveLength(1);
    await must(reopened.createSite({ name: 'Spare' }));
    await must(reopened.deleteSite('Hall 1', { confirm: true }));
    expect((await must(reopened.store.load())).importProposals).toEqual([]);
  });
});

describe('a file’s addresses are read as typed ones', () => {
  const refusals: [string, (file: ExportFile) => void, RegExp][] = [
    [
      'a login in the address',
      (file) => moveTo(file, B, 'http://admin:secret@10.0.0.50'),
      /device mac:AA:BB:CC:00:01:0B: "http:\/\/admin:secret@10\.0\.0\.50" is not a device address: give only a host/,
    ],
    [
      'a path',
      (file) => (device(file, B).address = 'http://10.0.0.50/cgi-bin/x'),
      /is not a device address: give only a host and an optional port/,
    ],
    [
      'a control character',
      (file) => (device(file, B).address = 'http://10.0.0.50\u001b[2J'),
      /An address cannot hold U\+001B \(an escape\), found at character 17/,
    ],
    [
      'a bad address in its history',
      (file) =>
        device(file, B).addressHistory.push({ ...device(file, B).addressHistory[0]!, address: 'ftp://x' }),
      /in its address history: "ftp:\/\/x": only http:\/\/ and https:\/\/ addresses are supported/,
    ],
    [
      'an id that is no device id',
      (file) => (device(file, B).id = 'mac:not-a-mac'),
      /device 2 \(in the file's order\) has an id that is not a device id/,
    ],
    [
      'a subnet that is no target',
      (file) => (file.site.subnets = ['10.0.0.0/33']),
      /the site's subnets: item 1 "10\.0\.0\.0\/33"/,
    ],
    [
      'a label with a right-to-left override',
      (file) => (device(file, B).label = 'R1\u202eS4'),
      /The label cannot hold U\+202E \(a right-to-left override\), found at character 3/,
    ],
    [
      'notes that set a terminal title',
      (file) => (device(file, B).notes = 'ok\u001b]0;pwned\u0007'),
      /The notes cannot hold U\+001B \(an escape\), found at character 3/,
    ],
  ];

  it.each(refusals)('refuses the whole file for %s, naming it', async (_what, edit, message) => {
    const services = await lead();
    const text = await fileFrom(services, (file) => {
      file.site = { ...file.site, id: 'other', name: 'Other' };
      edit(file);
    });
    const refused = await services.importText(text);
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^The site export is refused, nothing was imported: /,
    );
    expect(!refused.ok && refused.error.message).toMatch(message);
    expect((await must(services.listSites())).sites.map((s) => s.name)).toEqual(['Hall 1']);
  });

  it('keeps addresses in their canonical form, and notes with their line breaks', async () => {
    const services = await lead();
    const text = await fileFrom(services, (file) => {
      file.site = { ...file.site, id: 'other', name: 'Other' };
      const b = device(file, B);
      b.address = ' HTTP://10.0.0.6:80/ ';
      b.addressHistory = [{ ...b.addressHistory[0]!, address: '10.0.0.6' }];
      b.notes = 'fan 2 loud\r\nPSU B\tchecked';
    });
    await must(services.importText(text));
    const other = await must(services.devices('Other'));
    expect(other.devices.find((d) => d.id === `mac:${B}`)).toMatchObject({
      address: 'http://10.0.0.6',
      addressHistory: [expect.objectContaining({ address: 'http://10.0.0.6' })],
      notes: 'fan 2 loud\r\nPSU B\tchecked',
    });
  });
});

describe('labels and notes are plain text, typed or imported', () => {
  it('refuses control characters in an edit, with what and where', async () => {
    const services = await lead();
    expect(await services.editDevice(undefined, `mac:${B}`, { label: 'R1\u0007' })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'The label cannot hold U+0007 (a control character), found at character 3: only plain text is kept (no control characters).',
      },
    });
    expect(await services.editDevice(undefined, `mac:${B}`, { notes: 'a\u2066b' })).toMatchObject({
      ok: false,
      error: { message: /^The notes cannot hold U\+2066 \(a text-direction control\), found at character 2/ },
    });
    expect(await services.editDevice(undefined, `mac:${B}`, { notes: 'a\rb' })).toMatchObject({
      ok: false,
      error: { message: /U\+000D \(a carriage return\)/ },
    });
    expect(await must(services.editDevice(undefined, `mac:${B}`, { notes: 'line 1\nline 2' }))).toMatchObject(
      {
        notes: 'line 1\nline 2',
      },
    );
    const kept = await must(services.devices());
    expect(kept.devices.find((d) => d.id === `mac:${B}`)).toMatchObject({
      label: '',
      notes: 'line 1\nline 2',
    });
  });

  it('refuses a CSV of planned devices with one, naming the line', async () => {
    const services = await lead();
    const refused = await services.importText(
      'address,label,notes\n10.0.0.20,R1,ok\n10.0.0.21,"R2\u001b[31m",\n',
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        message:
          'The CSV file has control characters in its labels or notes: line 3: the label has U+001B (an escape) at character 3. Labels and notes are plain text (notes may have line breaks); nothing was imported.',
      },
    });
    expect((await must(services.devices())).devices).toHaveLength(2);
  });

  it('refuses a site name with a text-direction control, as with any control character', async () => {
    const services = laptop('names');
    expect(await services.createSite({ name: 'Hall \u202e1' })).toMatchObject({
      ok: false,
      error: {
        message: /^A site name cannot hold U\+202E \(a right-to-left override\), found at character 6/,
      },
    });
  });
});
