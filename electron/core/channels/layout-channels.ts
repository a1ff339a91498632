/**
 * The layout channels (shared/ipc/channels/layout.ts). PLACEHOLDER while issue 34 is built: the `layout`
 * engineer replaces every handler with the layout service's; nothing of this file may reach a release.
 */
import type { Handlers } from '../../../shared/ipc/contract';
import { layoutChannels } from '../../../shared/ipc/channels/layout';
import { err } from '../../../shared/result';

type LayoutHandlers = Pick<Handlers, keyof typeof layoutChannels>;

export function layoutHandlers(): LayoutHandlers {
  const notYet = async (): Promise<never> => err('INTERNAL', 'the site layout is being built') as never;
  return Object.fromEntries(Object.keys(layoutChannels).map((k) => [k, notYet])) as unknown as LayoutHandlers;
}
