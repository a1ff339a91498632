/**
 * After a device action's write went out: numbers the device answered are checked before any time is
 * worked out from them, and nothing that fails afterwards loses what was sent — the device's outcome stays
 * what the device said, and the request's entry reaches the activity log. The real client, session
 * manager and vault over a scripted transport (no sockets), a fixed clock.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, WriteResult } from '../../../../shared/domain/commission';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import { ok } from '../../../../shared/result';
import { concludeAndRecord } from '../../../../electron/core/commission/action-bulk';
import type { DeviceActionOptions } from '../../../../electron/core/commission/device-action-services';
import { createDeviceActionServices } from '../../../../electron/core/commission/device-action-services';
import { DEFAULT_DISRUPTION_TIMING } from '../../../../electron/core/commission/disruption-timing';
import { createMemoryStore } from '../../../../electron/core/credentials/memory-store';
import type { SessionTarget } from '../../../../electron/core/credentials/session-target';
import { createSessionManager } from '../../../../electron/core/credentials/session-manager';
import { createVault } from '../../../../electron/core/credentials/vault';
import type { TransportRequest, TransportResponse } from '../../../../electron/core/device/http-exchange';
import { clientWithAnswer, KEY, reply } from '../device/fakes/recording-transport';

const NOW = Date.parse('2025-06-01T10:00:00.000Z');
const REBOOT = '/api/v1/system/reboot';
/** Valid by the vendor schema (an int64), and what a mock serving it answered. */
const HUGE_AFTER = 7301636182626752;

function address() {
  const parsed = parseDeviceAddress('127.0.0.1:8080');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

type Told = { deviceId: string; kind: string; untilMs: number };

/** Device-action services for one device with a stored API key, recording the log and what the monitor is told. */
async function setup(
  answer: (request: TransportRequest) => TransportResponse,
  extra: Partial<Pick<DeviceActionOptions, 'disruptions'>> = {},
) {
  const { client, transport } = clientWithAnswer(answer);
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const target: SessionTarget = { deviceId: 'dev-1', address: address() };
  await vault.setApiKey(target.deviceId, KEY, { description: 'test' });
  const log: Omit<ActivityEntry, 'id' | 'by'>[] = [];
  const told: Told[] = [];
  const actions = createDeviceActionServices({
    client,
    vault,
    sessions,
    now: () => new Date(NOW),
    inventory: {
      recordActivity: async (entry) => {
        log.push(entry);
        return ok({ ...entry, id: `a${log.length}`, by: 'laptop' });
      },
    },
    disruptions: {
      expectDisruption: (deviceId, kind, untilMs) => void told.push({ deviceId, kind, untilMs }),
    },
    ...extra,
  });
  const plan = await actions.planDeviceAction('reboot', [target]);
  const reboot = () => actions.reboot([target], { plan, siteId: 'hall' });
  return { actions, target, transport, log, told, reboot };
}

const rebootsSent = (transport: { calls: { request: TransportRequest }[] }) =>
  transport.calls.filter((c) => c.request.path === REBOOT).length;

/** The deadline of a reboot sent at NOW after the usual delay. */
const { defaultAfterSeconds, rebootBackMs, marginMs } = DEFAULT_DISRUPTION_TIMING;
const USUAL_UNTIL = NOW + defaultAfterSeconds * 1000 + rebootBackMs + marginMs;

describe('a reboot answer with an implausible delay', () => {
  it(`{"after": ${HUGE_AFTER}} is named and the usual 3 s counted: done, logged, the monitor told`, async () => {
    const { reboot, transport, log, told } = await setup(() => reply(200, { after: HUGE_AFTER }));
    const outcome = await reboot();
    expect(rebootsSent(transport)).toBe(1);
    expect(outcome.results).toEqual([
      expect.objectContaining({
        outcome: 'done',
        message: `rebooting: the device goes down shortly, back in a minute or two; it said it goes down in ${HUGE_AFTER} s (plausible: 0 to 10 min), which cannot be right: the usual 3 s is counted instead`,
      }),
    ]);
    expect(outcome.results[0]).not.toHaveProperty('after');
    expect(outcome.until).toBe(new Date(USUAL_UNTIL).toISOString());
    expect(told).toEqual([{ deviceId: 'dev-1', kind: 'rebooting', untilMs: USUAL_UNTIL }]);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'reboot',
        siteId: 'hall',
        until: new Date(USUAL_UNTIL).toISOString(),
        devices: [expect.objectContaining({ deviceId: 'dev-1', outcome: 'done' })],
      }),
    ]);
    expect(outcome.activity).toMatchObject({ id: 'a1' });
  });

  it.each([
    ['a negative delay', -5],
    ['eleven minutes', 660],
  ])('%s is implausible too; 10 minutes is still believed', async (_label, after) => {
    const odd = await setup(() => reply(200, { after }));
    const [result] = (await odd.reboot()).results;
    expect(result?.message).toContain(`it said it goes down in ${after} s (plausible: 0 to 10 min)`);
    const plausible = await setup(() => reply(200, { after: 600 }));
    const [believed] = (await plausible.reboot()).results;
    expect(believed).toMatchObject({
      after: 600,
      message: 'rebooting: the device goes down in 600 s, back in a minute or two',
    });
  });
});

describe('what fails after a write was sent loses nothing', () => {
  it('a monitor that fails when told: the reboot stays done, the failure is named, the entry is logged', async () => {
    const { reboot, log } = await setup(() => reply(200, { after: 3 }), {
      disruptions: {
        expectDisruption: () => {
          throw new RangeError('Invalid time value');
        },
      },
    });
    const outcome = await reboot();
    expect(outcome.results).toEqual([
      expect.objectContaining({
        outcome: 'done',
        after: 3,
        message:
          'rebooting: the device goes down in 3 s, back in a minute or two (then on this laptop: unexpected failure: Invalid time value)',
      }),
    ]);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'reboot',
        devices: [expect.objectContaining({ outcome: 'done' })],
      }),
    ]);
  });

  it('working out the outcome fails after the writes: the entry is written first, then the failure is thrown', async () => {
    const results: WriteResult[] = [
      { address: 'http://127.0.0.1:8080', deviceId: 'dev-1', outcome: 'done', message: 'rebooting' },
    ];
    const entries: Omit<ActivityEntry, 'id' | 'by'>[] = [];
    const concluded = concludeAndRecord(
      results,
      { siteId: 'hall', at: new Date(NOW).toISOString(), action: 'reboot', what: 'reboot' },
      () => ({ outcome: { results }, until: new Date(Number.MAX_VALUE).toISOString() }),
      async (entry) => {
        entries.push(entry);
        return {};
      },
    );
    await expect(concluded).rejects.toThrow('Invalid time value');
    expect(entries).toEqual([
      {
        siteId: 'hall',
        at: new Date(NOW).toISOString(),
        action: 'reboot',
        what: 'reboot',
        devices: [
          { deviceId: 'dev-1', address: 'http://127.0.0.1:8080', outcome: 'done', message: 'rebooting' },
        ],
      },
    ]);
  });

  it('an activity log that throws instead of answering is reported, the results kept', async () => {
    const results: WriteResult[] = [
      { address: 'http://127.0.0.1:8080', deviceId: 'dev-1', outcome: 'done', message: 'LED off' },
    ];
    const outcome = await concludeAndRecord(
      results,
      { siteId: 'hall', at: new Date(NOW).toISOString(), action: 'locate', what: 'locate LED off' },
      () => ({ outcome: { results } }),
      () => Promise.reject(new Error('disk full')),
    );
    expect(outcome).toEqual({ results, activityError: 'unexpected failure: disk full' });
  });
});
