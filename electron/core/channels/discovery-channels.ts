/** The `discovery:*` channels over the discovery service (see shared/ipc/channels/discovery.ts). */
import { message } from '../../../shared/i18n/message';
import type { Handlers } from '../../../shared/ipc/contract';
import { errWithText, ok } from '../../../shared/result';
import type { DiscoveryService } from '../discovery/discovery-service';

type DiscoveryHandlers = Pick<
  Handlers,
  'discovery:suggest' | 'discovery:check' | 'discovery:start' | 'discovery:cancel'
>;

export function discoveryHandlers(discovery: DiscoveryService): DiscoveryHandlers {
  return {
    'discovery:suggest': async () => ok(discovery.suggest()),
    'discovery:check': async ({ targets }) => discovery.check(targets),
    'discovery:start': async (request) => discovery.start(request),
    'discovery:cancel': async ({ scanId }) =>
      discovery.cancel(scanId)
        ? ok({ cancelled: true })
        : errWithText(
            'NOT_FOUND',
            'That scan is not running any more.',
            message('errors.discovery.scanGone'),
          ),
  };
}
