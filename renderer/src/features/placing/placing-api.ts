/**
 * The part of `window.api` the placing dialogs use (type-only: no zod reaches the window). The dialogs take
 * it as a prop with `getApi()` as the default, so component tests can hand in a fake.
 */
import type { Api } from '../../../../shared/ipc/contract';
import { getApi } from '../../lib/api';

export type PlacingApi = Pick<
  Api,
  | 'layout:get'
  | 'layout:match-label'
  | 'layout:place-preview'
  | 'layout:place'
  | 'layout:unplace'
  | 'layout:import-preview'
  | 'layout:import'
  | 'commission:locate'
  | 'onEvent'
>;

export function defaultPlacingApi(): PlacingApi {
  return getApi();
}
