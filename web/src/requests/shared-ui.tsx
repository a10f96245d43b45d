import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError } from '../app/api';

/** The heading block of a request page: an h1 and one line of introduction. */
export function PageHeader({ title, intro, icon }: { title: string; intro: ReactNode; icon?: ReactNode }) {
  return (
    <Box sx={{ mb: { xs: 3, md: 4 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        {icon}
        <Box component="span" sx={{ backgroundImage: (t) => t.airdeck.textGradient, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent' }}>
          {title}
        </Box>
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '1.05rem', maxWidth: 720 }}>
        {intro}
      </Typography>
    </Box>
  );
}

/**
 * The description of a failed send: the server's own words when it refused
 * for a reason the listener can act on (a field, a rule, a limit), else the
 * spec's general message.
 */
export function failureDescription(err: unknown, fallback: string): string {
  if (err instanceof ApiError && [400, 403, 409, 413, 429].includes(err.status)) return err.message;
  return fallback;
}
