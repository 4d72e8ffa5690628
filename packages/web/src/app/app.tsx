import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AlertProvider } from '../ui/alerts';
import { LinkExpiredHost } from '../features/account/link-expired';
import { PmDock } from '../features/pm/pm-dock';
import { AppRoutes } from './app-routes';
import { LiveSession } from './live-session';
import { PreferencesEffect } from './preferences-effect';
import { StartupLinks } from './startup-links';

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
          <PmDock />
        </BrowserRouter>
      </AlertProvider>
    </QueryClientProvider>
  );
}
