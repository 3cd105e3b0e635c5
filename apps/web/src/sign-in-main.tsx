// The sign-in document's entry (sign-in.html): the sign-in and registration pages without the
// app's router and query library. The same boot as main.tsx, in the same order.
import './lib/zod-jitless';
import './lib/color-mode/color-mode-boot';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followSessionChanges, signInView } from './app/sign-in/sign-in-view';
import { i18nReady } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('sign-in.html has no #root element');

// The session read and the page's texts start while the common texts load.
const [view] = await Promise.all([signInView(window.location), i18nReady]);
if (view) {
  createRoot(container).render(<StrictMode>{view}</StrictMode>);
  followSessionChanges(window.location);
}
registerServiceWorker();
