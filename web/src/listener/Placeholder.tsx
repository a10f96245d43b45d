import { Container, Typography } from '@mui/material';
import { usePageMeta } from '../app/meta';

/** A listener page whose content is still to come: heading and a short line, never a blank screen. */
export function ListenerPage({ title, intro }: { title: string; intro: string }) {
  usePageMeta({ title, description: intro });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
    </Container>
  );
}
