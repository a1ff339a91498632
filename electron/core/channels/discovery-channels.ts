/** The `discovery:*` channels over the discovery service (see shared/ipc/channels/discovery.ts). */
import type { Handlers } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { DiscoveryService } from '../discovery/discovery-service';
import { withService } from './service-guard';

type DiscoveryHandlers = Pick<
  Handlers,
  'discovery:suggest' | 'discovery:check' | 'discovery:start' | 'discovery:cancel'
>;

export function discoveryHandlers(discovery: DiscoveryService | undefined): DiscoveryHandlers {
  const use = <T>(run: (d: DiscoveryService) => Promise<Result<T>>): Promise<Result<T>> =>
    withService(discovery, 'Discovery', run);
  return {
    'discovery:suggest': () => use(async (d) => ok(d.suggest())),
    'discovery:check': ({ targets }) => use(async (d) => d.check(targets)),
    'discovery:start': (request) => use(async (d) => d.start(request)),
    'discovery:cancel': ({ scanId }) =>
      use(async (d) =>
        d.cancel(scanId) ? ok({ cancelled: true }) : err('NOT_FOUND', 'That scan is not running any more.'),
      ),
  };
}
