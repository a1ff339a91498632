/**
 * The renderer's only door to the rest of the app: `window.api`, exposed by the preload and typed from
 * the shared contract (type-only imports, so no zod code ships to the renderer).
 */
import type { Api } from '../../../shared/ipc/contract';
import { message } from '../../../shared/i18n/message';
import { englishTranslator } from '../../../shared/i18n/translate';
import { appError, withText } from '../../../shared/result';

declare global {
  interface Window {
    /** Set by the preload; absent when the page is opened outside Minerdeck (e.g. in a plain browser). */
    readonly api?: Api;
  }
}

const MISSING = message('common.app.noMainProcess');

/**
 * Without a preload the page still renders and says what is wrong instead of going blank: every channel
 * answers an INTERNAL Result and no event ever arrives.
 */
const unavailableApi = new Proxy({} as Api, {
  get: (_target, key) =>
    key === 'onEvent'
      ? () => () => undefined
      : () =>
          Promise.resolve({
            ok: false,
            error: withText(appError('INTERNAL', englishTranslator().t(MISSING)), MISSING),
          }),
});

export function getApi(): Api {
  return window.api ?? unavailableApi;
}
