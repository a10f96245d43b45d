import { Chip } from '@mui/material';
import type { ScheduleEventStatus } from '../../../../shared/schedule';
import { useT } from '../../i18n/state';
import { statusLabel } from './texts';

const COLORS: Record<ScheduleEventStatus, 'success' | 'warning' | 'error' | 'info' | 'default' | 'secondary'> = {
  scheduled: 'success',
  pending: 'warning',
  conflicted: 'error',
  needs_review: 'secondary',
  cancelled: 'default',
  completed: 'info',
};

/** A schedule status as a coloured chip, with its label in words (never colour alone). */
export function StatusChip({ status }: { status: ScheduleEventStatus }) {
  const t = useT();
  return <Chip size="small" color={COLORS[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} label={statusLabel(t, status)} />;
}
