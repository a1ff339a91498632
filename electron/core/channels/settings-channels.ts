/** The `settings:*` channels over the settings store (see shared/ipc/channels/settings.ts). */
import type { Handlers } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { SettingsStore } from '../settings/settings-store';

type SettingsHandlers = Pick<Handlers, 'settings:get' | 'settings:update'>;

export function settingsHandlers(settings: SettingsStore): SettingsHandlers {
  return {
    'settings:get': async () => ok(settings.current()),
    'settings:update': (patch) => settings.update(patch),
  };
}
