import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element');

const router = createAppRouter();
const root = createRoot(container);

// A Spanish-speaking user's texts arrive first, so the app never flashes English at them.
void i18nReady.then(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
