/** Renderer entry: builds the store with the real window.api once, then renders the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { I18nProvider } from './i18n/i18n-provider';
import { getApi } from './lib/api';
import { createRootStore, StoreProvider } from './stores/root-store';
import './styles.css';
import './components/shared.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element.');

const store = createRootStore({ api: getApi() });

createRoot(container).render(
  <StrictMode>
    <StoreProvider store={store}>
      <I18nProvider>
        <AppShell />
      </I18nProvider>
    </StoreProvider>
  </StrictMode>,
);
