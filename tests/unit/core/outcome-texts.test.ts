/**
 * Words made in main travel as keys and values beside their English (issue 35): a failed acceptance
 * verdict's reasons, a firmware verdict, a Commission step, an activity entry each carry a `text` that
 * renders in Russian, Spanish and Chinese with its numbers and versions — and what the site keeps (its
 * activity log, its verdicts) keeps that `text` as data, so a site exported in Almaty reads in Asunción.
 * The English `message` is unchanged: the CLI prints it.
 */
import { describe, expect, it } from 'vitest';
import { createVerdictStore } from '../../../electron/core/acceptance/verdict-store';
import { addSample, newWindow } from '../../../electron/core/acceptance/device-window';
import { sampleFrom } from '../../../electron/core/acceptance/read-sample';
import { verdictOf } from '../../../electron/core/acceptance/verdict';
import { activityDevice } from '../../../electron/core/commission/activity-device';
import { readModelChains } from '../../../electron/core/device/hash-board-reader';
import { versionProblem, versionProblemText } from '../../../electron/core/firmware/verdict';
import { createInventoryServices } from '../../../electron/core/inventory/inventory-services';
import { createRunState } from '../../../electron/core/standard/commission-run-state';
import type { CommissionRunInput } from '../../../electron/core/standard/commission-run-types';
import { defaultCriteria } from '../../../shared/domain/acceptance';
import type { WriteResult } from '../../../shared/domain/commission';
import type { CommissionDevice } from '../../../shared/domain/standard';
import { localText } from '../../../shared/i18n/local-text';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { tempDataDir } from '../../support/inventory-fixtures';

const T0 = new Date('2025-11-21T14:05:10').getTime();
const LOCALES = ['ru', 'es', 'zh-Hans'] as const;
const render = (locale: 'en' | (typeof LOCALES)[number], text: MessageRef): string =>
  createTranslator(locale).t(text);

/** Rendered in each language: not the English, no placeholder left, every value in it. */
function expectLocalised(text: MessageRef | undefined, english: string, shown: readonly string[]): void {
  expect(text).toBeDefined();
  for (const locale of LOCALES) {
    const words = render(locale, text!);
    expect(words, locale).not.toBe(english);
    expect(words, locale).not.toMatch(/[{}]|outcomes\./);
    for (const value of shown) expect(words, `${locale}: ${value}`).toContain(value);
  }
}

/** A device at 93.6 % of nominal with a fan stopped and board 3 gone, read twice a minute apart. */
function failingVerdict() {
  const board = (id: number) => ({
    id,
    status: { state: 'mining' },
    hr_realtime: 62_400,
    hr_nominal: 66_666.667,
    chips: Array.from({ length: 4 }, (_c, chip) => ({ id: chip, hr: 900, temp: 61, errs: 0, grade: 'grey' })),
  });
  const summary = (accepted: number) => ({
    miner: {
      miner_status: { miner_state: 'mining' },
      hr_realtime: 124_800,
      hr_nominal: 133_333.333,
      pools: [{ url: 'stratum+tcp://pool.example:3333', pool_type: 'UserPool', accepted, rejected: 0 }],
      cooling: {
        fans: [
          { id: 1, rpm: 5880, status: 'ok' },
          { id: 2, rpm: 0, status: 'lost' },
        ],
      },
      chains: [{ id: 1 }, { id: 2 }],
    },
  });
  const model = { chain: { num_chains: 3, chips_per_chain: 4 }, cooling: { fan_min_count: { default: 2 } } };
  const window = newWindow(readModelChains(model));
  for (const [i, accepted] of [100, 200].entries()) {
    addSample(
      window,
      sampleFrom(T0 + i * 60_000, { chains: [board(1), board(2)], summary: summary(accepted) }, 'GH/s'),
    );
  }
  return verdictOf(window, defaultCriteria(), {
    deviceId: 'mac:01',
    address: 'http://10.0.0.1',
    startedAt: new Date(T0),
    endedAt: new Date(T0 + 60_000),
  });
}

describe('outcomes made in main, in the reader’s language', () => {
  it('a failed verdict’s reasons: one text per reason, rendered with its numbers', () => {
    const verdict = failingVerdict();
    expect(verdict.verdict).toBe('fail');
    expect(verdict.reasonTexts).toHaveLength(verdict.reasons.length);
    const byCheck = new Map(verdict.checks.map((c) => [c.check, c]));
    const boards = byCheck.get('boards-present')!;
    expect(boards.words).toBe('2 of 3 hash boards present (board 3 missing)');
    expect(boards.text).toEqual(
      message('outcomes.acceptance.boards.missing', { seen: 2, expected: 3, count: 1, boards: '3' }),
    );
    expect(render('ru', boards.text!)).toBe('на месте 2 из 3 хеш-плат (нет платы 3)');
    expect(render('es', boards.text!)).toBe('2 de 3 placas de hash presentes (falta la placa 3)');
    expect(render('zh-Hans', boards.text!)).toBe('3 块算力板中 2 块在位（缺少算力板 3）');
    const fans = byCheck.get('fans')!;
    expect(fans.pass).toBe(false);
    expectLocalised(fans.text, fans.words, ['2 (0 rpm, lost)']);
    // Each failed check's text is the verdict's reason text, in check order; English reads the same words.
    expect(verdict.reasonTexts).toEqual(verdict.checks.filter((c) => !c.pass).map((c) => c.text));
    expect(render('en', boards.text!)).toBe(boards.words);
    for (const text of verdict.reasonTexts!) expect(render('ru', text)).not.toMatch(/[{}]/);
  });

  it('the hash rate’s reason: numbers as numbers, in each locale’s separators', () => {
    const verdict = failingVerdict();
    const hash = verdict.checks.find((c) => c.check === 'hash-rate')!;
    expect(hash.words).toBe('average hash rate 93.6 % of nominal (124.80 of 133.33 TH/s), under 95 %');
    expect(hash.text?.values).toMatchObject({ percent: 93.6, average: 124.8, nominal: 133.33, min: 95 });
    expect(render('en', hash.text!)).toBe(hash.words);
    expect(render('ru', hash.text!)).toContain('93,6 %');
    expect(render('es', hash.text!)).toContain('93,6 %');
    expect(render('zh-Hans', hash.text!)).toContain('93.6 %');
  });

  it('a firmware verdict: "still on 1.2.6 after the update"', () => {
    const before = { version: '1.2.6', mining: true };
    const words = versionProblem(before, '1.2.6', undefined)!;
    const text = versionProblemText(before, '1.2.6', undefined);
    expect(words).toBe('still on 1.2.6 after the update');
    expect(render('en', text!)).toBe(words);
    expectLocalised(text, words, ['1.2.6']);
    expect(render('ru', text!)).toBe('после обновления всё ещё на 1.2.6');
  });

  it('a Commission step that failed: the device’s line names the step and the write’s reason', () => {
    const entry = {
      deviceId: 'mac:01',
      address: 'http://10.0.0.1',
      steps: [
        { kind: 'password' as const, words: 'replace the factory password' },
        { kind: 'settings' as const, words: 'set pools' },
      ],
      detail: '',
    };
    const told: CommissionDevice[] = [];
    const input = {
      entries: [entry],
      targets: [],
      onDevice: (device: CommissionDevice) => told.push(device),
    } as unknown as CommissionRunInput;
    const run = createRunState(input);
    const result: WriteResult = {
      deviceId: 'mac:01',
      address: 'http://10.0.0.1',
      outcome: 'unknown',
      message: 'unknown — check: no answer after 15 s',
      text: message('outcomes.write.unknownCheck', { why: 'no answer after 15 s' }),
    };
    run.fromResult('password', result);
    const device = told.at(-1)!;
    expect(device.message).toBe('replace the factory password: unknown — check: no answer after 15 s');
    expectLocalised(device.text, device.message, ['no answer after 15 s']);
    expect(render('ru', device.text!)).toBe('пароль: неизвестно — проверьте: no answer after 15 s');
    const [password, settings] = device.steps;
    expect(password?.text).toEqual(result.text);
    expect(settings?.message).toBe('not taken');
    expectLocalised(settings?.text, 'not taken', []);
  });

  it('an activity entry keeps its texts in the inventory, and a verdict its reason texts', async () => {
    const dataDir = tempDataDir('outcome-texts');
    const inventory = createInventoryServices({
      dataDir,
      laptop: 'laptop-a',
      app: { name: 'Minerdeck', version: '0' },
    });
    const site = await inventory.createSite({ name: 'Almaty 1', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const result: WriteResult = {
      deviceId: 'mac:01',
      address: 'http://10.0.0.1',
      outcome: 'done',
      message: 'preset 3200 set and read back; restart mining to run it',
      text: message('outcomes.write.presetSet', { preset: '3200', lost: '', restart: 'yes', untuned: 'no' }),
    };
    const recorded = await inventory.recordActivity({
      siteId: site.value.id,
      at: '2026-03-01T08:00:00.000Z',
      action: 'power-profile',
      what: 'preset 3200',
      devices: [activityDevice(result)],
    });
    expect(recorded.ok).toBe(true);
    const read = await inventory.activity(site.value.id);
    if (!read.ok) throw new Error(read.error.message);
    const [line] = read.value[0]!.devices;
    expect(line).toEqual({ ...result });
    expect(render('en', line!.text!)).toBe(result.message);
    expectLocalised(line!.text, result.message, ['3200']);
    expect(localText(createTranslator('es'), line!)).toBe(
      'preajuste 3200 configurado y verificado por lectura; reinicie la minería para usarlo',
    );

    const verdicts = createVerdictStore(inventory.store, 'laptop-a');
    const verdict = failingVerdict();
    expect((await verdicts.save(site.value.id, [verdict])).ok).toBe(true);
    const listed = await verdicts.list(site.value.id);
    if (!listed.ok) throw new Error(listed.error.message);
    const [kept] = listed.value.verdicts;
    expect(kept?.reasonTexts).toEqual(verdict.reasonTexts);
    expect(kept?.checks).toEqual(verdict.checks);
  });

  it('a pool URL’s login is cut from an entry’s texts as from its words', async () => {
    const inventory = createInventoryServices({
      dataDir: tempDataDir('outcome-texts-logins'),
      laptop: 'laptop-a',
      app: { name: 'Minerdeck', version: '0' },
    });
    const site = await inventory.createSite({ name: 'Hall 2', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const url = 'stratum+tcp://acct:hunter2@pool.example:3333';
    const result: WriteResult = {
      deviceId: 'mac:03',
      address: 'http://10.0.0.3',
      outcome: 'done',
      message: `pools set and read back (${url})`,
      text: message('outcomes.write.poolsSet', { pools: url, restart: 'no' }),
    };
    const at = '2026-03-01T08:00:00.000Z';
    const entry = { siteId: site.value.id, at, action: 'pools' as const, what: url };
    expect((await inventory.recordActivity({ ...entry, devices: [activityDevice(result)] })).ok).toBe(true);
    const read = await inventory.activity(site.value.id);
    if (!read.ok) throw new Error(read.error.message);
    const [line] = read.value[0]!.devices;
    expect(JSON.stringify(line)).not.toContain('hunter2');
    expect(render('ru', line!.text!)).toContain('pool.example:3333');
  });

  it('an older record without texts still loads, and reads in English', async () => {
    const inventory = createInventoryServices({
      dataDir: tempDataDir('outcome-texts-old'),
      laptop: 'laptop-a',
      app: { name: 'Minerdeck', version: '0' },
    });
    const site = await inventory.createSite({ name: 'Asunción 1', use: true });
    if (!site.ok) throw new Error(site.error.message);
    const old = {
      deviceId: 'mac:02',
      address: 'http://10.0.0.2',
      outcome: 'done' as const,
      message: 'pools set',
    };
    const at = '2026-03-01T08:00:00.000Z';
    const what = 'pools';
    expect(
      (await inventory.recordActivity({ siteId: site.value.id, at, action: 'pools', what, devices: [old] }))
        .ok,
    ).toBe(true);
    const read = await inventory.activity(site.value.id);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value[0]!.devices).toEqual([old]);
    expect(localText(createTranslator('ru'), read.value[0]!.devices[0]!)).toBe('pools set');
  });
});
