import { useQuery } from '@tanstack/react-query';
import { stationStateOf } from '../../../shared/radio-display';
import { aroundSlot, SLOT, useT } from '../i18n/state';
import { fetchNowPlaying, radioKeys } from '../radio/api';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../app/api';
import { useAppReady } from '../app/useAppReady';

/**
 * The heading block of a request page: an h1 and one line of introduction. A page with a form (`form`) drawn by the
 * server says under it that the form is getting ready until the app has the page (issue 38 item 8).
 */
export function PageHeader({ title, intro, icon, form = false }: { title: string; intro: ReactNode; icon?: ReactNode; form?: boolean }) {
  const ready = useAppReady();
  const t = useT();
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
      {form && !ready && (
        <Typography role="status" data-testid="form-getting-ready-notice" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, fontWeight: 600 }}>
          <CircularProgress size={16} color="inherit" aria-hidden />
          {t('form.gettingReadyNotice')}
        </Typography>
      )}
    </Box>
  );
}

/** A request form's submit button: the send icon, a spinner in its place while sending. */
export function SendButton({ sending, disabled, sx, children }: { sending: boolean; disabled: boolean; sx?: SxProps<Theme>; children: ReactNode }) {
  // Drawn by the server, the form waits for the app: it says so (issue 38 item 8) rather than look ready and refuse input.
  const ready = useAppReady();
  const t = useT();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={disabled || !ready}
      startIcon={sending || !ready ? <CircularProgress size={18} color="inherit" /> : <SendIcon className="flip-rtl" />}
      data-testid={ready ? undefined : 'form-getting-ready'}
      sx={sx}
    >
      {ready ? children : t('form.gettingReady')}
    </Button>
  );
}

/** A card of a request page's side column: an h2 (with a gap under it when `gutter`) and what follows. */
export function SideCard({ title, gutter = false, sx, children }: { title: string; gutter?: boolean; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Card sx={sx}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={gutter ? { mb: 1 } : undefined}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A short list whose items each stand beside the same small icon (a tick). */
export function CheckList({ items, icon }: { items: readonly string[]; icon: ReactNode }) {
  return (
    <List dense>
      {items.map((item) => (
        <ListItem key={item} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>{icon}</ListItemIcon>
          <ListItemText primary={item} />
        </ListItem>
      ))}
    </List>
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

/**
 * Off air (or stopped), the request pages say so first (issue 38 item 9): nobody is there to play a request now; it
 * still reaches the team. Read from the now-playing document the player keeps current (no request of its own).
 */
export function OffAirNotice() {
  const t = useT();
  const { data } = useQuery({ queryKey: radioKeys.nowPlaying, queryFn: fetchNowPlaying, staleTime: Infinity, refetchOnWindowFocus: false, enabled: false });
  // The server draws these pages without the station's state: the notice appears once the app has taken the page
  // over, so the first drawing in the browser is the server's (no hydration mismatch, React error 418).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const state = data ? stationStateOf(data) : null;
  if (!hydrated || (state !== 'off_air' && state !== 'stopped')) return null;
  return (
    <Alert severity="info" data-testid="requests-off-air" sx={{ mb: 3 }}>
      {t('requests.offAir')}
    </Alert>
  );
}

/** "Requests are closed right now. Please try again later.", its first words in bold. */
export function ClosedNotice() {
  const t = useT();
  const [before, after] = aroundSlot(t('songRequest.closed', { closed: SLOT }));
  return (
    <>
      {before}
      <strong>{t('songRequest.closedLabel')}</strong>
      {after}
    </>
  );
}
