import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from './meta';
import { useT } from '../i18n/state';

/** The not-found page for every unknown path (and /404). */
export default function NotFound() {
  const t = useT();
  usePageMeta({ title: t('notFound.title') });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 72, md: 112 }, fontWeight: 900, backgroundImage: (t) => t.airdeck.textGradient, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent' }}>
        404
      </Typography>
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        {t('notFound.heading')}
      </Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('notFound.home')}
        </Button>
      </Box>
    </Container>
  );
}
