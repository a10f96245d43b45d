import { Box, Typography } from '@mui/material';
import { Route, Routes } from 'react-router';
import { usePageMeta } from '../app/meta';
import { CreateBooking, EditShow, OutstandingBookings, ScheduleOverview, ShowManagement } from '../schedule/admin';

/**
 * The staff panel (its own chunk: listeners never download it).
 * Until the admin layout lands, the schedule's screens are routed here bare.
 */
export default function AdminApp() {
  usePageMeta({ title: 'Presenter Panel' });
  return (
    <Routes>
      <Route path="shows" element={<ShowManagement />} />
      <Route path="shows/new" element={<CreateBooking />} />
      <Route path="shows/:id/edit" element={<EditShow />} />
      <Route path="schedule" element={<ScheduleOverview />} />
      <Route
        path="logs"
        element={
          <Box sx={{ p: 3, maxWidth: 900 }}>
            <OutstandingBookings />
          </Box>
        }
      />
      <Route
        path="*"
        element={
          <Box sx={{ p: 4 }}>
            <Typography variant="h4" component="h1">
              Presenter Panel
            </Typography>
          </Box>
        }
      />
    </Routes>
  );
}
