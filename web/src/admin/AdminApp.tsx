import { Box, Typography } from '@mui/material';
import { usePageMeta } from '../app/meta';

/** The staff panel (its own chunk: listeners never download it). */
export default function AdminApp() {
  usePageMeta({ title: 'Presenter Panel' });
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h4" component="h1">
        Presenter Panel
      </Typography>
    </Box>
  );
}
