/**
 * Every error a technician can meet from these makers carries its sentence as a catalog key and values
 * (issue 35): wrong input typed or sent, a device's odd answer to an API-key creation, a preset or a pool
 * the device refused, a site budget too small, an inventory file that is corrupt, newer, or locked. Each
 * is asserted the same way: its key is in the English catalog, the English rendering is `message` word for
 * word (a cause said inside another sentence without its final period, as the English wraps it), and the
 * Russian window says it in Russian with the same values. Then a guard over the makers' source: an error
 * made there without `text` fails here, so a new one cannot slip in without its words.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkDeviceId, checkSiteId } from '../../../../electron/core/credentials/accounts';
import { interpretCreateAnswer } from '../../../../electron/core/credentials/api-key';
import { needsPasswordError } from '../../../../electron/core/credentials/device-sessions';
import { unknownAfterChange } from '../../../../electron/core/credentials/password-candidates';
import { DeviceError } from '../../../../electron/core/device/device-error';
import { answerTooLarge } from '../../../../electron/core/device/http1-answer';
import { errorCopy } from '../../../../electron/core/errors/cause-text';
import {
  readNoteBody,
  readNotesBody,
  requireNoteKey,
  requireNoteValue,
} from '../../../../electron/core/device/notes-client';
import { requirePoolSlots } from '../../../../electron/core/device/pool-slots';
import { requirePresetName } from '../../../../electron/core/device/preset-name';
import {
  credentialHeaders,
  requireApiKeyBody,
  requirePassword,
  resolveAddress,
} from '../../../../electron/core/device/request-input';
import { toAppError } from '../../../../electron/core/errors/to-app-error';
import { EMPTY_HISTORY } from '../../../../electron/core/firmware/history';
import { readFirmwareImage } from '../../../../electron/core/firmware/image-file';
import { buildPlan } from '../../../../electron/core/firmware/plan';
import { firmwareSettings } from '../../../../electron/core/firmware/settings';
import { createLayoutService } from '../../../../electron/core/layout/layout-service';
import { namedListText } from '../../../../electron/core/layout/racks';
import type { AppChannelServices } from '../../../../electron/core/channels/app-channels';
import { appHandlers } from '../../../../electron/core/channels/app-channels';
import type { FilesChannelServices } from '../../../../electron/core/channels/files-channels';
import { filesHandlers } from '../../../../electron/core/channels/files-channels';
import { startScan } from '../../../../electron/core/discovery/scanner';
import {
  editDevice,
  newDevice,
  removeDevice,
  trustCertificate,
} from '../../../../electron/core/inventory/devices';
import {
  buildSiteExport,
  parseSiteExport,
  serializeSiteExport,
} from '../../../../electron/core/inventory/exchange';
import { parsePlannedCsv } from '../../../../electron/core/inventory/targets-csv';
import { buildTargetSet } from '../../../../shared/domain/targets/target-set';
import { findPreset, savePreset } from '../../../../electron/core/inventory/pool-presets';
import { emptyInventory } from '../../../../electron/core/inventory/schema';
import { createSite } from '../../../../electron/core/inventory/sites';
import { createInventoryStore } from '../../../../electron/core/inventory/store';
import type { DeviceCredential } from '../../../../shared/domain/credential';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import { CATALOGS } from '../../../../shared/i18n/catalogs';
import type { MessageRef, MessageValue } from '../../../../shared/i18n/message';
import { isMessageRef, message } from '../../../../shared/i18n/message';
import { errorText } from '../../../../shared/i18n/local-text';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';
import type { AppError, Result } from '../../../../shared/result';
import { tempDataDir } from '../../../support/inventory-fixtures';
import { fakeNotes, layoutSites, mac } from '../../../support/layout-fixtures';

const ru = createTranslator('ru');
const en = englishTranslator();
const WHERE = '10.0.0.7:80';
const NOW = new Date('2026-11-29T08:00:00Z');

/** English of a message as a wrapping sentence says it: a nested cause without its final period. */
function english(ref: MessageRef): string {
  const values: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(ref.values ?? {}))
    values[name] = isMessageRef(value) ? english(value).replace(/\.$/, '') : value;
  return en.t(ref.id, values);
}

/** The error's text exists in the catalog, says `message` in English, and its values in Russian. */
function expectSaid(error: AppError, ruWords: string, values: readonly string[] = []): void {
  expect(error.text, error.message).toBeDefined();
  const text = error.text!;
  expect(Object.keys(CATALOGS.en)).toContain(text.id);
  expect(english(text)).toBe(error.message);
  const inRussian = errorText(ru, error);
  expect(inRussian).toContain(ruWords);
  for (const value of values) expect(inRussian).toContain(value);
}

const thrown = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('nothing was thrown');
};
const failed = (result: Result<unknown>): AppError => {
  if (result.ok) throw new Error('it succeeded');
  return result.error;
};

describe('input checked before anything is sent', () => {
  it('typed addresses say what is wrong with them', () => {
    const cases: [string, string][] = [
      ['', 'Адрес устройства не указан'],
      ['ftp://10.0.0.1', 'поддерживаются только адреса'],
      ['10.0.0.1/admin', 'не адрес устройства'],
      ['[fe80::1', 'нет закрывающей скобки'],
      ['[zz]', 'недопустимый адрес IPv6'],
      ['miner-7:abc', 'не порт'],
      ['bad_host!', 'не адрес IPv4 и не имя хоста'],
      ['10.0.0.1:99999', 'не порт'],
    ];
    for (const [typed, words] of cases) expectSaid(failed(parseDeviceAddress(typed)), words);
    expectSaid(
      thrown(() => resolveAddress('ftp://x')),
      'поддерживаются только адреса',
      ['ftp://'],
    );
    expectSaid(
      thrown(() => resolveAddress({ scheme: 'http', host: 'h', port: 70000 })),
      'не порт',
      ['70000'],
    );
    expectSaid(
      thrown(() => resolveAddress(7 as unknown as string)),
      'Адрес устройства не указан',
    );
  });

  it('passwords, keys and credentials say what is missing, and why a header cannot carry a key', () => {
    expectSaid(
      thrown(() => requirePassword('')),
      'введите пароль устройства',
    );
    const key = (k: string): DeviceCredential => ({ kind: 'apiKey', key: k });
    expectSaid(
      thrown(() => credentialHeaders(key(''), WHERE)),
      'API-ключ пуст',
    );
    expectSaid(
      thrown(() => credentialHeaders({ kind: 'token', token: '' }, WHERE)),
      'Токен пуст',
    );
    expectSaid(
      thrown(() => credentialHeaders(key('a\nb'), WHERE)),
      'перевод строки',
    );
    expectSaid(
      thrown(() => credentialHeaders(key('ключ'), WHERE)),
      'вне Latin-1',
    );
    expectSaid(
      thrown(() => credentialHeaders(null as unknown as DeviceCredential, WHERE)),
      'токеном',
    );
    expectSaid(
      thrown(() => requireApiKeyBody(null as never)),
      'тела запроса',
    );
    expectSaid(
      thrown(() => requireApiKeyBody({ key: 'k'.repeat(32), description: 5 as unknown as string })),
      'Описание API-ключа',
    );
  });

  it('presets, pool slots and notes say their limits as numbers', () => {
    expectSaid(
      thrown(() => requirePresetName(' ')),
      'Имя пресета пустое',
    );
    expectSaid(
      thrown(() => requirePresetName('9'.repeat(65))),
      '64 символов',
    );
    expectSaid(
      thrown(() => requirePresetName('32\u0007')),
      'управляющие символы',
    );
    expectSaid(
      thrown(() => requirePoolSlots([])),
      'ровно 3 слота',
    );
    expectSaid(
      thrown(() => requirePoolSlots([{}, {}, {}])),
      'Слоту пула 1',
    );
    expectSaid(
      thrown(() => requireNoteKey('')),
      '64 символов',
    );
    expectSaid(
      thrown(() => requireNoteValue('x'.repeat(2000))),
      '024 символов',
    );
    expectSaid(
      thrown(() => requireNoteValue('a\u001bb')),
      'управляющие символы',
    );
    expectSaid(
      thrown(() => readNotesBody([], WHERE)),
      'не объект JSON',
      [WHERE],
    );
    expectSaid(
      thrown(() => readNoteBody(5, WHERE, 'place')),
      '"value": text',
      [WHERE, '"place"'],
    );
  });
});

describe('a device’s answer to an API-key creation', () => {
  it('one that confirms nothing, or a key no header can carry', () => {
    expectSaid(
      thrown(() => interpretCreateAnswer({}, 'k'.repeat(32), WHERE)),
      'ничего не подтверждает',
      [WHERE],
    );
    expectSaid(
      thrown(() => interpretCreateAnswer({ key: 'bad key' }, 'k'.repeat(32), WHERE)),
      'нельзя передать в заголовке',
      [WHERE],
    );
  });
});

describe('the inventory', () => {
  it('refuses control characters, unknown devices, fingerprints and presets in the technician’s words', () => {
    const inventory = emptyInventory();
    const site = createSite(inventory, { name: 'Hall 1' }, NOW);
    expect(site.ok).toBe(true);
    const siteId = site.ok ? site.value.id : '';
    expectSaid(failed(createSite(inventory, { name: 'Hall\u001b2' }, NOW)), 'Имя площадки не может', [
      'U+001B',
    ]);
    expectSaid(failed(createSite(inventory, { name: 'Hall 3', subnets: ['10.0.0.0/99'] }, NOW)), 'Подсеть');
    expectSaid(failed(removeDevice(inventory, siteId, 'dev-9')), 'нет устройства', ['dev-9']);
    expectSaid(failed(editDevice(inventory, siteId, 'dev-9', { label: 'x' })), 'нет устройства');
    expectSaid(failed(trustCertificate(inventory, siteId, 'dev-9', 'AA')), 'нет устройства');
    expectSaid(failed(findPreset(inventory, siteId, 'Main')), 'пресетов пока нет', ['Main']);
    expectSaid(failed(savePreset(inventory, siteId, { name: '', pools: [] }, NOW)), '60 символов');
  });

  it('a corrupt file, a newer one and a lock held elsewhere', async () => {
    const dir = tempDataDir('error-text');
    writeFileSync(join(dir, 'inventory.json'), '{ not json');
    const store = createInventoryStore({ dataDir: dir, now: () => NOW });
    expect((await store.load()).ok).toBe(true);
    const [problem] = store.problems();
    expect(problem?.text?.id).toBe('errors.inventory.corrupt');
    expect(english(problem!.text!)).toBe(problem!.message);
    expect(ru.t(problem!.text!)).toContain('Файл инвентаря нельзя использовать');

    const newer = tempDataDir('error-newer');
    writeFileSync(join(newer, 'inventory.json'), JSON.stringify({ schemaVersion: 999 }));
    const refused = await createInventoryStore({ dataDir: newer }).load();
    expectSaid(failed(refused), 'более новой версией Minerdeck', ['999']);

    const locked = tempDataDir('error-lock');
    const owner = { pid: process.ppid, hostname: hostname(), token: 'held', acquiredAt: NOW.toISOString() };
    writeFileSync(join(locked, 'inventory.lock'), JSON.stringify(owner));
    const waiting = createInventoryStore({ dataDir: locked, lock: { timeoutMs: 50, retryMs: 10 } });
    expectSaid(failed(await waiting.update(() => ({ ok: true, value: 1 }))), 'записывает процесс', [
      String(process.ppid),
    ]);
  });
});

describe('credentials and a device’s oversized answer', () => {
  it('say what the device needs, which name is refused, and how large an answer may be', () => {
    const target = { deviceId: 'dev-1', address: { scheme: 'http' as const, host: '10.0.0.7', port: 80 } };
    const unknown = unknownAfterChange('2026-11-29T08:00:00.000Z');
    expectSaid(toAppError(needsPasswordError(target, unknown.reason, unknown.reasonText)), 'нужен пароль', [
      'пароль неизвестен',
      WHERE,
    ]);
    expectSaid(
      thrown(() => checkDeviceId('a/b')),
      'не может быть идентификатором',
      ['a/b'],
    );
    expectSaid(
      thrown(() => checkSiteId('bad site!')),
      'не может быть именем площадки',
    );
    expectSaid(toAppError(answerTooLarge(WHERE, 4 * 1024 * 1024, 200)), 'прислал ответ больше 4 МиБ');
    expectSaid(
      toAppError(answerTooLarge(WHERE, 4000, undefined, ' (counting its headers and chunk framing)')),
      '4000 байт (с учётом заголовков',
    );
  });

  it('an error copied onto a read’s outcome keeps its text', () => {
    const error = toAppError(
      new DeviceError('BAD_RESPONSE', 'x', {}, { text: { id: 'errors.code.INTERNAL' } }),
    );
    expect(errorCopy(error)).toEqual({
      code: 'BAD_RESPONSE',
      message: 'x',
      text: { id: 'errors.code.INTERNAL' },
    });
  });
});

describe('racks and places', () => {
  it('a shrink, a removal, a pattern, a note and a site map refused in the technician’s words', async () => {
    const { store, now } = await layoutSites(4);
    const notes = fakeNotes(now);
    const layout = createLayoutService({ store, notes, now, laptop: 'l', events: { emit: () => undefined } });
    const saved = await layout.saveRack(undefined, { area: 'C2', name: 'R07', shelves: 4, positions: 3 });
    const id = saved.ok ? (saved.value.layout.racks[0]?.id ?? '') : '';
    await layout.place(undefined, [{ device: '10.0.0.41', slot: 'C2-R07-S3-P2' }], false);
    const shrink = { id, area: 'C2', name: 'R07', shelves: 2, positions: 3 };
    expectSaid(failed(await layout.saveRack(undefined, shrink)), 'окажется вне её', ['10.0.0.41']);
    expectSaid(failed(await layout.removeRack(undefined, id)), 'извлеките его', ['R07']);
    await layout.saveRack(undefined, { area: 'C3', name: 'R07', shelves: 1, positions: 1 });
    expectSaid(failed(await layout.setPattern(undefined, '{rack}-S{shelf}-P{position}')), 'Шаблон мест');
    expectSaid(failed(await layout.adoptNote(undefined, `mac:${mac(0x12)}`)), 'нет заметки о месте');
    notes.notes.set('http://10.0.0.43', 'Hall 3 / A1-R02-S1-P4');
    await layout.readNotes(undefined, [`mac:${mac(0x12)}`]);
    expectSaid(failed(await layout.adoptNote(undefined, `mac:${mac(0x12)}`)), 'место на площадке', [
      'Hall 3',
    ]);
    const csv = 'area,rack,shelf,position\nC2,R/8,x,1\n';
    expectSaid(failed(await layout.importApply(undefined, csv, false)), 'ничего не применено');
    expect(ru.t(message('errors.layout.noSite', { site: 's-1' }))).toBe('Площадки «s-1» нет.');
    expect(ru.t(namedListText(['a', 'b', 'c', 'd']) as MessageRef)).toBe('a, b, c и ещё 1');
    expect(en.t(namedListText(['a', 'b']) as MessageRef)).toBe('a and b');
  });
});

describe('firmware', () => {
  it('a file not given or missing, batch settings, and a plan refused for several models', async () => {
    expectSaid(failed(await readFirmwareImage(' ')), 'файл прошивки не указан');
    const missing = join(tempDataDir('fw-missing'), 'fw.bin');
    expectSaid(failed(await readFirmwareImage(missing)), 'не существует', [missing]);
    expectSaid(failed(firmwareSettings({ batch: 10, maxBatch: 4 })), 'наибольшая партия (4)');
    const settings = firmwareSettings();
    if (!settings.ok) throw new Error(settings.error.message);
    const device = (n: number, model: string) => ({
      deviceId: `d${n}`,
      address: `http://10.0.0.${n}`,
      identity: { model, modelName: model, version: '1.2.6' },
    });
    const plan = buildPlan({
      image: { name: 'fw.bin', bytes: 10, sha256: 'a'.repeat(64) },
      settings: settings.value,
      devices: [device(1, 's21pro'), device(2, 's19')],
      history: EMPTY_HISTORY,
    });
    const refusal: AppError = { code: 'INVALID_INPUT', message: plan.refusal ?? '', text: plan.refusalText! };
    expectSaid(refusal, 'сообщают 2 модели', ['Ничего не отправлено']);
  });
});

describe('a scan’s options and the files a technician imports', () => {
  it('ports, concurrency, timeouts, a large scan, CSV control characters, a file’s address', () => {
    const targets = buildTargetSet([], []);
    expectSaid(failed(startScan(targets, { ports: [] })), 'а не пустым списком');
    expectSaid(failed(startScan(targets, { ports: [0, 80] })), 'порты должны быть', ['0, 80']);
    expectSaid(failed(startScan(targets, { concurrency: 0 })), 'от 1 до 4096');
    expectSaid(failed(startScan(targets, { connectTimeoutMs: 0 })), 'тайм-аут подключения');
    expectSaid(
      failed(parsePlannedCsv('address,label\n10.0.0.1,a\u001bb\n')),
      'управляющие символы в метках',
      ['U+001B'],
    );
    const inventory = emptyInventory();
    const site = createSite(inventory, { name: 'Hall 1' }, NOW);
    if (!site.ok) throw new Error(site.error.message);
    const at = NOW.toISOString();
    inventory.devices.push(
      newDevice({ id: 'addr:10.0.0.5:80', siteId: site.value.id, address: 'http://10.0.0.5' }, at),
    );
    const meta = { app: 'Minerdeck', version: '0.1.0', laptop: 'l', now: NOW };
    const built = buildSiteExport(inventory, site.value.id, meta);
    if (!built.ok) throw new Error(built.error.message);
    built.value.devices[0]!.address = 'http://10.0.0.5\u001b[2J';
    const refused = failed(parseSiteExport(serializeSiteExport(built.value), NOW));
    expectSaid(refused, 'Экспорт площадки отклонён', ['addr:10.0.0.5:80', 'U+001B']);
  });
});

describe('the window’s file and folder glue', () => {
  it('says what this session cannot do, and a PDF, a save or a report that failed', async () => {
    const app = appHandlers({ system: {} } as unknown as AppChannelServices);
    expectSaid(failed(await app['app:open-data-folder'](undefined as never)), 'Открытие папок');
    const exportSite = async () => ({ ok: true as const, value: { fileName: 'a.json', content: '{}' } });
    const files = filesHandlers({ inventory: { exportSite }, system: {} } as unknown as FilesChannelServices);
    const saved = await files['inventory:save-export'](undefined as never);
    expectSaid(failed(saved), 'Сохранение файлов недоступно');
    for (const [id, words] of [
      ['errors.files.notWritten', 'Не удалось записать файл'],
      ['errors.files.pdfFailed', 'Не удалось создать PDF'],
      ['errors.files.dialogFailed', 'окно выбора файла'],
      ['errors.files.pdfNeedsDesktop', 'настольное приложение'],
      ['errors.files.reportCancelled', 'Отчёт отменён'],
    ] as const)
      expect(ru.t(message(id, { path: '/tmp/x', why: 'EACCES' }))).toContain(words);
  });
});

/** The makers this guard holds to carrying `text`: the modules issue 35 named, and those reached from them. */
const GUARDED = [
  'electron/core/device/request-input.ts',
  'electron/core/device/preset-name.ts',
  'electron/core/device/pool-slots.ts',
  'electron/core/device/notes-client.ts',
  'electron/core/credentials/api-key.ts',
  'electron/core/credentials/provisioning.ts',
  'electron/core/commission/pool-apply.ts',
  'electron/core/commission/pool-read.ts',
  'electron/core/power/power-plan.ts',
  'electron/core/power/power-apply.ts',
  'electron/core/power/power-services.ts',
  'electron/core/inventory/store.ts',
  'electron/core/inventory/file-lock.ts',
  'electron/core/inventory/devices.ts',
  'electron/core/inventory/sites.ts',
  'electron/core/inventory/pool-presets.ts',
  'shared/domain/device-address.ts',
  'electron/core/commission/password-change.ts',
  'electron/core/commission/password-targets.ts',
  'electron/core/commission/locate-led.ts',
  'electron/core/credentials/device-sessions.ts',
  'electron/core/credentials/password-candidates.ts',
  'electron/core/credentials/accounts.ts',
  'electron/core/credentials/site-members.ts',
  'electron/core/settings/settings-store.ts',
  'electron/core/device/http1-answer.ts',
  'electron/core/layout/layout-service.ts',
  'electron/core/layout/racks.ts',
  'electron/core/layout/layout-import.ts',
  'electron/core/firmware/image-file.ts',
  'electron/core/firmware/settings.ts',
  'electron/core/firmware/upload.ts',
  'electron/core/firmware/send-image.ts',
  'electron/core/firmware/verify.ts',
  'electron/core/firmware/firmware-service.ts',
  'electron/core/discovery/scanner.ts',
  'electron/core/inventory/targets-csv.ts',
  'electron/core/inventory/exchange.ts',
  'electron/main/file-glue.ts',
  'electron/core/channels/files-channels.ts',
  'electron/core/channels/app-channels.ts',
  'electron/core/report/report-service.ts',
];

/** `err(…)`, `appError(…)`, and a DeviceError or CredentialError made without its text. */
function untexted(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const line = () => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (ts.isCallExpression(node) && /^(err|appError)$/.test(node.expression.getText())) {
      const wrapped = ts.isCallExpression(node.parent) && node.parent.expression.getText() === 'withText';
      if (!wrapped) found.push(line());
    }
    if (ts.isNewExpression(node)) {
      const name = node.expression.getText();
      const args = node.arguments ?? [];
      if (name === 'DeviceError' && !(args[3] !== undefined && /text/.test(args[3].getText())))
        found.push(line());
      if (name === 'CredentialError' && args[2] === undefined) found.push(line());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the makers', () => {
  it('make no error without its text', () => {
    const root = join(__dirname, '../../../..');
    expect(readdirSync(join(root, 'electron/core'))).toContain('device');
    expect(
      GUARDED.flatMap((file) => untexted(join(root, file)).map((at) => at.slice(root.length + 1))),
    ).toEqual([]);
  });
});
