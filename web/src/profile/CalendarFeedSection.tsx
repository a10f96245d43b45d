import type { FocusEvent } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useAuth } from '../auth/AuthProvider';
import { useT } from '../i18n/state';
import { getApiBase } from '../platform';
import { useToast } from '../ui/toast';

/**
 * The presenter's own calendar feed: the public iCalendar feed (`/api/public/schedule.ics`) filtered to their DJ
 * profile by its id (exact: a DJ whose name is inside another's gets only their own shows), as an https link to copy and as a webcal:// link calendar apps open as a subscription.
 */
export function presenterFeedUrls(presenterId: string, origin: string): { https: string; webcal: string } {
  const u = new URL('/api/public/schedule.ics', origin);
  u.searchParams.set('presenter_id', presenterId);
  return { https: u.toString(), webcal: `webcal://${u.host}${u.pathname}${u.search}` };
}

/** My Profile's "My calendar feed" card (issue 30), drawn only for an account with a DJ profile. */
export function CalendarFeedSection() {
  const { presenter } = useAuth();
  const t = useT();
  const { toast } = useToast();
  if (!presenter || typeof window === 'undefined') return null;
  const urls = presenterFeedUrls(presenter.id, getApiBase() || window.location.origin);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(urls.https);
      toast({ title: t('profile.calendar.copied'), variant: 'success' });
    } catch {
      toast({ title: t('profile.calendar.copyFailed'), variant: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby="section-calendar-feed">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="section-calendar-feed" variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {t('profile.calendar.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {t('profile.calendar.description')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField label={t('profile.calendar.address')} value={urls.https} fullWidth slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select() } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
            <Button variant="contained" startIcon={<EventIcon />} href={urls.webcal}>
              {t('profile.calendar.subscribe')}
            </Button>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {t('profile.calendar.copy')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
