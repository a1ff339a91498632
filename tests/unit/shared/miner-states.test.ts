import { describe, expect, it } from 'vitest';
import { MINER_STATE_KINDS } from '../../../shared/domain/kinds';
import { minerStateLook, minerStateText } from '../../../shared/domain/miner-states';
import { readStatus, stateKind } from '../../../electron/core/device/status-reader';
import { readPollSummary } from '../../../electron/core/monitor/poll-summary';
import { readingReason } from '../../../electron/core/monitor/state-machine';
import { vendorEnum } from '../../support/vendor-spec';

// Read from the vendor's document, not copied: a state the vendor adds fails here until it has words.
const VENDOR_STATES = vendorEnum('MinerState');

describe('every state of the vendor MinerState enum', () => {
  it('is read from the vendor document (the enum of 1.2.6 has eight states)', () => {
    expect(VENDOR_STATES).toContain('shutting-down');
    expect(VENDOR_STATES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(VENDOR_STATES)('%s has a known kind and words', (state) => {
    const look = minerStateLook(state);
    expect(MINER_STATE_KINDS).toContain(look.kind);
    expect(look.kind).not.toBe('unknown');
    expect(look.words.trim().length).toBeGreaterThan(5);
    expect(look.words).not.toBe(minerStateLook('no-such-state').words);
  });

  it.each(VENDOR_STATES)(
    '%s reads with that kind in the full reading and in the per-poll summary',
    (state) => {
      const kind = minerStateLook(state).kind;
      expect(stateKind(state)).toBe(kind);
      expect(readStatus({ miner_state: state }).state).toMatchObject({ name: state, kind });
      expect(readPollSummary({ miner_state: state }, undefined, undefined).summary.minerKind).toBe(kind);
    },
  );
});

describe('miner state words', () => {
  it('shutting-down is a deliberate stop: no failure alert, no low hash-rate alert, no "unknown"', () => {
    expect(minerStateLook('shutting-down').kind).toBe('stopped');
    expect(minerStateText('shutting-down')).toBe(
      'shutting-down (mining is shutting down; hash rate falls to zero)',
    );
    expect(readingReason(readStatus({ miner_state: 'shutting-down' }))).toBe('device reports shutting-down');
  });

  it('ignores case and spaces at the ends; unknown words stay unknown, whatever their name', () => {
    expect(minerStateLook(' Auto-Tuning ').kind).toBe('tuning');
    for (const odd of ['Weird', 'constructor', '__proto__', 'toString', '']) {
      expect(minerStateLook(odd)).toEqual({ kind: 'unknown', words: 'a state this app does not know' });
    }
  });
});
