import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { buildMuiTheme } from '../ui/theme';
import { Toaster } from '../ui/toast';
import { StudioServices } from '../studio/StudioServices';
import { themeKeyAtom } from './atoms';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

/** The root: theme, server-state cache, session, the one toast outlet and the router. */
export function App() {
  const themeKey = useAtomValue(themeKeyAtom);
  const theme = useMemo(() => buildMuiTheme(themeKey), [themeKey]);
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AuthProvider>
          <RouterProvider router={router} />
          <StudioServices navigate={(route) => void router.navigate(route)} />
        </AuthProvider>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
