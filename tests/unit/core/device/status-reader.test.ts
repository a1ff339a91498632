import { describe, expect, it } from 'vitest';
import { readStatus, stateKind } from '../../../../electron/core/device/status-reader';
import { allFixtures, fixture } from './fakes/device-fixtures';
import { expectSound } from './fakes/reading-assertions';

const S21 = 'proto-fleet-s21pro-vnish1.2.7';
const S19 = 'tntvlad-har-s19-88-vnish1.2.6';
const summary = () => fixture(`summary.${S21}.json`);
const infoS21 = () => fixture(`info.${S21}.json`);
const statusAfter = () => fixture(`status-after-unlock.${S19}.json`);

describe('readStatus against every real payload', () => {
  const files = allFixtures();

  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
  });

  it.each(files.map((file) => [file.name, file.body] as const))('%s in every slot', (_name, body) => {
    expectSound(readStatus(body));
    expectSound(readStatus({}, body));
    expectSound(readStatus({}, undefined, body));
    expectSound(readStatus(body, body, body));
  });
});

describe('readStatus extractions', () => {
  it('reads a status after unlock', () => {
    const reading = readStatus(statusAfter());
    expect(reading.state).toEqual({ name: 'mining', kind: 'mining', sinceSeconds: 91 });
    expect(reading.unlocked).toBe(true);
    expect(reading.flags).toEqual({ restartRequired: false, rebootRequired: false, locateLed: false });
    expect(reading.extra).toEqual({});
    expect(reading.warnings).toEqual([]);
    expect(reading.hashRate).toBeUndefined();
    expect(reading).toMatchObject({ fans: [], pools: [], boards: [] });
  });

  it('keeps no login a pool url carries, whatever its scheme', () => {
    const body = summary() as { miner: { pools: { url: string }[] } };
    body.miner.pools[0]!.url = 'stratum2+tcp://acct:s3cr@t@stratum.braiins.com:3333';
    body.miner.pools[1]!.url = 'acct:s3cret@backup.example:443';
    const reading = readStatus(statusAfter(), body, infoS21());
    expect(reading.pools.map((p) => p.url)).toEqual([
      'stratum2+tcp://stratum.braiins.com:3333',
      'backup.example:443',
      'DevFee',
    ]);
  });

  it('tells whether the credentials were accepted before unlock', () => {
    expect(readStatus(fixture(`status-before-unlock.${S19}.json`)).unlocked).toBe(false);
  });

  it('reads the metrics of a summary, with the unit from info', () => {
    const reading = readStatus(statusAfter(), summary(), infoS21());
    expect(reading.warnings).toEqual([]);
    expect(reading.hashRate).toEqual({
      unit: 'GH/s',
      realtime: 173870.94,
      average: 174374.75,
      nominal: 196517.17,
    });
    expect(reading.chipTemp).toEqual({ min: 54, max: 65 });
    expect(reading.boardTemp).toEqual({ min: 39, max: 50 });
    expect(reading.powerW).toBe(2583);
    expect(reading.efficiency).toBe(14.812924);
    expect(reading.fans).toHaveLength(4);
    expect(reading.fans[0]).toEqual({ id: 0, rpm: 5880, maxRpm: 6500, status: 'ok' });
    expect(reading.pools).toHaveLength(3);
    expect(reading.pools[0]).toEqual({
      url: 'stratum.braiins.com:3333',
      user: 'proto_mining_sw_test_s21pro-12g',
      type: 'UserPool',
      status: 'active',
      accepted: 1599,
      rejected: 9,
    });
    // The firmware's own fee pool keeps its type, so it is shown as the firmware's (fee-pool.ts).
    expect(reading.pools[2]).toMatchObject({ url: 'DevFee', user: 'DevFee', type: 'DevFee' });
    expect(reading.boards).toHaveLength(3);
    expect(reading.boards[0]).toEqual({
      id: 1,
      hashRate: 60797.19,
      nominalHashRate: 65505.727,
      chipTemp: { min: 55, max: 65 },
      boardTemp: { min: 40, max: 50 },
      state: 'mining',
      powerW: 861,
      chipStatuses: { red: 0, orange: 6, grey: 59 },
    });
  });

  it('reads identity from info', () => {
    expect(readStatus(statusAfter(), undefined, infoS21()).identity).toEqual({
      model: 'Antminer S21 Pro',
      firmware: 'Vnish 1.2.7',
      mac: '02:95:23:B3:E0:79',
      hostname: 'Antminer',
      serial: 'N/A',
    });
    expect(readStatus({}, undefined, fixture(`info.${S19}.json`)).identity).toMatchObject({
      model: 'Antminer S19 (88)',
      firmware: 'Vnish 1.2.6',
      mac: '02:7A:A5:46:DD:4F',
    });
  });

  it('takes the state from summary.miner.miner_status when status has none', () => {
    expect(readStatus({}, summary()).state).toEqual({
      name: 'auto-tuning',
      kind: 'tuning',
      sinceSeconds: 4422,
    });
  });

  it('prefers the status state over the summary one', () => {
    expect(readStatus(statusAfter(), summary()).state.name).toBe('mining');
  });

  it('assumes GH/s without info, and keeps the unit info gives, even N/A', () => {
    expect(readStatus({}, summary()).hashRate?.unit).toBe('GH/s');
    expect(readStatus({}, summary(), { hr_measure: 'N/A' }).hashRate?.unit).toBe('N/A');
    expect(readStatus({}, summary(), { hr_measure: 'TH/s' }).hashRate?.unit).toBe('TH/s');
  });

  it('reads a failure with its description and code', () => {
    const reading = readStatus({
      miner_state: 'failure',
      description: 'fan lost',
      failure_code: 12,
      throttled: true,
    });
    expect(reading.state).toEqual({
      name: 'failure',
      kind: 'failure',
      description: 'fan lost',
      failureCode: 12,
    });
    expect(reading.flags.throttled).toBe(true);
  });

  it.each([
    ['mining', 'mining'],
    ['auto-tuning', 'tuning'],
    ['initializing', 'starting'],
    ['starting', 'starting'],
    ['restarting', 'starting'],
    ['stopped', 'stopped'],
    ['paused', 'stopped'],
    ['failure', 'failure'],
    ['Mining', 'mining'],
    ['hydro-flush', 'unknown'],
    ['constructor', 'unknown'],
    ['__proto__', 'unknown'],
  ])('state %s is of kind %s', (name, kind) => {
    expect(stateKind(name)).toBe(kind);
    expect(readStatus({ miner_state: name }).state).toMatchObject({ name, kind });
  });

  it('reads the flags', () => {
    const flags = readStatus({
      restart_required: true,
      reboot_required: true,
      find_miner: true,
      throttled: false,
    }).flags;
    expect(flags).toEqual({ restartRequired: true, rebootRequired: true, locateLed: true, throttled: false });
  });

  it('keeps unknown top-level fields in extra, including a field named __proto__', () => {
    const status = JSON.parse('{"miner_state":"mining","restart_count":3,"__proto__":{"x":1}}') as unknown;
    const reading = readStatus(status);
    expect(Object.keys(reading.extra).sort()).toEqual(['__proto__', 'restart_count']);
    expect(reading.extra.restart_count).toBe(3);
    expect(Object.getPrototypeOf(reading.extra)).toBe(Object.prototype);
  });

  it('warns about present fields of the wrong type instead of using them', () => {
    const reading = readStatus(
      { miner_state: 7, miner_state_time: '91', find_miner: 'yes', unlocked: 1 },
      {
        miner: {
          hr_realtime: '12',
          chip_temp: { min: 'hot', max: 70 },
          pools: [{ user: 'x' }, 3],
          cooling: [],
        },
      },
    );
    expect(reading.state).toEqual({ name: 'unknown', kind: 'unknown' });
    expect(reading.unlocked).toBeUndefined();
    expect(reading.flags.locateLed).toBe(false);
    expect(reading.hashRate).toBeUndefined();
    expect(reading.chipTemp).toEqual({ min: null, max: 70 });
    expect(reading.pools).toEqual([]);
    expect(reading.warnings).toEqual(
      expect.arrayContaining([
        'miner_state is a number, not a string',
        'miner_state_time is a string, not a number',
        'find_miner is a string, not true or false',
        'unlocked is a number, not true or false',
        'summary.miner.hr_realtime is a string, not a number',
        'summary.miner.chip_temp.min is a string, not a number',
        'summary.miner.pools[0].url is missing; pool skipped',
        'summary.miner.pools[1] is a number, not an object',
        'summary.miner.cooling is an array, not an object',
      ]),
    );
  });

  it('treats absent and null fields alike, without warnings', () => {
    const reading = readStatus({ miner_state: null, description: null }, { miner: null }, null);
    expect(reading.warnings).toEqual([]);
    expect(reading.state.name).toBe('unknown');
  });
});
