import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { MiniNowPlaying } from '../../../shared/bridge';
import { getMiniNowPlaying, onMiniNowPlaying, toggleMiniWindow } from '../platform';
import { formatClock, TrackArt } from '../radio/components/TrackArt';
import { elapsedRemaining, formatCountdown } from './format';
import { useNow } from '../app/clock';
import { useT } from '../i18n/state';


/**
 * The always-on-top mini window (studio route /mini): what is on air, its
 * elapsed and remaining time, live or Auto DJ, and the countdown to the next
 * show. Frameless: the whole card drags the window, the close button does
 * not. Its data comes pushed from the console through the main process.
 */
export function MiniWindow() {
  const [np, setNp] = useState<MiniNowPlaying | null>(null);
  // The window's one clock, ticking each second (app/clock.ts).
  const now = useNow(1000);
  const t = useT();
  useEffect(() => {
    let alive = true;
    void getMiniNowPlaying().then((d) => {
      if (alive && d) setNp((cur) => cur ?? d);
    });
    const off = onMiniNowPlaying((d) => setNp(d));
    return () => {
      alive = false;
      off();
    };
  }, []);
  useEffect(() => {
    document.title = np ? `${np.title} — ${np.artist}` : t('studio.mini.title');
  }, [np, t]);

  const { elapsed, remaining } = np ? elapsedRemaining(np.startedAt, np.durationSeconds, now) : { elapsed: 0, remaining: 0 };
  const progress = np && np.durationSeconds > 0 ? (elapsed / np.durationSeconds) * 100 : 0;
  return (
    <Box
      component="main"
      data-testid="mini-window"
      sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary', userSelect: 'none', WebkitAppRegion: 'drag', overflow: 'hidden', borderRadius: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, p: 1.25, alignItems: 'center', flexGrow: 1, minHeight: 0 }}>
        <TrackArt src={np?.artUrl} size={72} alt="" />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              data-testid="mini-live"
              sx={{ px: 0.75, borderRadius: 1, fontSize: 11, fontWeight: 800, letterSpacing: 0.5, bgcolor: np?.isLive ? 'error.main' : 'action.selected', color: np?.isLive ? 'error.contrastText' : 'text.secondary' }}
            >
              {np ? (np.isLive ? t('studio.live') : t('studio.autoDj')) : '…'}
            </Box>
            <Typography variant="caption" color="text.secondary" noWrap sx={{ flexGrow: 1 }}>
              {np?.presenter ?? t('studio.mini.waiting')}
            </Typography>
          </Box>
          <Typography component="h1" sx={{ fontWeight: 800, fontSize: 15, lineHeight: 1.3 }} noWrap title={np?.title}>
            {np?.title ?? t('studio.mini.nothing')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={np?.artist}>
            {np?.artist ?? t('studio.mini.openConsole')}
          </Typography>
        </Box>
        <Tooltip title={t('studio.mini.close')}>
          <IconButton aria-label={t('studio.mini.close')} size="small" onClick={() => void toggleMiniWindow(false)} sx={{ alignSelf: 'flex-start', WebkitAppRegion: 'no-drag' }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <LinearProgress variant="determinate" value={progress} aria-label={t('studio.mini.progress')} sx={{ height: 3 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1.25, py: 0.5, fontSize: 12, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid="mini-elapsed" aria-label={t('studio.mini.elapsed', { time: formatClock(elapsed) })}>
          {formatClock(elapsed)}
        </span>
        <Box component="span" data-testid="mini-next" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', mx: 1 }}>
          {np?.nextShow ? t('studio.mini.next', { title: np.nextShow.title, countdown: formatCountdown(np.nextShow.startsAt - now, t) }) : ''}
        </Box>
        <span data-testid="mini-remaining" aria-label={t('studio.mini.remaining', { time: formatClock(remaining) })}>
          -{formatClock(remaining)}
        </span>
      </Box>
    </Box>
  );
}
