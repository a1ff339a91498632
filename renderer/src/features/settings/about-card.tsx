/**
 * Settings → "About Minerdeck": the facts support asks first (version, where the data lives, whether the
 * keychain keeps secrets), the same as Help → About in the menu, and a button that opens the data folder
 * in the file manager. The menu bar is hidden until Alt is pressed on Windows and Linux, so this card is
 * where most technicians find it.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import './about-card.css';

export function AboutCard(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { about, requested, folder, openFolder } = useRootStore(
    useShallow((s) => ({
      about: s.about,
      requested: s.aboutRequested,
      folder: s.dataFolderOpen,
      openFolder: s.dataFolderOpened,
    })),
  );

  useEffect(() => {
    void requested();
  }, [requested]);

  if (about.status === 'error') {
    return (
      <section className="card" aria-labelledby="about-title">
        <h3 id="about-title">{t('settings.about.title', { name: 'Minerdeck' })}</h3>
        <p className="field-error">{errorText(tr, about.error)}</p>
      </section>
    );
  }
  if (about.status !== 'ready') return null;
  const info = about.value;
  return (
    <section className="card about-card" aria-labelledby="about-title">
      <h3 id="about-title">{t('settings.about.title', { name: info.name })}</h3>
      <dl className="about-facts">
        <dt>{t('settings.about.version')}</dt>
        <dd>{info.version}</dd>
        <dt>{t('settings.about.dataFolder')}</dt>
        <dd>
          <code>{info.dataDir}</code>
        </dd>
        <dt>{t('settings.about.keychain')}</dt>
        <dd>
          {info.keychain.state === 'unknown'
            ? t('settings.about.keychainUnknown')
            : info.keychain.persistent
              ? t('settings.about.keychainWorking')
              : t('settings.about.keychainSessionOnly', { state: info.keychain.state })}
        </dd>
      </dl>
      <p>
        <button
          type="button"
          className="button"
          disabled={folder.status === 'opening'}
          onClick={() => void openFolder()}
        >
          {t('settings.about.openFolder')}
        </button>
      </p>
      {folder.message !== undefined && (
        <p className={folder.status === 'error' ? 'field-error' : 'field-hint'} role="status">
          {folder.message}
        </p>
      )}
    </section>
  );
}
