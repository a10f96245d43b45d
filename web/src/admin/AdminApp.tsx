import { Box, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';

// Content and settings screens (standalone until the admin layout wires them in).
const PagesAdmin = lazy(async () => ({ default: (await import('../content/admin')).PagesAdmin }));
const SettingsPage = lazy(async () => ({ default: (await import('../settings/admin')).SettingsPage }));

function PanelHome() {
  usePageMeta({ title: 'Presenter Panel' });
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h4" component="h1">
        Presenter Panel
      </Typography>
    </Box>
  );
}

/** The staff panel (its own chunk: listeners never download it). */
export default function AdminApp() {
  return (
    <Box component="main" id="main">
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="pages" element={<PagesAdmin />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<PanelHome />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
