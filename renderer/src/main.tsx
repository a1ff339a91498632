/**
 * Renderer entry: builds the store with the real window.api once, loads the window's language (bounded:
 * start-language.ts), then renders the shell — so the first paint is already in that language.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SOURCE_LOCALE } from '../../shared/i18n/locales';
import { AppShell } from './app/app-shell';
import { I18nProvider } from './i18n/i18n-provider';
import { startLanguage } from './i18n/start-language';
import { getApi } from './lib/api';
import { createRootStore, StoreProvider } from './stores/root-store';
import './styles.css';
import './components/shared.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element.');

const api = getApi();
const store = createRootStore({ api });

// Whatever goes wrong choosing the language, the window opens (in English).
const starting = startLanguage({ api, preferred: navigator.languages }).catch(() => SOURCE_LOCALE);

void starting.then((initial) => {
  createRoot(container).render(
    <StrictMode>
      <StoreProvider store={store}>
        <I18nProvider initial={initial}>
          <AppShell />
        </I18nProvider>
      </StoreProvider>
    </StrictMode>,
  );
});
