import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { currencyFormat } from '@lantern/domain';
import { loadSite } from './lib/site';
import { prepareDateFormats } from './lib/dates';
import { setupI18n } from './i18n';
import { App, boot } from './app/App';
import { routerReady } from './app/router';
import { firstScreenPainted } from './features/home/firstScreen';

/**
 * Lets the browser run what waits (a frame, input) before the next step: the evaluation of the app's modules and
 * each start-up step then stand in tasks of their own, none long enough to block (docs/decisions/0059).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const site = await loadSite();
  // The first page's code and data start loading now, in parallel with the texts of the language.
  const app = boot();
  await nextTask();
  const { language } = await setupI18n(site.language);
  // A locale's first Intl formatter loads the locale's data (about 10 ms on a phone, 40 under Lighthouse's preset):
  // the price and day formatters the first render uses are made here, each in a task of its own, rather than
  // inside one slice of the render.
  await nextTask();
  currencyFormat(language, site.currency);
  await nextTask();
  prepareDateFormats(language);
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
