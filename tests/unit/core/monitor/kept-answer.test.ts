import { describe, expect, it } from 'vitest';
import type { Answered } from '../../../../electron/core/monitor/poll-device';
import { KeptAnswer } from '../../../../electron/core/monitor/kept-answer';
import { readPollSummary } from '../../../../electron/core/monitor/poll-summary';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { allFixtures } from '../device/fakes/device-fixtures';

const S21 = 'proto-fleet-s21pro-vnish1.2.7';
const S19 = 'tntvlad-har-s19-88-vnish1.2.6';
const text = (name: string): string => {
  const found = allFixtures().find((file) => file.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found.text;
};
const SUMMARY = text(`summary.${S21}.json`);
const INFO = text(`info.${S21}.json`);
const STATUS = JSON.parse(text(`status-after-unlock.${S19}.json`)) as unknown;

/** Parsed as the client parses a body (a byte-order mark is not JSON). */
const parse = (body: string): unknown => JSON.parse(body.replace(/^\uFEFF/, ''));

/** An answer as the poller builds it: bodies parsed from `texts`, with their bytes unless `noBytes`. */
function answer(texts: { summary?: string; info?: string; reused?: boolean }, noBytes = false): Answered {
  const bytes = (body: string | undefined) =>
    body === undefined || noBytes ? undefined : Buffer.from(body, 'utf8');
  return {
    ok: true,
    status: STATUS,
    summaryReused: texts.reused === true,
    credential: 'token',
    notes: [],
    ...(texts.summary !== undefined
      ? { summary: parse(texts.summary), summaryBytes: bytes(texts.summary) }
      : {}),
    ...(texts.info !== undefined ? { info: parse(texts.info), infoBytes: bytes(texts.info) } : {}),
  };
}

/** The same summary with its hash rates said in another unit. */
const inTerahashes = (info: string): string => {
  const body = JSON.parse(info) as Record<string, unknown>;
  return JSON.stringify({ ...body, hr_measure: 'TH/s' });
};

describe('kept answer', () => {
  it('keeps /summary and /info as bytes while the device is open, and gives them back parsed as the device sent them', () => {
    const kept = new KeptAnswer(() => false);
    kept.take(answer({ summary: SUMMARY, info: INFO }), 1000, true);
    expect(kept.raw()).toEqual({
      status: STATUS,
      summary: JSON.parse(SUMMARY),
      info: JSON.parse(INFO),
      at: 1000,
    });
    // Kept bytes: a new object at every look, not the one the poll parsed.
    expect(kept.raw().summary).not.toBe(kept.raw().summary);
  });

  it('gives back each new body exactly, shorter or longer than the one before it', () => {
    const kept = new KeptAnswer(() => false);
    const short = JSON.stringify({ miner: { hr_realtime: 1 } });
    const longer = JSON.stringify({ miner: { hr_realtime: 2, note: 'x'.repeat(SUMMARY.length * 2) } });
    for (const body of [SUMMARY, short, SUMMARY, longer, short]) {
      kept.take(answer({ summary: body }), 1, true);
      expect(kept.raw().summary).toEqual(JSON.parse(body));
    }
  });

  it('reads a body whose bytes start with a byte-order mark', () => {
    const kept = new KeptAnswer(() => false);
    kept.take(answer({ summary: `\uFEFF${SUMMARY}` }), 1, true);
    expect(kept.raw().summary).toEqual(JSON.parse(SUMMARY));
  });

  it('a poll that did not read /summary shows its /status on what the last summary said', () => {
    const kept = new KeptAnswer(() => false);
    const first = kept.take(answer({ summary: SUMMARY, info: INFO }), 1, true);
    const second = kept.take(answer({ reused: true }), 2, true);
    expect(second).toEqual(readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(INFO)));
    expect(second).toEqual(first);
    expect(kept.raw().summary).toEqual(JSON.parse(SUMMARY));
  });

  it('a new /info under a kept summary reads it again in the new hash-rate unit', () => {
    const kept = new KeptAnswer(() => false);
    kept.take(answer({ summary: SUMMARY, info: INFO }), 1, true);
    const other = inTerahashes(INFO);
    const reading = kept.take(answer({ reused: true, info: other }), 2, true);
    expect(reading).toEqual(readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(other)));
    expect(reading.summary.hashRate).not.toEqual(
      readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(INFO)).summary.hashRate,
    );
  });

  it('/info read in the same poll as /summary gives the unit of that summary', () => {
    const kept = new KeptAnswer(() => false);
    const reading = kept.take(answer({ summary: SUMMARY, info: inTerahashes(INFO) }), 1, true);
    expect(reading).toEqual(readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(inTerahashes(INFO))));
  });

  it('a summary that could not be read this time leaves no numbers and no summary body', () => {
    const kept = new KeptAnswer(() => false);
    kept.take(answer({ summary: SUMMARY, info: INFO }), 1, true);
    const reading = kept.take(answer({}), 2, true);
    expect(reading).toEqual(readPollSummary(STATUS, undefined, JSON.parse(INFO)));
    expect(reading.summary.hashRate).toBeUndefined();
    expect(kept.raw().summary).toBeUndefined();
    expect(kept.raw().info).toEqual(JSON.parse(INFO));
  });

  it('keeps the parsed bodies, the very objects, when a listener takes every poll (and only then)', () => {
    const listened = new KeptAnswer(() => true);
    const first = answer({ summary: SUMMARY, info: INFO });
    listened.take(first, 1, true);
    listened.take(answer({ reused: true }), 2, true);
    expect(listened.summaryForListener).toBe(first.summary);
    expect(listened.infoForListener).toBe(first.info);
    expect(listened.raw().summary).toBe(first.summary);

    const quiet = new KeptAnswer(() => false);
    quiet.take(answer({ summary: SUMMARY, info: INFO }), 1, true);
    expect(quiet.summaryForListener).toBeUndefined();
    expect(quiet.infoForListener).toBeUndefined();
  });

  it('keeps the parsed bodies of a client that did not hand over their bytes', () => {
    const kept = new KeptAnswer(() => false);
    const first = answer({ summary: SUMMARY, info: INFO }, true);
    kept.take(first, 1, true);
    expect(kept.raw().summary).toBe(first.summary);
    expect(kept.raw().info).toBe(first.info);
  });

  it('keeps the reading it has while polls say the same, and makes a new one when anything changes', () => {
    // The record holds a poll's reading for an interval: replaced by an equal one at every poll, each old
    // one is old-generation garbage (1,000 a second at 10,000 devices).
    const kept = new KeptAnswer(() => false);
    const first = kept.take(answer({ summary: SUMMARY, info: INFO }), 1, true);
    const same = kept.take(answer({ reused: true }), 2, true);
    expect(same).toBe(first);

    const changedState = {
      ...answer({ reused: true }),
      status: { ...(STATUS as object), miner_state: 'paused' },
    };
    const paused = kept.take(changedState, 3, true);
    expect(paused).not.toBe(first);
    expect(paused.state.name).toBe('paused');
    expect(paused).toEqual(readPollSummary(changedState.status, JSON.parse(SUMMARY), JSON.parse(INFO)));

    const flagged = { ...answer({ reused: true }), status: { ...(STATUS as object), reboot_required: true } };
    const withFlag = kept.take(flagged, 4, true);
    expect(withFlag.summary.flags).toEqual(['reboot-required']);
    expect(kept.take(flagged, 5, true)).toBe(withFlag);

    const body = JSON.parse(SUMMARY) as { miner: Record<string, unknown> };
    const faster = JSON.stringify({
      ...body,
      miner: { ...body.miner, hr_realtime: 1 + Number(body.miner.hr_realtime) },
    });
    const newNumbers = kept.take(answer({ summary: faster }), 6, true);
    expect(newNumbers).not.toBe(withFlag);
    expect(newNumbers.summary.hashRate).not.toBe(withFlag.summary.hashRate);
    expect(newNumbers).toEqual(readPollSummary(STATUS, JSON.parse(faster), JSON.parse(INFO)));
  });

  it('keeps no /summary of a device nobody has open, but its numbers, its pools and /info', () => {
    const kept = new KeptAnswer(() => false);
    const reading = kept.take(answer({ summary: SUMMARY, info: INFO }), 1, false);
    expect(reading).toEqual(readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(INFO)));
    expect(kept.summaryKept).toBe(false);
    expect(kept.raw()).toEqual({ status: STATUS, info: JSON.parse(INFO), at: 1 });
    expect(kept.lastPools).toEqual(
      readStatus(STATUS, JSON.parse(SUMMARY), JSON.parse(INFO)).pools.map(({ url, user, type }) => ({
        url,
        ...(user !== undefined ? { user } : {}),
        ...(type !== undefined ? { type } : {}),
      })),
    );
    expect(kept.lastPools?.length).toBeGreaterThan(0);
    expect(kept.identity()).toEqual(readStatus(STATUS, undefined, JSON.parse(INFO)).identity);
    // The poll between summaries still shows the summary's numbers.
    expect(kept.take(answer({ reused: true }), 2, false)).toBe(reading);

    // Opened: the next summary read is kept whole; closed again: the one after is dropped.
    kept.take(answer({ summary: SUMMARY }), 3, true);
    expect(kept.raw().summary).toEqual(JSON.parse(SUMMARY));
    kept.take(answer({ reused: true }), 4, false);
    expect(kept.summaryKept).toBe(true);
    kept.take(answer({ summary: SUMMARY }), 5, false);
    expect(kept.summaryKept).toBe(false);
  });

  it('a new hash-rate unit under a summary not kept drops its numbers until the next summary is read', () => {
    const kept = new KeptAnswer(() => false);
    kept.take(answer({ summary: SUMMARY, info: INFO }), 1, false);
    const other = inTerahashes(INFO);
    const same = kept.take(answer({ reused: true, info: INFO }), 2, false);
    expect(kept.summaryWanted).toBe(false);
    expect(same.summary.hashRate).toBeDefined();
    const dropped = kept.take(answer({ reused: true, info: other }), 3, false);
    expect(kept.summaryWanted).toBe(true);
    expect(dropped.summary.hashRate).toBeUndefined();
    const again = kept.take(answer({ summary: SUMMARY }), 4, false);
    expect(kept.summaryWanted).toBe(false);
    expect(again).toEqual(readPollSummary(STATUS, JSON.parse(SUMMARY), JSON.parse(other)));
  });

  it('follows a listener turned on and off: parsed bodies only while it listens', () => {
    let on = false;
    const kept = new KeptAnswer(() => on);
    kept.take(answer({ summary: SUMMARY, info: INFO }), 1, false);
    expect(kept.summaryKept).toBe(false);
    expect(kept.infoForListener).toBeUndefined();
    on = true;
    // Turned on between summaries: the kept /info is given parsed, the summary comes with the next read.
    expect(kept.infoForListener).toEqual(JSON.parse(INFO));
    const next = answer({ summary: SUMMARY });
    kept.take(next, 2, false);
    expect(kept.summaryForListener).toBe(next.summary);
    on = false;
    kept.take(answer({ summary: SUMMARY }), 3, false);
    expect(kept.summaryKept).toBe(false);
    expect(kept.summaryForListener).toBeUndefined();
  });
});
