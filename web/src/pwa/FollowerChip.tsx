import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/state';
import { fetchFollowerCounts } from './api';

/** The follower counts' query key (one fetch for the whole screen). */
export const FOLLOWER_COUNTS_KEY = ['follows', 'counts'] as const;

/**
 * Staff (follows.view): how many browsers follow these bookings (a series: all of its bookings). Nothing for a
 * user who may not see counts, nor while they load.
 */
export function FollowerChip({ showIds }: { showIds: string[] }) {
  const t = useT();
  const counts = useQuery({ queryKey: FOLLOWER_COUNTS_KEY, queryFn: fetchFollowerCounts, retry: false, staleTime: 60_000 });
  if (!counts.data) return null;
  const ids = new Set(showIds);
  const n = counts.data.filter((c) => ids.has(c.show_id)).reduce((sum, c) => sum + c.followers, 0);
  return <Chip size="small" variant="outlined" data-testid="follower-count" label={t('follow.followerCount', { count: n })} />;
}
