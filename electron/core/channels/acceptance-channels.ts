/**
 * The acceptance channels over the app's acceptance service: start a run over the selected fleet devices,
 * cancel it, read the run going on (a reloaded window), and the current site's kept verdicts.
 */
import type { Handlers } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { AcceptanceService } from '../acceptance/acceptance-service';
import { withService } from './service-guard';

type AcceptanceHandlers = Pick<
  Handlers,
  'acceptance:start' | 'acceptance:cancel' | 'acceptance:run' | 'acceptance:verdicts'
>;

const NAME = 'Acceptance';

export function acceptanceHandlers(acceptance: AcceptanceService | undefined): AcceptanceHandlers {
  return {
    'acceptance:start': ({ deviceIds, criteria }) =>
      withService(acceptance, NAME, async (service) => service.start(deviceIds, criteria)),
    'acceptance:cancel': () =>
      withService(acceptance, NAME, async (service) => ok({ cancelled: service.cancel() })),
    'acceptance:run': () => withService(acceptance, NAME, async (service) => ok(service.current())),
    'acceptance:verdicts': () => withService(acceptance, NAME, (service) => service.kept()),
  };
}
