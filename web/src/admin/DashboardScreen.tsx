import EventIcon from '@mui/icons-material/Event';
import HourglassIcon from '@mui/icons-material/HourglassBottom';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import RadioIcon from '@mui/icons-material/Radio';
import ThumbUpIcon from '@mui/icons-material/ThumbUpAltOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MessageKey, Translate } from '../../../shared/i18n/format';
import { Link as RouterLink } from 'react-router';
import type { DashboardData } from '../../../shared/notifications';
import { useAuth } from '../auth/AuthProvider';
import { useNowPlaying } from '../radio/hooks';
import { isBroadcasting, stationStateOf } from '../../../shared/radio-display';
import { dashboardGreetingKey, liveShowTile } from '../../../shared/dashboard-texts';
import { useDashboard } from '../dashboard/api';
import { useI18n, useT } from '../i18n/state';
import { clockTime } from '../schedule/format';
import { ListeningNowTile } from '../audience/ListeningNow';
import { MyNextShow } from '../dashboard/MyNextShow';
import { FirstRunChecklist } from '../dashboard/FirstRunChecklist';

/** A general request's subject (shared/requests.ts GENERAL_SUBJECTS) in the reader's language. */
const SUBJECT_KEYS: Record<string, MessageKey> = {
  general: 'dashboard.subject.general',
  feedback: 'dashboard.subject.feedback',
  technical: 'dashboard.subject.technical',
  advertising: 'dashboard.subject.advertising',
  other: 'dashboard.subject.other',
};

/** How long ago a request came in: '5m ago' (the spec's), 'hace 5 min'. */
function agoText(at: string, nowMs: number, t: Translate): string {
  const ms = Date.parse(at);
  const s = Math.floor((Number.isFinite(ms) ? Math.max(0, nowMs - ms) : 0) / 1000);
  if (s < 60) return t('dashboard.ago.seconds', { count: s });
  if (s < 3600) return t('dashboard.ago.minutes', { count: Math.floor(s / 60) });
  if (s < 86_400) return t('dashboard.ago.hours', { count: Math.floor(s / 3600) });
  return t('dashboard.ago.days', { count: Math.floor(s / 86_400) });
}

function Tile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}>
          {icon}
          <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Big({ children }: { children: ReactNode }) {
  return <Typography sx={{ fontSize: 22, fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>{children}</Typography>;
}

function PendingList({ title, label, to, items, loading }: { title: string; label: string; to: string; items: { id: string; primary: string; secondary: string; at: string }[] | undefined; loading: boolean }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
            {title}
          </Typography>
          <Link component={RouterLink} to={to} variant="body2">
            {t('dashboard.viewAll')}
          </Link>
        </Stack>
        {loading ? (
          <Stack sx={{ gap: 1 }}>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : !items || items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.noPending')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.map((i) => (
              <ListItem key={i.id} disableGutters divider>
                <ListItemText
                  primary={i.primary}
                  secondary={`${i.secondary} · ${agoText(i.at, Date.now(), t)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** The staff dashboard (001 §2 Dashboard). */
export default function DashboardScreen() {
  const { profile } = useAuth();
  const dash = useDashboard();
  const { t, locale, intl } = useI18n();
  const np = useNowPlaying();
  const d = dash.data;
  const song = np.data?.now_playing.song;
  const state = stationStateOf(np.data);
  const onAir = isBroadcasting(state);
  const hasSong = !np.isError && onAir && Boolean(song?.title);
  const tile = liveShowTile(np.data);
  const nextShow = np.data?.next_show ?? null;
  const greeting = dashboardGreetingKey(profile, Date.now());
  const hoursText = (n: number) => t('dashboard.hours', { hours: Math.round(n * 100) / 100 });
  const tileDetail = tile.detailKey ? [t(tile.detailKey), tile.next ? t('dashboard.live.next', { title: tile.next }) : ''].filter(Boolean).join(' ') : tile.detail;
  const dayFmt = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : intl, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const clock = (time: string) => (locale === 'en' ? time.slice(0, 5) : clockTime(time, intl));

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(greeting.key, { name: greeting.name })}
      </Typography>
      {dash.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void dash.refetch()}>{t('logs.tryAgain')}</Button>}>
          {t('dashboard.loadFailed')}
        </Alert>
      )}
      {d?.demo_accounts && d.demo_accounts.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="dashboard-demo-accounts">
          {t('dashboard.demoAccounts', { accounts: d.demo_accounts.join(', ') })}
        </Alert>
      )}

      {d?.first_run && profile && <FirstRunChecklist steps={d.first_run} userId={profile.id} />}

      {d?.my_next_show && <MyNextShow data={d.my_next_show} nowMs={Date.now()} />}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' }, mb: 3 }}>
        <Tile icon={<HourglassIcon fontSize="small" />} label={t('dashboard.hoursTile')}>
          {dash.isPending ? (
            <Skeleton width={80} height={36} />
          ) : !d?.hours ? (
            <Typography color="text.secondary">{t('dashboard.noPresenterProfile')}</Typography>
          ) : d.hours.remaining > 0 ? (
            <>
              <Big>{hoursText(d.hours.remaining)}</Big>
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.hoursBooked', { scheduled: hoursText(d.hours.scheduled), required: hoursText(d.hours.required) })}
              </Typography>
            </>
          ) : (
            <>
              <Big>{t('dashboard.allBooked')}</Big>
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.hoursScheduled', { hours: hoursText(d.hours.scheduled) })}
              </Typography>
            </>
          )}
        </Tile>
        <Tile icon={<RadioIcon fontSize="small" />} label={t('dashboard.liveTile')}>
          {np.isLoading ? (
            <Skeleton height={36} />
          ) : (
            <>
              <Big>{tile.headlineKey ? t(tile.headlineKey) : tile.headline}</Big>
              <Typography variant="body2" color="text.secondary" data-testid={tile.state === 'show' ? 'dashboard-live-show' : tile.state === 'autodj' ? 'dashboard-auto-dj' : 'dashboard-off-air'}>
                {tileDetail}
              </Typography>
            </>
          )}
        </Tile>
        <Tile icon={<MusicNoteIcon fontSize="small" />} label={t('dashboard.songTile')}>
          {np.isLoading ? (
            <Skeleton height={36} />
          ) : hasSong ? (
            <>
              <Big>{song!.title}</Big>
              <Typography variant="body2" color="text.secondary">
                {song!.artist}
              </Typography>
            </>
          ) : (
            <Big>{onAir ? t('dashboard.noSongData') : t('dashboard.nothingPlaying')}</Big>
          )}
        </Tile>
        <Tile icon={<ThumbUpIcon fontSize="small" />} label={t('dashboard.topTile')}>
          {dash.isPending ? (
            <Skeleton height={36} />
          ) : d?.top_song ? (
            <>
              <Big>{d.top_song.title}</Big>
              <Typography variant="body2" color="text.secondary">
                {d.top_song.artist} · {t('dashboard.votes', { net: new Intl.NumberFormat(intl, { signDisplay: 'exceptZero' }).format(d.top_song.net), up: d.top_song.up, down: d.top_song.down })}
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t('dashboard.noVotes')}</Typography>
          )}
        </Tile>
        <ListeningNowTile />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('dashboard.pendingTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        <PendingList title={t('dashboard.songRequests')} label={t('dashboard.pendingSongRequests')} to="/admin/song-requests" loading={dash.isPending} items={d?.pending.song.map((r) => ({ id: r.id, primary: `${r.title} — ${r.artist}`, secondary: t('dashboard.from', { name: r.requester }), at: r.created_at }))} />
        <PendingList title={t('dashboard.shoutouts')} label={t('dashboard.pendingShoutouts')} to="/admin/shoutout-requests" loading={dash.isPending} items={d?.pending.shoutout.map((r) => ({ id: r.id, primary: t('dashboard.to', { name: r.recipient_name }), secondary: t('dashboard.from', { name: r.requester_name }), at: r.created_at }))} />
        <PendingList title={t('dashboard.generalRequests')} label={t('dashboard.pendingGeneralRequests')} to="/admin/general-requests" loading={dash.isPending} items={d?.pending.general.map((r) => ({ id: r.id, primary: SUBJECT_KEYS[r.subject] ? t(SUBJECT_KEYS[r.subject]!) : r.subject, secondary: t('dashboard.from', { name: r.name }), at: r.created_at }))} />
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="upcoming-title">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <EventIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
            <Typography id="upcoming-title" variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('dashboard.upcoming')}
            </Typography>
            <Link component={RouterLink} to="/admin/shows" variant="body2">
              {t('dashboard.allShows')}
            </Link>
          </Stack>
          {dash.isPending ? (
            <Skeleton height={90} />
          ) : !d || d.upcoming.length === 0 ? (
            <Typography color="text.secondary">{t('dashboard.noShows')}</Typography>
          ) : (
            <List dense disablePadding>
              {d.upcoming.map((s) => (
                <ListItem key={s.id} disableGutters divider secondaryAction={s.status === 'pending' ? <Chip size="small" color="warning" variant="outlined" label={t('dashboard.pending')} /> : null}>
                  <ListItemText
                    primary={s.title}
                    secondary={`${dayFmt.format(new Date(`${s.event_date}T00:00:00Z`))} · ${clock(s.start_time)}–${clock(s.end_time)}${s.presenter_name ? ` · ${s.presenter_name}` : ''}`}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
