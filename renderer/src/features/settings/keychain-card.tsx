/** The keychain's state in plain words, and what to do when secrets cannot be kept. */
import type { ReactNode } from 'react';
import { madeText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

export function KeychainCard(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const keychain = useRootStore((s) => s.keychain);
  if (keychain.status !== 'ready') return null;
  const k = keychain.value;
  return (
    <section className={k.persistent ? 'card card-ok' : 'card card-warn'} aria-labelledby="keychain-title">
      <h3 id="keychain-title">
        {t('settings.keychain.title', { state: k.persistent ? 'working' : k.state })}
      </h3>
      {k.persistent ? (
        <p>{t('settings.keychain.persistent')}</p>
      ) : (
        <>
          <p>
            <strong>{t('settings.keychain.sessionOnlyLabel')}</strong> {t('settings.keychain.sessionOnly')}
          </p>
          {k.reason !== undefined && (
            <p className="field-hint">
              {t('settings.keychain.systemSaid', { reason: madeText(tr, k.reason, k.reasonText) })}
            </p>
          )}
          <p>
            <strong>{t('settings.keychain.whatToDoLabel')}</strong>{' '}
            {t('settings.keychain.advice', { advice: madeText(tr, k.advice, k.adviceText) })}
          </p>
        </>
      )}
    </section>
  );
}
