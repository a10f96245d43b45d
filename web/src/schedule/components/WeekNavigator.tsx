import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { weekLabel } from '../format';

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
  return (
    <Box role="group" aria-label="Week" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title="Previous week">
        <IconButton aria-label="Previous week" onClick={onPrevious}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Typography component={headingLevel} aria-live="polite" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' }, minWidth: { sm: 220 }, textAlign: 'center' }}>
        {weekLabel(start, end)}
      </Typography>
      <Tooltip title="Next week">
        <IconButton aria-label="Next week" onClick={onNext}>
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Button variant={isCurrent ? 'contained' : 'outlined'} size="small" onClick={onCurrent} aria-pressed={isCurrent}>
        Current Week
      </Button>
    </Box>
  );
}
