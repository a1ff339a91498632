/**
 * The small site the report's unit tests build their reports for: "Hall 1", no subnets, its password in
 * the keychain, created at `HALL_AT` (08:00 UTC on 1 March 2026, the time their devices are seen at).
 */
import type { Site } from '../../shared/domain/inventory';

export const HALL_AT = '2026-03-01T08:00:00.000Z';

/** The site, under another name where the test checks how a name is written out. */
export function hallSite(name = 'Hall 1'): Site {
  return {
    id: 'hall-1',
    name,
    subnets: [],
    passwordRef: 'site/hall-1/password',
    createdAt: HALL_AT,
    updatedAt: HALL_AT,
  };
}
