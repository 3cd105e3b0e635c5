// Before any zod schema loads (see the file).
import './lib/zod-jitless';
// Next, so the colour mode is on <html> before anything renders (no inline script under CSP).
import './lib/color-mode/color-mode-boot';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadAccountSwitch } from './lib/account-storage/account-storage';
import { createAppRouter } from './app/router/create-app-router';
import { i18nReady } from './lib/i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { startVersionCheck } from './lib/version/version-check';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts its first navigation (session read, page chunk) while the texts load; the
// account switch, which a signed-in page's stores wait for, loads meanwhile too.
preloadAccountSwitch();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
await i18nReady;

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);

startVersionCheck();
// The app opens offline on the next load (docs/product.md#installable-app).
registerServiceWorker();
