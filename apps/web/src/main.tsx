import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { loadSite } from './lib/site';
import { setupI18n } from './i18n';
import { App, boot } from './app/App';
import { routerReady } from './app/router';
import { firstScreenPainted } from './features/home/firstScreen';

async function start() {
  const site = await loadSite();
  // The first page's code and data start loading now, in parallel with the texts of the language.
  const app = boot();
  await setupI18n(site.language);
  // The first render is the landed page with its data: no empty frame or spinner between the page's shell and it.
  await routerReady(app.router);
  // The store home's server-drawn first screen is painted before the app renders over it.
  await firstScreenPainted();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App {...app} />
      </StrictMode>,
    ),
  );
}

void start();
