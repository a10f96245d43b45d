import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { weekRangeLabel } from '../format';
import { useI18n } from '../../i18n/state';

/**
 * Previous / Current Week / Next navigation for a Monday-Sunday week (7-day
 * steps). Used by the listener /shows page and the staff panel.
 */
export function WeekNavigator({
  start,
  end,
  isCurrent,
  onPrevious,
  onNext,
  onCurrent,
  headingLevel = 'h2',
}: {
  start: string;
  end: string;
  isCurrent: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, intl } = useI18n();
  return (
    <Box role="group" aria-label={t('week.label')} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title={t('week.previous')}>
        <IconButton aria-label={t('week.previous')} onClick={onPrevious}>
          {/* The arrows point the way the page reads: backwards is to the right in a right-to-left language. */}
          <ChevronLeftIcon className="flip-rtl" />
        </IconButton>
      </Tooltip>
      <Typography component={headingLevel} aria-live="polite" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' }, minWidth: { sm: 220 }, textAlign: 'center' }}>
        {weekRangeLabel(start, end, intl)}
      </Typography>
      <Tooltip title={t('week.next')}>
        <IconButton aria-label={t('week.next')} onClick={onNext}>
          <ChevronRightIcon className="flip-rtl" />
        </IconButton>
      </Tooltip>
      <Button variant={isCurrent ? 'contained' : 'outlined'} size="small" onClick={onCurrent} aria-pressed={isCurrent}>
        {t('week.current')}
      </Button>
    </Box>
  );
}
