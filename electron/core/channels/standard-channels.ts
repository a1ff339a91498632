/** The site standard's channels (shared/ipc/channels/standard.ts) over the app's standard desk. */
import type { standardChannels } from '../../../shared/ipc/channels/standard';
import type { HandlersOf } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { StandardDesk } from '../standard/standard-desk';
import { guarded } from './plain-message';

type StandardHandlers = HandlersOf<typeof standardChannels>;

export function standardHandlers(desk: StandardDesk): StandardHandlers {
  return {
    'standard:get': ({ site }) => guarded(() => desk.get(site)),
    'standard:set': (input) => guarded(() => desk.set(input)),
    'standard:drift': ({ deviceIds, refresh }) => guarded(() => desk.drift(deviceIds, refresh === true)),
    'standard:plan': ({ deviceIds, currentPassword }) => guarded(() => desk.plan(deviceIds, currentPassword)),
    'standard:commission': (input) => guarded(() => desk.commission(input)),
    'standard:run': async () => ok(desk.current()),
    'standard:cancel': async () => ok({ cancelled: desk.cancel() }),
  };
}
