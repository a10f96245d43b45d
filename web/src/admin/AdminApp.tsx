import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useMemo, type ComponentType } from 'react';
import { lazyChunk } from '../ui/ChunkBoundary';
import { Link as RouterLink, Route, Routes } from 'react-router';
import { usePageMeta } from '../app/meta';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { AdminLayout } from './AdminLayout';
import { ADMIN_SCREENS, screenRoles, type AdminScreen } from './screens';
import { FirstRunRedirect } from '../settings/admin/FirstRunRedirect';

/** The owner's first-run setup (issue 17): owner only, reached by FirstRunRedirect on a station not set up yet. */
const FirstRunSetup = lazyChunk(() => import('../settings/admin/FirstRunSetup'));

/** A screen that is not built yet: a clear card, never a blank page. */
function ComingSoon({ title }: { title: string }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
          <ConstructionIcon aria-hidden color="primary" sx={{ fontSize: 36 }} />
          <Box>
            <Typography variant="h6" component="h2">
              Coming soon
            </Typography>
            <Typography color="text.secondary">This part of the staff panel is still being built. Everything else in the sidebar works as usual.</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

function NotFoundInPanel() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Oops! Page not found
      </Typography>
      <Button component={RouterLink} to="/admin" variant="contained">
        Back to the Dashboard
      </Button>
    </Box>
  );
}

/** One screen behind its route-table gate (001 §2), with its page title. */
function ScreenRoute({ screen, Component }: { screen: AdminScreen; Component: ComponentType | null }) {
  usePageMeta({ title: `${screen.title} · Presenter Panel` });
  return (
    <ProtectedRoute requiredRoles={screenRoles(screen.path)} {...(screen.denied ? { deniedText: screen.denied.text, deniedTitle: screen.denied.title } : {})}>
      {Component ? <Component /> : <ComingSoon title={screen.title} />}
    </ProtectedRoute>
  );
}

/**
 * The staff panel (its own chunk: listeners never download it). Everyone
 * signed in with panel access gets the layout; each screen has its own gate
 * from the route table, and screens are listed once in ./screens.
 */
export default function AdminApp() {
  const components = useMemo(() => new Map(ADMIN_SCREENS.map((s) => [s.path, s.load ? lazyChunk(s.load) : null])), []);
  return (
    <ProtectedRoute>
      <FirstRunRedirect />
      <Routes>
        <Route element={<AdminLayout />}>
          <Route
            path="setup"
            element={
              <ProtectedRoute requiredRoles={['owner']}>
                <FirstRunSetup />
              </ProtectedRoute>
            }
          />
          {ADMIN_SCREENS.map((s) => {
            const element = <ScreenRoute screen={s} Component={components.get(s.path) ?? null} />;
            return s.path === '/admin' ? <Route key={s.path} index element={element} /> : <Route key={s.path} path={s.path.replace(/^\/admin\//, '')} element={element} />;
          })}
          <Route path="*" element={<NotFoundInPanel />} />
        </Route>
      </Routes>
    </ProtectedRoute>
  );
}
