/**
 * The acceptance channels over the app's acceptance service: start a run over the selected fleet devices,
 * cancel it, read the run going on (a reloaded window), and the current site's kept verdicts.
 */
import type { Handlers } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { AcceptanceService } from '../acceptance/acceptance-service';

type AcceptanceHandlers = Pick<
  Handlers,
  'acceptance:start' | 'acceptance:cancel' | 'acceptance:run' | 'acceptance:verdicts'
>;

export function acceptanceHandlers(acceptance: AcceptanceService): AcceptanceHandlers {
  return {
    'acceptance:start': async ({ deviceIds, criteria }) => acceptance.start(deviceIds, criteria),
    'acceptance:cancel': async () => ok({ cancelled: acceptance.cancel() }),
    'acceptance:run': async () => ok(acceptance.current()),
    'acceptance:verdicts': () => acceptance.kept(),
  };
}
