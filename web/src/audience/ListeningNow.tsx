import HeadphonesIcon from '@mui/icons-material/Headphones';
import { Box, Card, CardContent, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import type { AudiencePoint } from '../../../shared/audience';
import { useAudienceToday, useAudienceVisibility, useListenersNow } from './api';
import { useI18n, useT } from '../i18n/state';

/**
 * A tiny line of today's listeners: plain SVG (the dashboard does not load
 * the chart library), described in words for screen readers.
 */
export function Sparkline({ points, width = 160, height = 36 }: { points: AudiencePoint[]; width?: number; height?: number }) {
  const theme = useTheme();
  const t = useT();
  if (points.length < 2) return null;
  const max = Math.max(1, ...points.map((p) => p.average));
  const t0 = points[0]!.at;
  const span = Math.max(1, points[points.length - 1]!.at - t0);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${(((p.at - t0) / span) * (width - 2) + 1).toFixed(1)},${(height - 1 - (p.average / max) * (height - 2)).toFixed(1)}`).join(' ');
  const peak = Math.max(...points.map((p) => p.peak));
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('audience.todaySparkline', { peak, average: Math.round(max * 10) / 10 })}>
      <path d={d} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} strokeLinejoin="round" />
    </svg>
  );
}

/** The dashboard's "Listening now" tile: the figure pushed live, with today's sparkline. */
export function ListeningNowTile() {
  const { t, intl } = useI18n();
  const now = useListenersNow();
  const today = useAudienceToday();
  return (
    <Card variant="outlined" component="section" aria-label={t('audience.listeningNow')} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}>
          <HeadphonesIcon fontSize="small" />
          <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
            {t('audience.listeningNow')}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          {now === null ? (
            <Skeleton width={60} height={36} />
          ) : (
            <Typography aria-live="polite" data-testid="dashboard-listeners" sx={{ fontSize: 22, fontWeight: 800, lineHeight: 1.25 }}>
              {now.toLocaleString(intl)}
            </Typography>
          )}
          <Box sx={{ minWidth: 0 }}>{today.data && <Sparkline points={today.data.today} />}</Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** "N listening" on the listener player, only when General Settings show it (off by default). */
export function PlayerListenerCount() {
  const t = useT();
  const visibility = useAudienceVisibility();
  const now = useListenersNow();
  if (visibility.data?.player !== true || now === null) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, display: { xs: 'none', md: 'block' } }} data-testid="player-listeners">
      {t('audience.listeningCount', { count: now })}
    </Typography>
  );
}
