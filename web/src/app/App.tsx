import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { buildMuiTheme } from '../ui/theme';
import { themeKeyAtom } from './atoms';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

/** The root: theme, server-state cache and router. */
export function App() {
  const themeKey = useAtomValue(themeKeyAtom);
  const theme = useMemo(() => buildMuiTheme(themeKey), [themeKey]);
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
