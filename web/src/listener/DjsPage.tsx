import { Alert, Avatar, Box, Card, CardActionArea, CardContent, Chip, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { PublicPresenter } from '../../../shared/presenters';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useNowPlaying } from '../radio/hooks';
import { initialOf, roleText, shortBio, usePresenters } from './presenters';
import { useT } from '../i18n/state';
import { LIVE_BADGE_COLORS } from '../ui/theme';
import { LoadError } from '../ui/LoadError';

/** Texts of the DJ directory (spec 000 §2, §8). */

/** Who is on air now, matched to a presenter when the station names one. */
export function useLivePresenter(presenters: PublicPresenter[] | undefined): { name: string; id: string | null } | null {
  const np = useNowPlaying().data;
  if (!np?.live.is_live) return null;
  const byId = np.live.presenter_id ? presenters?.find((p) => p.id === np.live.presenter_id) : undefined;
  const byName = np.live.streamer_name ? presenters?.find((p) => p.name.toLowerCase() === np.live.streamer_name!.toLowerCase()) : undefined;
  const match = byId ?? byName;
  return { name: match?.name ?? np.live.streamer_name ?? np.presenter, id: match?.id ?? null };
}

/** One card of the grid: avatar (letter fallback), name, role and a short bio, linking to the profile. */
export function PresenterCard({ presenter, live, headingLevel = 'h2' }: { presenter: PublicPresenter; live: boolean; headingLevel?: 'h2' | 'h3' }) {
  const t = useT();
  const bio = shortBio(presenter.bio);
  return (
    <Card component="li" sx={{ listStyle: 'none', height: '100%', borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={`/djs/${presenter.id}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 3 }}>
          <Avatar src={presenter.image_url ?? undefined} alt="" sx={{ width: { xs: 72, sm: 96 }, height: { xs: 72, sm: 96 }, fontSize: { xs: 32, sm: 40 }, fontWeight: 700, bgcolor: 'primary.main', mb: 1 }}>
            {initialOf(presenter.name)}
          </Avatar>
          <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {presenter.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Chip size="small" label={roleText(t, presenter.role)} variant="outlined" />
            {live && <Chip size="small" label={t('radio.live')} sx={LIVE_BADGE_COLORS} />}
            {presenter.leave && <Chip size="small" color="warning" variant="outlined" label={t('djs.returnsIn', { days: presenter.leave.returnsInDays })} />}
          </Box>
          {bio && (
            <Typography variant="body2" color="text.secondary">
              {bio}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /djs: every presenter ordered by name, with a Currently Live banner while someone is on air. */
export function DjsPage() {
  const station = useStation();
  const t = useT();
  usePageMeta({ title: t('nav.djs'), description: t('djs.metaDescription', { station: station.name }) });
  const presenters = usePresenters();
  const live = useLivePresenter(presenters.data);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('djs.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('djs.intro', { station: station.name })}
      </Typography>
      {live && (
        <Alert severity="error" icon={false} role="status" sx={{ mb: 3, alignItems: 'center' }}>
          <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {t('djs.currentlyLive')}
          </Typography>
          {live.id ? (
            <Link component={RouterLink} to={`/djs/${live.id}`} underline="always" color="inherit">
              {live.name}
            </Link>
          ) : (
            <span>{live.name}</span>
          )}
        </Alert>
      )}
      {presenters.isPending ? (
        <PageLoading label={t('djs.loading')} />
      ) : presenters.isError ? (
        <LoadError text={t('djs.error')} onRetry={() => void presenters.refetch()} />
      ) : presenters.data.length === 0 ? (
        <Typography color="text.secondary">{t('djs.empty')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('djs.list')} sx={{ p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' } }}>
          {presenters.data.map((p) => (
            <PresenterCard key={p.id} presenter={p} live={live?.id === p.id} />
          ))}
        </Box>
      )}
    </Container>
  );
}
