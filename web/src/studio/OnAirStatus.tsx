import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PictureInPictureAltIcon from '@mui/icons-material/PictureInPictureAlt';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MINI_WINDOW_SHORTCUT } from '../../../shared/desktop';
import { getServerUrl, isStudio, notificationPermission, onMiniWindowChange, requestNotificationPermission, toggleMiniWindow } from '../platform';
import { elapsedNow, useNowPlaying, useServerSecond } from '../radio/hooks';
import { isBroadcasting, liveSlotLeft, offAirText, stationStateOf } from '../../../shared/radio-display';
import { useI18n, useT } from '../i18n/state';
import { formatClock } from '../radio/components/TrackArt';
import { formatCountdown } from './format';

/** The page's one ticking clock (server time, so countdowns match the station), in ms. */
function useServerNow(): number {
  return useServerSecond() * 1000;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 800, fontSize: 22, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The presenter's at-a-glance strip of the On Air console: live or Auto DJ,
 * elapsed and remaining time of the item on air, listeners, the next show
 * with a countdown; in the studio the mini-window toggle, in a browser the
 * switch for system notifications.
 */
export function OnAirStatus() {
  const { data: np } = useNowPlaying();
  const now = useServerNow();
  const studio = isStudio();
  const [miniOpen, setMiniOpen] = useState(false);
  const [permission, setPermission] = useState(notificationPermission);
  const [server, setServer] = useState<string | null>(null);

  useEffect(() => onMiniWindowChange(setMiniOpen), []);
  useEffect(() => {
    void getServerUrl().then(setServer);
  }, []);

  const elapsed = np ? elapsedNow(np, now) : 0;
  const duration = np?.now_playing.duration ?? null;
  const state = stationStateOf(np);
  const onAir = isBroadcasting(state);
  const next = np?.next_show ?? null;
  const slotLeft = liveSlotLeft(np, now);
  const t = useT();
  const { intl } = useI18n();
  const toggle = async () => {
    const open = await toggleMiniWindow();
    if (open !== null) setMiniOpen(open);
  };

  return (
    <Card component="section" aria-label={t('studio.onAir.region')} data-testid="on-air-status">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip
              data-testid="on-air-mode"
              label={!np ? t('studio.loading') : state === 'live' ? t('studio.liveWith', { name: np.presenter }) : onAir ? t('studio.autoDj') : t('studio.offAir')}
              color={state === 'live' ? 'error' : onAir ? 'default' : 'warning'}
              title={onAir ? undefined : t(offAirText(np).reasonKey)}
              sx={{ fontWeight: 800 }}
            />
            <Stat label={t('studio.elapsed')} value={np && onAir ? formatClock(elapsed) : '–'} testId="on-air-elapsed" />
            <Stat label={t('studio.remaining')} value={np && onAir && duration !== null ? formatClock(Math.max(0, duration - elapsed)) : '–'} testId="on-air-remaining" />
            {slotLeft !== null && <Stat label={t('onAir.slotLeft')} value={formatClock(slotLeft)} testId="on-air-slot-left" />}
            <Stat label={t('studio.listeners')} value={np ? new Intl.NumberFormat(intl).format(np.listeners.current) : '–'} testId="on-air-listeners" />
            <Box sx={{ minWidth: 180 }}>
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
                {t('studio.nextShow')}
              </Typography>
              {next ? (
                <Typography data-testid="on-air-next">
                  <strong>{next.title}</strong>
                  {next.presenter_name ? ` ${t('studio.nextWith', { name: next.presenter_name })}` : ''} ·{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatCountdown(next.starts_at * 1000 - now, t)}
                  </Box>
                </Typography>
              ) : (
                <Typography data-testid="on-air-next" color="text.secondary">
                  {t('studio.noNextShow')}
                </Typography>
              )}
            </Box>
          </Stack>
          <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', md: 'flex-end' }, flexShrink: 0 }}>
            {studio ? (
              <Button variant={miniOpen ? 'contained' : 'outlined'} startIcon={<PictureInPictureAltIcon />} onClick={() => void toggle()} aria-pressed={miniOpen} title={MINI_WINDOW_SHORTCUT.replace('CommandOrControl', 'Ctrl')}>
                {miniOpen ? t('studio.miniClose') : t('studio.miniOpen')}
              </Button>
            ) : (
              permission === 'default' && (
                <Button variant="outlined" startIcon={<NotificationsActiveIcon />} onClick={() => void requestNotificationPermission().then(setPermission)}>
                  {t('studio.showNotifications')}
                </Button>
              )
            )}
            {studio && server && (
              <Typography variant="caption" color="text.secondary">
                {t('studio.station', { server })} ·{' '}
                <Link component={RouterLink} to="/studio/server" reloadDocument>
                  {t('studio.change')}
                </Link>
              </Typography>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
