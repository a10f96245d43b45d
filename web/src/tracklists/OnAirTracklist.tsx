import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../i18n/state';
import { useTracklist, useTracklistShows } from './api';
import { LogPanel } from './TracklistScreen';

/** How long after a show ends the On Air console still offers its tracklist. */
const AFTER_SHOW_MS = 3 * 3_600_000;

/**
 * The On Air console's tracklist card (issue 34 item 2): while the user's own
 * live show is on air (or for three hours after), a search of the library and
 * history with one-click "Playing now", and the way to the full tracklist.
 * Nothing when the user has no live show to log.
 */
export function OnAirTracklist() {
  const { t } = useI18n();
  const shows = useTracklistShows();
  const now = Date.now();
  const current = (shows.data ?? []).find((s) => s.ended_at === null || now - Date.parse(s.ended_at) < AFTER_SHOW_MS) ?? null;
  const view = useTracklist(current?.id ?? null);
  if (!current || !view.data) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="onair-tracklist-h">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography id="onair-tracklist-h" variant="h6" component="h2">
            {t('tracklists.onAirHeading', { title: current.title || t('tracklists.untitled'), count: view.data.plays.length })}
          </Typography>
          <Button component={RouterLink} to={`/admin/tracklists?show=${encodeURIComponent(current.id)}`} size="small">
            {t('tracklists.openFull')}
          </Button>
        </Stack>
        <LogPanel view={view.data} compact />
      </CardContent>
    </Card>
  );
}
