import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { loadSite } from './lib/site';
import { setupI18n } from './i18n';
import { App } from './app/App';

async function start() {
  const site = await loadSite();
  await setupI18n(site.language);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
