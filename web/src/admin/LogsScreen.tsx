import { Box, Typography } from '@mui/material';
import { OutstandingBookings } from '../schedule/admin/OutstandingBookings';

/** The Logs screen: the Outstanding Bookings card (the activity log list arrives with the staff-workflows work). */
export default function LogsScreen() {
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Logs
      </Typography>
      <OutstandingBookings />
    </Box>
  );
}
