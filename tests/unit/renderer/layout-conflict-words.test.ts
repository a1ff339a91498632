/** A merged layout's conflicts in the words the Sites view shows (core's layout-merge.ts rules). */
import { describe, expect, it } from 'vitest';
import { conflictSentence } from '../../../renderer/src/features/sites/conflict-words';

describe('layout conflict words', () => {
  it('says which slot, rack size and pattern were kept, and why', () => {
    const base = { deviceId: 'mac:02:98:AF:00:00:12', address: 'http://10.0.0.42', kept: 'local' as const };
    expect(
      conflictSentence({ ...base, field: 'location', local: 'C2-R07-S5-P2', incoming: 'C2-R07-S1-P2' }),
    ).toBe(
      "http://10.0.0.42: the file puts it in C2-R07-S1-P2, here it is in C2-R07-S5-P2. Kept yours: a device's slot here is never moved by an import.",
    );
    expect(
      conflictSentence({
        deviceId: 'C2 / R07',
        address: 'C2 / R07',
        field: 'rack',
        local: '5 × 2',
        incoming: '4 × 3',
        kept: 'both',
      }),
    ).toBe(
      'Rack C2 / R07 has another size in the file (here 5 × 2, in the file 4 × 3). Kept the larger, so every device placed on either laptop fits.',
    );
    expect(
      conflictSentence({
        deviceId: 'slot pattern',
        address: 'slot pattern',
        field: 'rack',
        local: '{area}-{rack}-S{shelf}-P{position}',
        incoming: '{rack}.{shelf}.{position}',
        kept: 'local',
      }),
    ).toBe(
      'The slot pattern differs (here "{area}-{rack}-S{shelf}-P{position}", in the file "{rack}.{shelf}.{position}"). Kept yours.',
    );
  });
});
