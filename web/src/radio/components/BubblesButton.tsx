import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import { Box, Button, Fab, Portal, Tooltip } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { useBubbles } from '../hooks';
import { useI18n } from '../../i18n/state';

const rise = keyframes`
  0% { transform: translate3d(0, 0, 0) scale(0.6); opacity: 0; }
  10% { opacity: 0.9; }
  100% { transform: translate3d(var(--drift), -110vh, 0) scale(1.1); opacity: 0; }
`;

interface Bubble {
  id: number;
  left: number;
  size: number;
  delay: number;
  duration: number;
  drift: number;
}

/** 12345 → "12,345" (en-GB grouping, without Intl's start-up cost on the first screen). */
export function groupThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 10 to 24 bubbles, each finishing within the 6-second animation. */
function makeBubbles(): Bubble[] {
  const n = RADIO_LIMITS.bubblesMin + Math.floor(Math.random() * (RADIO_LIMITS.bubblesMax - RADIO_LIMITS.bubblesMin + 1));
  return Array.from({ length: n }, (_v, id) => {
    const delay = Math.random() * 1.5;
    return { id, left: Math.random() * 96, size: 16 + Math.random() * 40, delay, duration: 6 - delay - Math.random() * 1.5, drift: (Math.random() - 0.5) * 120 };
  });
}

/**
 * The bubbles button: each click adds one to the station-wide counter (shown
 * live to everyone) and releases a shower of bubbles; it stays disabled for
 * the 6 seconds the animation runs. `floating` puts it top-right over the page
 * (the small-screen layout).
 */
export function BubblesButton({ floating = false }: { floating?: boolean }) {
  const { count, increment } = useBubbles();
  const [bubbles, setBubbles] = useState<Bubble[] | null>(null);
  useEffect(() => {
    if (!bubbles) return;
    const t = setTimeout(() => setBubbles(null), RADIO_LIMITS.bubblesMs);
    return () => clearTimeout(t);
  }, [bubbles]);
  const busy = bubbles !== null;
  const click = () => {
    if (busy) return;
    increment();
    setBubbles(makeBubbles());
  };
  const { t, locale, intl } = useI18n();
  const figure = (n: number) => (locale === 'en' ? groupThousands(n) : new Intl.NumberFormat(intl).format(n));
  const label = count === null ? t('nowPlaying.bubbles') : t('nowPlaying.bubblesCount', { count: figure(count) });
  return (
    <>
      {floating ? (
        <Tooltip title={label}>
          <span style={{ position: 'absolute', top: 0, right: -4, zIndex: 2 }}>
            <Fab size="medium" color="primary" aria-label={t('nowPlaying.releaseBubbles', { count: figure(count ?? 0) })} onClick={click} disabled={busy}>
              <BubbleChartIcon />
            </Fab>
          </span>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<BubbleChartIcon />} onClick={click} disabled={busy} aria-label={t('nowPlaying.releaseBubblesLabel', { label })}>
          {label}
        </Button>
      )}
      {bubbles && (
        <Portal>
          <Box aria-hidden sx={{ position: 'fixed', inset: 0, pointerEvents: 'none', overflow: 'hidden', zIndex: 1400 }}>
            {bubbles.map((b) => (
              <Box
                key={b.id}
                sx={{
                  position: 'absolute',
                  bottom: -60,
                  left: `${b.left}%`,
                  width: b.size,
                  height: b.size,
                  borderRadius: '50%',
                  border: '2px solid',
                  borderColor: 'primary.main',
                  background: (t) => `radial-gradient(circle at 30% 30%, rgba(255,255,255,0.8), ${t.airdeck.glowColor} 60%, transparent 70%)`,
                  '--drift': `${b.drift}px`,
                  animation: `${rise} ${b.duration}s ease-out ${b.delay}s both`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none', display: 'none' },
                }}
              />
            ))}
          </Box>
        </Portal>
      )}
    </>
  );
}
