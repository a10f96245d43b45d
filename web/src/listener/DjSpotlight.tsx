import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PresenterCard, useLivePresenter } from './DjsPage';
import { usePresenters } from './presenters';
import { useDeferredQuery } from '../app/deferred-query';
import { useT } from '../i18n/state';

/** How many presenters the home page's DJ Spotlight shows. */
export const SPOTLIGHT_SIZE = 4;

/**
 * DJ Spotlight on the home page (spec 000 §4): the presenter on air first,
 * then presenters with a photo, up to four cards linking to their profiles,
 * and a link to every DJ. Nothing shows while loading or when the station
 * has no presenters yet.
 */
export function DjSpotlight() {
  const presenters = useDeferredQuery(usePresenters());
  const live = useLivePresenter(presenters.data);
  const t = useT();
  if (!presenters.data?.length) return null;
  const ranked = [...presenters.data].sort((a, b) => Number(b.id === live?.id) - Number(a.id === live?.id) || Number(!!b.image_url) - Number(!!a.image_url));
  const shown = ranked.slice(0, SPOTLIGHT_SIZE);
  return (
    <Box component="section" aria-labelledby="dj-spotlight-heading">
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography id="dj-spotlight-heading" variant="h4" component="h2">
          {t('djs.spotlight')}
        </Typography>
        <Link component={RouterLink} to="/djs" sx={{ fontWeight: 600, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 'auto' } }}>
          {t('djs.meetAll')}
        </Link>
      </Stack>
      <Box component="ul" aria-label={t('djs.spotlight')} sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${SPOTLIGHT_SIZE}, minmax(0, 1fr))` } }}>
        {shown.map((p) => (
          <PresenterCard key={p.id} presenter={p} live={live?.id === p.id} headingLevel="h3" />
        ))}
      </Box>
    </Box>
  );
}
