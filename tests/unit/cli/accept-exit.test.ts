/**
 * Exit codes with pending verdicts (issue 32): `accept` 0 all passed, 1 any failed, 3 none failed and some
 * pending; `commission` 3 when the only devices not at the standard have their acceptance pending.
 */
import { describe, expect, it } from 'vitest';
import type { AcceptanceVerdict } from '../../../shared/domain/acceptance';
import type { CommissionDevice } from '../../../shared/domain/standard';
import { tallyLine, verdictsExit } from '../../../electron/cli/accept-output';
import { commissionExitCode } from '../../../electron/cli/commands/commission';
import { ACCEPTANCE_PENDING_WORDS } from '../../../shared/domain/acceptance-words';

const verdict = (v: AcceptanceVerdict['verdict']) => ({ verdict: v }) as AcceptanceVerdict;

const device = (outcome: CommissionDevice['outcome'], acceptanceMessage?: string): CommissionDevice => ({
  deviceId: 'd',
  address: 'http://10.0.0.5',
  outcome,
  steps:
    acceptanceMessage === undefined
      ? []
      : [
          {
            kind: 'acceptance',
            words: 'acceptance (30 min)',
            outcome: 'unknown',
            message: acceptanceMessage,
          },
        ],
  ...(acceptanceMessage !== undefined ? { failedStep: 'acceptance' as const } : {}),
  message: '',
});

describe('exit codes with pending verdicts', () => {
  it('accept: 0, 1, 3', () => {
    expect(verdictsExit([verdict('pass'), verdict('pass')])).toBe(0);
    expect(verdictsExit([verdict('pass'), verdict('pending'), verdict('fail')])).toBe(1);
    expect(verdictsExit([verdict('pass'), verdict('pending')])).toBe(3);
    expect(tallyLine([verdict('pass'), verdict('pending'), verdict('fail')])).toBe(
      'Accepted 1 of 3 devices; 1 failed; 1 pending (not judged yet: accept them again later).',
    );
  });

  it('commission: 3 only when every device not at the standard is pending acceptance', () => {
    const pending = device(
      'unknown',
      `${ACCEPTANCE_PENDING_WORDS}still tuning after 15 min …; judge again later`,
    );
    expect(commissionExitCode([device('done'), device('unchanged')], false)).toBe(0);
    expect(commissionExitCode([device('done'), pending], false)).toBe(3);
    expect(commissionExitCode([pending, device('failed')], false)).toBe(1);
    expect(commissionExitCode([device('unknown', 'the write gave no clear answer')], false)).toBe(1);
    expect(commissionExitCode([pending], true)).toBe(130);
  });
});
