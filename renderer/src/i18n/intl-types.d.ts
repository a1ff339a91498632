/** react-intl's message ids are the catalog's keys: a `t('…')` with a key no catalog has does not compile. */
import type { MessageId } from '../../../shared/i18n/catalogs';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
export {};
