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
import type { Translate } from '../../../shared/i18n/format';
import { useI18n, useT } from '../i18n/state';
import { SOCIAL_PLATFORMS, type PublicPresenter, type SocialPlatform } from '../../../shared/presenters';
import { ApiError } from '../app/api';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useDjStats, useNowPlaying } from '../radio/hooks';
import { PublicAverageListeners } from '../audience/AverageListeners';
import { PresenterShows } from '../schedule/components/PresenterShows';
import { initialOf, roleText, shortBio, usePresenter } from './presenters';
import { LIVE_BADGE_COLORS } from '../ui/theme';
import { PresenterListenAgain } from '../listen-again/ListenAgainSection';


/** A number of minutes as hours and minutes ('2h 5m' in English; shared/time.ts formatHoursMinutes). */
function hoursMinutes(t: Translate, totalMinutes: number): string {
  const m = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return t('djProfile.hoursMinutes', { hours: Math.floor(m / 60), minutes: m % 60 });
}

const SOCIAL: Record<SocialPlatform, { label: string; icon: ReactNode }> = {
  twitter: { label: 'Twitter / X', icon: <XIcon /> },
  instagram: { label: 'Instagram', icon: <InstagramIcon /> },
  twitch: { label: 'Twitch', icon: <OpenInNewIcon /> },
  youtube: { label: 'YouTube', icon: <YouTubeIcon /> },
  facebook: { label: 'Facebook', icon: <FacebookIcon /> },
  kick: { label: 'Kick', icon: <OpenInNewIcon /> },
  website: { label: 'Website', icon: <LanguageIcon /> }, // shown as djProfile.website
};

/** 'Mon 3 Mar 2026' style date for a yyyy-MM-dd day in the reader's language, read as a calendar date (no zone shift). */
function showDate(date: string, intl: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(intl, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The presenter's social links, only those set, each opening in a new tab. */
function SocialLinks({ links, name }: { links: PublicPresenter['social_links']; name: string }) {
  const t = useT();
  const set = SOCIAL_PLATFORMS.filter((p) => links[p]);
  if (set.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('djProfile.social', { name })} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'center', md: 'flex-start' } }}>
      {set.map((p) => {
        const href = links[p] ?? '';
        return (
        <Button key={p} size="small" variant="outlined" href={href} target="_blank" rel="noopener noreferrer" startIcon={SOCIAL[p].icon} aria-label={t('djProfile.opensNewTab', { label: p === 'website' ? t('djProfile.website') : SOCIAL[p].label })}>
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
  const { t, intl } = useI18n();
  return (
    <section aria-labelledby="dj-stats-heading">
      <Typography id="dj-stats-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('djProfile.stats')}
      </Typography>
      {stats.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : stats.isError ? (
        <LoadError text={t('djProfile.statsError')} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', mb: 2 }}>
            <Stat label={t('djProfile.totalPlays')} value={stats.data.total_plays.toLocaleString(intl)} />
            <Stat label={t('djProfile.avgSession')} value={t('djProfile.minutes', { count: stats.data.avg_session_duration })} />
            <Stat label={t('djProfile.hoursStreamed')} value={hoursMinutes(t, stats.data.total_hours_streamed * 60)} />
          </Box>
          <Box sx={{ mb: 2 }}>
            <PublicAverageListeners presenterId={presenterId} />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('djProfile.recentShows')}
          </Typography>
          {stats.data.recent_shows.length === 0 ? (
            <Typography color="text.secondary">{t('djProfile.noRecent')}</Typography>
          ) : (
            <List dense disablePadding>
              {stats.data.recent_shows.map((s) => (
                <ListItem key={s.started_at} disableGutters divider>
                  <ListItemText primary={s.title ?? t('djProfile.liveSession')} secondary={showDate(s.date, intl)} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                    {hoursMinutes(t, s.duration)}
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
  const t = useT();
  const role = roleText(t, presenter.role);
  return (
    <Stack spacing={4}>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { xs: 'center', md: 'flex-start' }, gap: { xs: 2, md: 4 }, p: { xs: 3, md: 4 } }}>
          <Avatar src={presenter.image_url ?? undefined} alt={presenter.image_url ? t('djProfile.photoOf', { name: presenter.name }) : ''} sx={{ width: { xs: 128, md: 160 }, height: { xs: 128, md: 160 }, fontSize: 64, fontWeight: 700, bgcolor: 'primary.main', flexShrink: 0 }}>
            {initialOf(presenter.name)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1, textAlign: { xs: 'center', md: 'left' } }}>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'anywhere' }}>
              {presenter.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1.5, justifyContent: { xs: 'center', md: 'flex-start' } }}>
              <Chip label={role} color="primary" variant="outlined" />
              {live && <Chip label={t('djProfile.liveNow')} sx={LIVE_BADGE_COLORS} />}
              {presenter.leave && <Chip icon={<EventBusyIcon />} color="warning" label={t('djs.returnsIn', { days: presenter.leave.returnsInDays })} />}
            </Box>
            <Typography color={presenter.bio ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-line', mb: 2 }}>
              {presenter.bio || t('djProfile.noBio')}
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
  const t = useT();
  usePageMeta(
    p
      ? { title: p.name, description: shortBio(p.bio, 160) ?? t('djProfile.metaDescription', { name: p.name, role: roleText(t, p.role), station: station.name }), type: 'profile', ...(p.image_url ? { image: p.image_url } : {}) }
      : { title: notFound ? t('djProfile.notFound') : t('nav.djs'), description: t('djs.metaDescription', { station: station.name }) },
  );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/djs" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden className="flip-rtl" /> {t('djProfile.allDjs')}
      </Link>
      {presenter.isPending ? (
        <PageLoading label={t('djProfile.loading')} />
      ) : notFound ? (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
            {t('djProfile.notFound')}
          </Typography>
          <Button component={RouterLink} to="/djs" variant="contained">
            {t('djProfile.backToAll')}
          </Button>
        </Box>
      ) : presenter.isError ? (
        <LoadError text={t('djProfile.error')} onRetry={() => void presenter.refetch()} />
      ) : (
        <Profile presenter={presenter.data} />
      )}
    </Container>
  );
}
