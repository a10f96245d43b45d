import EventIcon from '@mui/icons-material/Event';
import HourglassIcon from '@mui/icons-material/HourglassBottom';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import RadioIcon from '@mui/icons-material/Radio';
import ThumbUpIcon from '@mui/icons-material/ThumbUpAltOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DashboardData } from '../../../shared/notifications';
import { GENERAL_SUBJECTS } from '../../../shared/requests';
import { relativeTime } from '../../../shared/time';
import { useAuth } from '../auth/AuthProvider';
import { useNowPlaying } from '../radio/hooks';
import { isBroadcasting, stationStateOf } from '../../../shared/radio-display';
import { dashboardGreeting, liveShowTile } from '../../../shared/dashboard-texts';
import { useDashboard } from '../dashboard/api';
import { useT } from '../i18n/state';
import { ListeningNowTile } from '../audience/ListeningNow';
import { MyNextShow } from '../dashboard/MyNextShow';
import { FirstRunChecklist } from '../dashboard/FirstRunChecklist';

const dayFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const hoursText = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}h`;

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

function PendingList({ title, to, items, loading }: { title: string; to: string; items: { id: string; primary: string; secondary: string; at: string }[] | undefined; loading: boolean }) {
  return (
    <Card variant="outlined" component="section" aria-label={`Pending ${title}`} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
            {title}
          </Typography>
          <Link component={RouterLink} to={to} variant="body2">
            View all
          </Link>
        </Stack>
        {loading ? (
          <Stack sx={{ gap: 1 }}>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : !items || items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No pending requests
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.map((i) => (
              <ListItem key={i.id} disableGutters divider>
                <ListItemText
                  primary={i.primary}
                  secondary={`${i.secondary} · ${relativeTime(Date.parse(i.at), Date.now())}`}
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
  const t = useT();
  const np = useNowPlaying();
  const d = dash.data;
  const song = np.data?.now_playing.song;
  const state = stationStateOf(np.data);
  const onAir = isBroadcasting(state);
  const hasSong = !np.isError && onAir && Boolean(song?.title);
  const tile = liveShowTile(np.data);
  const nextShow = np.data?.next_show ?? null;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {dashboardGreeting(profile, Date.now())}
      </Typography>
      {dash.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void dash.refetch()}>Try Again</Button>}>
          Failed to load the dashboard.
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
        <Tile icon={<HourglassIcon fontSize="small" />} label="Hours Remaining This Week">
          {dash.isPending ? (
            <Skeleton width={80} height={36} />
          ) : !d?.hours ? (
            <Typography color="text.secondary">No presenter profile</Typography>
          ) : d.hours.remaining > 0 ? (
            <>
              <Big>{hoursText(d.hours.remaining)}</Big>
              <Typography variant="body2" color="text.secondary">
                {hoursText(d.hours.scheduled)} of {hoursText(d.hours.required)} booked
              </Typography>
            </>
          ) : (
            <>
              <Big>All booked</Big>
              <Typography variant="body2" color="text.secondary">
                {hoursText(d.hours.scheduled)} scheduled this week
              </Typography>
            </>
          )}
        </Tile>
        <Tile icon={<RadioIcon fontSize="small" />} label="Current Live Show">
          {np.isLoading ? (
            <Skeleton height={36} />
          ) : (
            <>
              <Big>{tile.headline}</Big>
              <Typography variant="body2" color="text.secondary" data-testid={tile.state === 'show' ? 'dashboard-live-show' : tile.state === 'autodj' ? 'dashboard-auto-dj' : 'dashboard-off-air'}>
                {tile.detail}
              </Typography>
            </>
          )}
        </Tile>
        <Tile icon={<MusicNoteIcon fontSize="small" />} label="Current Song">
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
            <Big>{onAir ? 'No Song Data' : 'Nothing playing'}</Big>
          )}
        </Tile>
        <Tile icon={<ThumbUpIcon fontSize="small" />} label="Top Rated Song This Month">
          {dash.isPending ? (
            <Skeleton height={36} />
          ) : d?.top_song ? (
            <>
              <Big>{d.top_song.title}</Big>
              <Typography variant="body2" color="text.secondary">
                {d.top_song.artist} · {d.top_song.net > 0 ? '+' : ''}
                {d.top_song.net} ({d.top_song.up} up, {d.top_song.down} down)
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">No votes yet this month</Typography>
          )}
        </Tile>
        <ListeningNowTile />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Recent Pending Requests
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        <PendingList title="Song Requests" to="/admin/song-requests" loading={dash.isPending} items={d?.pending.song.map((r) => ({ id: r.id, primary: `${r.title} — ${r.artist}`, secondary: `from ${r.requester}`, at: r.created_at }))} />
        <PendingList title="Shoutouts" to="/admin/shoutout-requests" loading={dash.isPending} items={d?.pending.shoutout.map((r) => ({ id: r.id, primary: `To ${r.recipient_name}`, secondary: `from ${r.requester_name}`, at: r.created_at }))} />
        <PendingList title="General Requests" to="/admin/general-requests" loading={dash.isPending} items={d?.pending.general.map((r) => ({ id: r.id, primary: GENERAL_SUBJECTS.find((x) => x.value === r.subject)?.label ?? r.subject, secondary: `from ${r.name}`, at: r.created_at }))} />
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="upcoming-title">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <EventIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
            <Typography id="upcoming-title" variant="h6" component="h2" sx={{ flex: 1 }}>
              Upcoming Shows
            </Typography>
            <Link component={RouterLink} to="/admin/shows" variant="body2">
              All shows
            </Link>
          </Stack>
          {dash.isPending ? (
            <Skeleton height={90} />
          ) : !d || d.upcoming.length === 0 ? (
            <Typography color="text.secondary">No shows scheduled</Typography>
          ) : (
            <List dense disablePadding>
              {d.upcoming.map((s) => (
                <ListItem key={s.id} disableGutters divider secondaryAction={s.status === 'pending' ? <Chip size="small" color="warning" variant="outlined" label="Pending" /> : null}>
                  <ListItemText
                    primary={s.title}
                    secondary={`${dayFmt.format(new Date(`${s.event_date}T00:00:00Z`))} · ${s.start_time.slice(0, 5)}–${s.end_time.slice(0, 5)}${s.presenter_name ? ` · ${s.presenter_name}` : ''}`}
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
