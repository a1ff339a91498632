/**
 * The one source of truth for renderer → main requests. Each channel names a zod schema for its input
 * and for its output; TypeScript types are inferred from them, so nothing is typed twice. Main validates
 * every input against `input` before a handler runs; the preload builds one `window.api` function per
 * channel from this map. Later capabilities only add entries here.
 */
import { z } from 'zod';
import type { Result } from '../result';
import { acceptanceChannels } from './channels/acceptance';
import { appChannels } from './channels/app';
import { commissionChannels } from './channels/commission';
import { credentialsChannels } from './channels/credentials';
import { discoveryChannels } from './channels/discovery';
import { filesChannels } from './channels/files';
import { firmwareChannels } from './channels/firmware';
import { inventoryChannels } from './channels/inventory';
import { layoutChannels } from './channels/layout';
import { metricsChannels } from './channels/metrics';
import { monitorChannels } from './channels/monitor';
import { powerChannels } from './channels/power';
import { settingsChannels } from './channels/settings';
import { siteSetupChannels } from './channels/site-setup';
import { standardChannels } from './channels/standard';
import { appErrorSchema } from './errors';
import type { AppEvent } from './events';

export { appErrorSchema } from './errors';

/** Wraps an output schema in the Result shape every channel answers with. */
export const resultOf = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** Versions of the runtime parts, e.g. `{ node: '22.x', electron: '45.x' }`. */
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const contract = {
  'app:info': { input: z.void(), output: appInfoSchema },
  ...appChannels,
  ...discoveryChannels,
  ...credentialsChannels,
  ...monitorChannels,
  ...settingsChannels,
  ...inventoryChannels,
  ...filesChannels,
  ...commissionChannels,
  ...siteSetupChannels,
  ...metricsChannels,
  ...acceptanceChannels,
  ...powerChannels,
  ...firmwareChannels,
  ...standardChannels,
  ...layoutChannels,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelInput<C extends Channel> = z.infer<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.infer<Contract[C]['output']>;
/** What `resultOf(output)` parses, written directly so it stays cheap for the compiler at many channels. */
export type ChannelResult<C extends Channel> = Result<ChannelOutput<C>>;

export const channels = Object.keys(contract) as Channel[];

/** Any channel map of the same shape; lets transports and their tests work with a contract of their own. */
export type ContractShape = Record<string, { input: z.ZodType; output: z.ZodType }>;

/**
 * What a transport serves: one async function per channel, called with input that has already passed the
 * channel's schema, answering a Result (never throwing on purpose). `createHandlers` in core builds one;
 * `electron/main/ipc` and the browser test harness carry it.
 */
export type HandlersOf<K extends ContractShape> = {
  [C in keyof K]: (input: z.output<K[C]['input']>) => Promise<Result<z.output<K[C]['output']>>>;
};
export type Handlers = HandlersOf<Contract>;

/** The prefix every request channel is sent on, so main can tell ours from anything else. */
export const REQUEST_PREFIX = 'minerdeck:request:';
export const EVENT_CHANNEL = 'minerdeck:event';

/**
 * What the renderer sees as `window.api`: one async function per channel (the argument is optional when
 * the input schema accepts `undefined`, e.g. `z.void()`) answering a Result, plus `onEvent`. Its listener
 * receives one whole batch per main-side flush (≤ 10 per second), not one call per event, so a
 * fleet-sized burst costs the renderer one store update.
 */
export type Api = {
  [C in Channel]: undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<ChannelResult<C>>
    : (input: ChannelInput<C>) => Promise<ChannelResult<C>>;
} & {
  onEvent: (listener: (events: readonly AppEvent[]) => void) => () => void;
};
