import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { connectApiErrorHandling } from '../api/error-handling';
import { i18n } from '../i18n/i18n';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import { connectAppNavigation } from './app-navigation';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** The providers every page relies on: data fetching, translations, theme, then the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

  // The API error handling (spec/000 §8) works outside React: it needs the user and navigation.
  useEffect(() => connectApiErrorHandling(queryClient), [queryClient]);
  useEffect(() => connectAppNavigation((path, options) => router.navigate(path, options)), [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
