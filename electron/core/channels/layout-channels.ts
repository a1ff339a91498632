/**
 * The layout channels' implementation (shared/ipc/channels/layout.ts) over the layout service, spread
 * into `createHandlers`. Thin on purpose: every rule lives in the service, so the CLI and the app place
 * devices alike.
 */
import type { layoutChannels } from '../../../shared/ipc/channels/layout';
import type { HandlersOf } from '../../../shared/ipc/contract';
import type { LayoutService } from '../layout/layout-service';
import { guarded } from './plain-message';

type LayoutHandlers = HandlersOf<typeof layoutChannels>;

export function layoutHandlers(layout: LayoutService): LayoutHandlers {
  return {
    'layout:get': ({ siteId }) => guarded(() => layout.get(siteId)),
    'layout:save-rack': ({ siteId, rack }) => guarded(() => layout.saveRack(siteId, rack)),
    'layout:remove-rack': ({ siteId, rackId }) => guarded(() => layout.removeRack(siteId, rackId)),
    'layout:set-pattern': ({ siteId, pattern }) => guarded(() => layout.setPattern(siteId, pattern)),
    'layout:import-preview': ({ siteId, csv }) => guarded(() => layout.importPreview(siteId, csv)),
    'layout:import': ({ siteId, csv, acceptMoves }) =>
      guarded(() => layout.importApply(siteId, csv, acceptMoves)),
    'layout:export': ({ siteId }) => guarded(() => layout.exportCsv(siteId)),
    'layout:match-label': ({ siteId, label }) => guarded(() => layout.matchLabel(siteId, label)),
    'layout:place-preview': ({ siteId, items }) => guarded(() => layout.placePreview(siteId, items)),
    'layout:place': ({ siteId, items, acceptMoves }) =>
      guarded(() => layout.place(siteId, items, acceptMoves)),
    'layout:unplace': ({ siteId, deviceIds }) => guarded(() => layout.unplace(siteId, deviceIds)),
    'layout:read-notes': ({ siteId, deviceIds }) => guarded(() => layout.readNotes(siteId, deviceIds)),
    'layout:adopt-note': ({ siteId, deviceId }) => guarded(() => layout.adoptNote(siteId, deviceId)),
    'layout:slot-name': ({ siteId, slot }) => guarded(() => layout.slotName(siteId, slot)),
  };
}
