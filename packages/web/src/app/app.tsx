import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AlertProvider } from '../ui/alerts';
import { LinkExpiredHost } from '../features/account/link-expired';
import { AppRoutes } from './app-routes';
import { LiveSession } from './live-session';
import { PreferencesEffect } from './preferences-effect';
import { StartupLinks } from './startup-links';
import { lazyScreen } from './lazy-screen';

// Members only, and it waits for the session anyway: its code comes beside that call, not in the
// lobby's first load (docs/web-weight.md).
const PmDock = lazyScreen(() => import('../features/pm/pm-dock'), 'PmDock');

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <BrowserRouter>
          <PreferencesEffect />
          <LiveSession />
          <StartupLinks />
          <AppRoutes />
          <LinkExpiredHost />
          <Suspense fallback={null}>
            <PmDock />
          </Suspense>
        </BrowserRouter>
      </AlertProvider>
    </QueryClientProvider>
  );
}
