/** Worker-name templates (shared/domain/worker-template.ts) and a request's pools (shared/domain/pools.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPools, describePools, sameUrl } from '../../../shared/domain/pools';
import type { WorkerTemplate } from '../../../shared/domain/worker-template';
import {
  parseWorkerTemplate,
  planWorkers,
  renderWorker,
  WORKER_PLACEHOLDERS,
  workerValues,
} from '../../../shared/domain/worker-template';

const template = (source: string): WorkerTemplate => {
  const parsed = parseWorkerTemplate(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.template;
};

const FACTS = {
  mac: 'a1:b2:c3:d4:e5:f6',
  host: '10.0.3.57',
  serial: 'SN123',
  hostname: 'miner-57',
  label: 'R3-S12',
  site: 'hall-7',
};

describe('worker templates', () => {
  it('fills every placeholder from what the device says, its address, the inventory and the site', () => {
    const values = workerValues(FACTS);
    expect(values).toEqual({
      mac: 'A1B2C3D4E5F6',
      mac6: 'D4E5F6',
      ip: '10.0.3.57',
      ip3: '3',
      ip4: '57',
      serial: 'SN123',
      hostname: 'miner-57',
      label: 'R3-S12',
      site: 'hall-7',
    });
    const all = WORKER_PLACEHOLDERS.map((p) => `{${p}}`).join('_');
    expect(renderWorker(template(`acct.${all}`), values)).toEqual({
      ok: true,
      worker: 'acct.A1B2C3D4E5F6_D4E5F6_10.0.3.57_3_57_SN123_miner-57_R3-S12_hall-7',
    });
  });

  it('an unknown placeholder is an error naming each one, with the known ones', () => {
    const parsed = parseWorkerTemplate('acct.{mac6}.{rack}.{Mac}.{rack}');
    expect(parsed).toEqual({
      ok: false,
      message: expect.stringMatching(/^unknown placeholders \{rack\}, \{Mac\} in .*known: \{mac\}, \{mac6\}/),
    });
  });

  it.each([
    ['a stray opening brace', 'acct.{mac6'],
    ['a stray closing brace', 'acct.mac6}'],
    ['nested braces', 'acct.{{mac6}}'],
  ])('%s is an error', (_what, source) => {
    expect(parseWorkerTemplate(source)).toEqual({
      ok: false,
      message: expect.stringMatching(/without its pair/),
    });
  });

  it('an empty template is an error; plain text is a template without placeholders', () => {
    expect(parseWorkerTemplate('  ')).toEqual({ ok: false, message: 'the worker is empty' });
    expect(renderWorker(template('acct.rig'), {})).toEqual({ ok: true, worker: 'acct.rig' });
  });

  it('a value the device lacks gives none: a MAC placeholder text, a host name instead of an IPv4, blanks', () => {
    expect(workerValues({ mac: 'N/A', host: 'miner-1.local', serial: ' ', label: '' })).toEqual({});
    // Older firmware sends "N/A" for a serial it cannot read: not a serial two devices could share.
    expect(workerValues({ serial: 'N/A', hostname: 'unknown' })).toEqual({});
    expect(workerValues({ mac: '00:00:00:00:00:00', host: '10.0.0.300' })).toEqual({});
    expect(renderWorker(template('{label}-{ip4}'), workerValues({ host: '10.0.0.9' }))).toEqual({
      ok: false,
      missing: ['label'],
    });
  });

  it('renders any placeholder sequence to its values in order (property)', () => {
    const values = workerValues(FACTS);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...WORKER_PLACEHOLDERS), fc.stringMatching(/^[a-z0-9._-]{1,4}$/)), {
          minLength: 1,
          maxLength: 8,
        }),
        (parts) => {
          const isPlaceholder = (p: string) => (WORKER_PLACEHOLDERS as readonly string[]).includes(p);
          const source = parts.map((p) => (isPlaceholder(p) ? `{${p}}` : p)).join('');
          const expected = parts
            .map((p) => (isPlaceholder(p) ? values[p as keyof typeof values] : p))
            .join('');
          expect(renderWorker(template(source), values)).toEqual({ ok: true, worker: expected });
        },
      ),
    );
  });
});

describe('workers across a selection', () => {
  const device = (key: string, facts: Parameters<typeof workerValues>[0]) => ({
    key,
    label: `http://${facts.host ?? key}`,
    values: workerValues(facts),
  });

  it('gives each device its workers, one per pool, in order', () => {
    const plans = planWorkers(
      [template('acct.{mac6}'), template('backup.{ip3}x{ip4}')],
      [device('a', FACTS), device('b', { ...FACTS, mac: 'a1:b2:c3:00:00:01', host: '10.0.3.58' })],
    );
    expect(plans.get('a')).toEqual({ ok: true, workers: ['acct.D4E5F6', 'backup.3x57'] });
    expect(plans.get('b')).toEqual({ ok: true, workers: ['acct.000001', 'backup.3x58'] });
  });

  it('flags a device missing a value, naming the placeholder and the pool; the others are unaffected', () => {
    const plans = planWorkers(
      [template('acct.{mac6}'), template('acct.{label}')],
      [device('a', FACTS), device('b', { ...FACTS, mac: 'a1:b2:c3:00:00:02', label: null })],
    );
    expect(plans.get('a')?.ok).toBe(true);
    expect(plans.get('b')).toEqual({
      ok: false,
      problem: `no value for {label} on this device (pool 2's worker "acct.{label}")`,
    });
  });

  it('flags every device sharing a worker in the same pool, naming the others', () => {
    const same = { ...FACTS, label: 'R1' };
    const plans = planWorkers(
      [template('acct.{label}')],
      [
        device('a', { ...same, host: '10.0.0.1' }),
        device('b', { ...same, host: '10.0.0.2' }),
        device('c', { ...FACTS, host: '10.0.0.3' }),
      ],
    );
    expect(plans.get('a')).toEqual({
      ok: false,
      problem: `pool 1's worker "acct.{label}" gives "acct.R1" here and on http://10.0.0.2: each device needs its own worker`,
    });
    expect(plans.get('b')).toMatchObject({ ok: false, problem: expect.stringContaining('http://10.0.0.1') });
    expect(plans.get('c')).toEqual({ ok: true, workers: ['acct.R3-S12'] });
  });

  it('a template without placeholders is a duplicate on two devices, fine on one', () => {
    const fixed = [template('acct.rig')];
    expect(planWorkers(fixed, [device('a', FACTS)]).get('a')).toEqual({ ok: true, workers: ['acct.rig'] });
    const two = planWorkers(fixed, [device('a', FACTS), device('b', FACTS)]);
    expect([two.get('a')?.ok, two.get('b')?.ok]).toEqual([false, false]);
  });

  it('a worker with a space (from a label) is flagged: pools refuse it', () => {
    const plans = planWorkers([template('acct.{label}')], [device('a', { ...FACTS, label: 'Rack 3' })]);
    expect(plans.get('a')).toEqual({
      ok: false,
      problem: expect.stringMatching(/comes out as "acct.Rack 3", with a space/),
    });
  });
});

describe('a request’s pools', () => {
  const pool = (url: string, worker = 'acct.{mac6}', password = 'x') => ({ url, worker, password });

  it('takes one to three pools with a url and a valid template each', () => {
    const checked = checkPools([pool(' stratum+tcp://a:3333 '), pool('b:3333', ' w.{ip4} ', '')]);
    expect(checked.ok && checked.value.pools).toEqual([
      pool('stratum+tcp://a:3333'),
      pool('b:3333', 'w.{ip4}', ''),
    ]);
  });

  it.each([
    ['none', [], /at least one pool/],
    ['four', [pool('a'), pool('b'), pool('c'), pool('d')], /at most 3 pools, not 4/],
    ['no url', [pool('a:3333'), pool(' ')], /^pool 2: give the pool's URL \(stratum\+tcp:\/\/host:port\)\.$/],
    ['a url with a space', [pool('a b:3333')], /^pool 1 URL "a b:3333": a URL has no spaces or commas\.$/],
    ['an http url', [pool('http://pool:3333')], /^pool 1 URL "http:\/\/pool:3333": a pool URL starts with/],
    ['a port of 99999', [pool('pool:99999')], /^pool 1 URL "pool:99999": port 99999 is out of range/],
    // Quoted without the login: an error message is shown and logged.
    [
      'a login',
      [pool('stratum+tcp://me:s3cret@pool:3333')],
      /^pool 1 URL "stratum\+tcp:\/\/pool:3333": a pool URL takes no login/,
    ],
    ['an unknown placeholder', [pool('a:1', 'acct.{rack}')], /pool 1: unknown placeholder \{rack\}/],
    ['no worker', [pool('a:1', '')], /pool 1: the worker is empty/],
  ])('refuses %s', (_what, pools, message) => {
    const checked = checkPools(pools);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.error.message).toMatch(message);
  });

  it('describes pools without their passwords or logins; stratum+tcp:// is optional when comparing urls', () => {
    const text = describePools([pool('a:1', 'w.{mac6}', 'secret-pool-pw'), pool('b:2', 'v', '')]);
    expect(text).toBe('pool 1 a:1 worker w.{mac6}; pool 2 b:2 worker v');
    // A preset saved before urls were checked may hold a login: the activity log never does.
    expect(describePools([pool('stratum2+tcp://me:s3cret@a:1', 'w')])).toBe(
      'pool 1 stratum2+tcp://a:1 worker w',
    );
    expect(sameUrl('stratum+tcp://a:3333', 'a:3333')).toBe(true);
    expect(sameUrl('a:3333', 'a:3334')).toBe(false);
  });
});
