import { LoadError } from '../ui/LoadError';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Container, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { presenterRoleLabel } from '../../../shared/permissions';
import { SOCIAL_PLATFORMS, type PublicPresenter, type SocialPlatform } from '../../../shared/presenters';
import { formatHoursMinutes } from '../../../shared/time';
import { ApiError } from '../app/api';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useDjStats, useNowPlaying } from '../radio/hooks';
import { PublicAverageListeners } from '../audience/AverageListeners';
import { PresenterShows } from '../schedule/components/PresenterShows';
import { initialOf, shortBio, usePresenter } from './presenters';
import { returnsInText } from './leave';
import { LIVE_BADGE_COLORS } from '../ui/theme';
import { PresenterListenAgain } from '../listen-again/ListenAgainSection';

/** Texts of the DJ profile (spec 000 §2, §8). */
export const DJ_PROFILE_TEXT = {
  loading: 'Loading DJ profile...',
  notFound: 'DJ not found',
  noBio: 'No bio available',
  error: "We couldn't load this DJ profile. Please try again.",
  stats: 'Performance Stats',
  noRecent: 'No recent shows',
} as const;

const SOCIAL: Record<SocialPlatform, { label: string; icon: ReactNode }> = {
  twitter: { label: 'Twitter / X', icon: <XIcon /> },
  instagram: { label: 'Instagram', icon: <InstagramIcon /> },
  twitch: { label: 'Twitch', icon: <OpenInNewIcon /> },
  youtube: { label: 'YouTube', icon: <YouTubeIcon /> },
  facebook: { label: 'Facebook', icon: <FacebookIcon /> },
  kick: { label: 'Kick', icon: <OpenInNewIcon /> },
  website: { label: 'Website', icon: <LanguageIcon /> },
};

/** 'Monday 3 March 2026' style date for a yyyy-MM-dd day, read as a calendar date (no zone shift). */
function showDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The presenter's social links, only those set, each opening in a new tab. */
function SocialLinks({ links, name }: { links: PublicPresenter['social_links']; name: string }) {
  const set = SOCIAL_PLATFORMS.filter((p) => links[p]);
  if (set.length === 0) return null;
  return (
    <Box component="nav" aria-label={`${name} on social media`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'center', md: 'flex-start' } }}>
      {set.map((p) => {
        const href = links[p] ?? '';
        return (
        <Button key={p} size="small" variant="outlined" href={href} target="_blank" rel="noopener noreferrer" startIcon={SOCIAL[p].icon} aria-label={`${SOCIAL[p].label} (opens in a new tab)`}>
          {SOCIAL[p].label}
        </Button>
        );
      })}
    </Box>
  );
}

/** One figure of the stats panel. */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 800, fontSize: { xs: '1.1rem', sm: '1.5rem' } }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** Total plays, average session, hours streamed (Xh Ym) and recent shows with date and duration. */
function DjStatsPanel({ presenterId }: { presenterId: string }) {
  const stats = useDjStats(presenterId);
  return (
    <section aria-labelledby="dj-stats-heading">
      <Typography id="dj-stats-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {DJ_PROFILE_TEXT.stats}
      </Typography>
      {stats.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : stats.isError ? (
        <LoadError text="Stats are not available right now." onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', mb: 2 }}>
            <Stat label="Total plays" value={stats.data.total_plays.toLocaleString('en-GB')} />
            <Stat label="Avg. session" value={`${stats.data.avg_session_duration} min`} />
            <Stat label="Hours streamed" value={formatHoursMinutes(stats.data.total_hours_streamed * 60)} />
          </Box>
          <Box sx={{ mb: 2 }}>
            <PublicAverageListeners presenterId={presenterId} />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Recent shows
          </Typography>
          {stats.data.recent_shows.length === 0 ? (
            <Typography color="text.secondary">{DJ_PROFILE_TEXT.noRecent}</Typography>
          ) : (
            <List dense disablePadding>
              {stats.data.recent_shows.map((s) => (
                <ListItem key={s.started_at} disableGutters divider>
                  <ListItemText primary={s.title ?? 'Live session'} secondary={showDate(s.date)} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                    {formatHoursMinutes(s.duration)}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </section>
  );
}

/** The profile itself, once loaded. */
function Profile({ presenter }: { presenter: PublicPresenter }) {
  const np = useNowPlaying().data;
  const live = !!np?.live.is_live && (np.live.presenter_id === presenter.id || (!!np.live.streamer_name && np.live.streamer_name.toLowerCase() === presenter.name.toLowerCase()));
  const role = presenterRoleLabel(presenter.role);
  return (
    <Stack spacing={4}>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { xs: 'center', md: 'flex-start' }, gap: { xs: 2, md: 4 }, p: { xs: 3, md: 4 } }}>
          <Avatar src={presenter.image_url ?? undefined} alt={presenter.image_url ? `Photo of ${presenter.name}` : ''} sx={{ width: { xs: 128, md: 160 }, height: { xs: 128, md: 160 }, fontSize: 64, fontWeight: 700, bgcolor: 'primary.main', flexShrink: 0 }}>
            {initialOf(presenter.name)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1, textAlign: { xs: 'center', md: 'left' } }}>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'anywhere' }}>
              {presenter.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1.5, justifyContent: { xs: 'center', md: 'flex-start' } }}>
              <Chip label={role} color="primary" variant="outlined" />
              {live && <Chip label="LIVE NOW" sx={LIVE_BADGE_COLORS} />}
              {presenter.leave && <Chip icon={<EventBusyIcon />} color="warning" label={returnsInText(presenter.leave.returnsInDays)} />}
            </Box>
            <Typography color={presenter.bio ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-line', mb: 2 }}>
              {presenter.bio || DJ_PROFILE_TEXT.noBio}
            </Typography>
            <SocialLinks links={presenter.social_links} name={presenter.name} />
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent>
            <PresenterShows presenterId={presenter.id} />
          </CardContent>
        </Card>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent>
            <DjStatsPanel presenterId={presenter.id} />
          </CardContent>
        </Card>
      </Box>
      <PresenterListenAgain presenterId={presenter.id} />
    </Stack>
  );
}

/** /djs/{id}: one presenter's profile, shows and stats; 'DJ not found' with a way back for an unknown id. */
export function DjProfilePage() {
  const { id = '' } = useParams();
  const presenter = usePresenter(id);
  const notFound = presenter.error instanceof ApiError && presenter.error.status === 404;
  const station = useStation();
  const p = presenter.data;
  usePageMeta(
    p
      ? { title: p.name, description: shortBio(p.bio, 160) ?? `${p.name}, ${presenterRoleLabel(p.role)} on ${station.name}.`, type: 'profile', ...(p.image_url ? { image: p.image_url } : {}) }
      : { title: notFound ? DJ_PROFILE_TEXT.notFound : 'DJs', description: `Meet the presenters of ${station.name}.` },
  );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/djs" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden /> All DJs
      </Link>
      {presenter.isPending ? (
        <PageLoading label={DJ_PROFILE_TEXT.loading} />
      ) : notFound ? (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
            {DJ_PROFILE_TEXT.notFound}
          </Typography>
          <Button component={RouterLink} to="/djs" variant="contained">
            Back to all DJs
          </Button>
        </Box>
      ) : presenter.isError ? (
        <LoadError text={DJ_PROFILE_TEXT.error} onRetry={() => void presenter.refetch()} />
      ) : (
        <Profile presenter={presenter.data} />
      )}
    </Container>
  );
}
