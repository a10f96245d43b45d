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
import type { MessageKey } from '../../../shared/i18n/format';
import { useT } from '../i18n/state';
import { useAccountText } from '../auth/texts';

/** The owner's first-run setup (issue 17): owner only, reached by FirstRunRedirect on a station not set up yet. */
const FirstRunSetup = lazyChunk(() => import('../settings/admin/FirstRunSetup'));

/** Each screen's title in the catalogue, by its path (./screens keeps the English); a screen not listed shows its English title. */
const SCREEN_KEYS: Record<string, MessageKey> = {
  '/admin': 'sidebar.item.dashboard',
  '/admin/on-air': 'sidebar.item.onAir',
  '/admin/shows': 'admin.screen.shows',
  '/admin/shows/new': 'admin.screen.createBooking',
  '/admin/shows/:id/edit': 'admin.screen.editShow',
  '/admin/rota': 'admin.screen.rota',
  '/admin/djs': 'sidebar.item.djs',
  '/admin/audience': 'sidebar.item.audience',
  '/admin/uptime': 'sidebar.item.uptime',
  '/admin/tracklists': 'admin.screen.tracklists',
  '/admin/listen-again': 'sidebar.item.listenAgain',
  '/admin/reports': 'sidebar.item.reports',
  '/admin/schedule': 'sidebar.item.schedule',
  '/admin/song-requests': 'sidebar.item.songRequests',
  '/admin/shoutout-requests': 'sidebar.item.shoutoutRequests',
  '/admin/general-requests': 'sidebar.item.generalRequests',
  '/admin/loa-requests': 'admin.screen.loaRequests',
  '/admin/request-loa': 'sidebar.item.requestLoa',
  '/admin/applications': 'sidebar.item.applications',
  '/admin/notifications': 'notifications.heading',
  '/admin/users': 'sidebar.item.users',
  '/admin/pages': 'sidebar.item.pages',
  '/admin/data-requests': 'sidebar.item.dataRequests',
  '/admin/logs': 'sidebar.item.logs',
  '/admin/settings': 'sidebar.item.settings',
};

/** A screen that is not built yet: a clear card, never a blank page. */
function ComingSoon({ title }: { title: string }) {
  const t = useT();
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
              {t('admin.comingSoon')}
            </Typography>
            <Typography color="text.secondary">{t('admin.comingSoonBody')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

function NotFoundInPanel() {
  const t = useT();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('notFound.heading')}
      </Typography>
      <Button component={RouterLink} to="/admin" variant="contained">
        {t('admin.backToDashboard')}
      </Button>
    </Box>
  );
}

/** One screen behind its route-table gate (001 §2), with its page title. */
function ScreenRoute({ screen, Component }: { screen: AdminScreen; Component: ComponentType | null }) {
  const t = useT();
  const text = useAccountText();
  const key = SCREEN_KEYS[screen.path];
  const title = key ? t(key) : screen.title;
  usePageMeta({ title: t('admin.pageTitle', { screen: title }) });
  const denied = screen.denied ? { deniedText: text(screen.denied.text), ...(screen.denied.title ? { deniedTitle: text(screen.denied.title) } : {}) } : {};
  return (
    <ProtectedRoute requiredRoles={screenRoles(screen.path)} {...denied}>
      {Component ? <Component /> : <ComingSoon title={title} />}
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
