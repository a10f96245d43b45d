import { Box, Button, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { showSlug } from '../../../shared/listen-again-slug';
import { useI18n } from '../i18n/state';
import { LoadError } from '../ui/LoadError';
import { useEpisodes } from './api';
import { EpisodeCard } from './EpisodeList';

/** How many episodes a presenter's page lists (the rest on /listen-again). */
const SECTION_LIMIT = 5;

/**
 * "Listen again" on a presenter's page (issue 32 item 3): their latest episodes, playable in the persistent
 * player. Nothing at all while they have none (no empty heading on every profile); an error says so with Retry.
 */
export function PresenterListenAgain({ presenterId }: { presenterId: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const list = useEpisodes({ presenter: presenterId, limit: SECTION_LIMIT });
  if (list.isPending) return null;
  if (!list.isError && list.data.episodes.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="presenter-listen-again">
      <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('listenAgain.title')}
      </Typography>
      {list.isError ? (
        <LoadError text={t('listenAgain.error')} onRetry={() => void list.refetch()} />
      ) : (
        <Stack spacing={2}>
          {list.data.episodes.map((e) => (
            <EpisodeCard key={e.id} episode={e} headingLevel={3} linkShow />
          ))}
          <Box>
            <Button component={RouterLink} to="/listen-again" sx={{ minHeight: 44 }}>
              {t('listenAgain.allEpisodes')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/**
 * On a show's card on /shows: "Listen again" to the show's page of episodes, when the show has any (by the show's
 * slug, as its podcast feed; read from the station's list, one request for the whole page).
 */
export function ShowListenAgainLink({ title }: { title: string }) {
  const { t } = useI18n();
  const list = useEpisodes({ limit: 200 });
  const slug = showSlug(title);
  if (!list.data?.episodes.some((e) => showSlug(e.title) === slug)) return null;
  return (
    <Button component={RouterLink} to={`/listen-again?show=${encodeURIComponent(slug)}`} size="small" aria-label={t('listenAgain.showLinkLabel', { title })} sx={{ minHeight: 44, px: 1, ml: -1 }} data-testid="show-listen-again">
      {t('listenAgain.title')}
    </Button>
  );
}
