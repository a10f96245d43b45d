import { Box } from '@mui/material';
import { LIVE_BADGE_COLORS } from '../../ui/theme';
import { useT } from '../../i18n/state';

/** The LIVE marker of a show on air now (spec 000 §2). */
export function LiveBadge() {
  const t = useT();
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        ...LIVE_BADGE_COLORS,
        fontSize: '0.75rem',
        fontWeight: 800,
        letterSpacing: '0.08em',
      }}
    >
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: '#fff', '@media (prefers-reduced-motion: no-preference)': { animation: 'airdeck-pulse 1.6s ease-in-out infinite' }, '@keyframes airdeck-pulse': { '50%': { opacity: 0.35 } } }} />
      {t('radio.live')}
    </Box>
  );
}
