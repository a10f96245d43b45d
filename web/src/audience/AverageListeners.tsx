import { Typography } from '@mui/material';
import { useAudienceVisibility, usePresenterAverages, useProfileAverage } from './api';

const text = (avg: number) => `Avg ${avg.toLocaleString('en-GB', { maximumFractionDigits: 1 })} listeners per show`;

/**
 * Average listeners per show of a DJ, under their name on DJs & Staff (the
 * last 90 days; moderators and up see every DJ's, presenters their own).
 * Nothing when there is no reading.
 */
export function AverageListeners({ presenterId }: { presenterId: string }) {
  const { data } = usePresenterAverages();
  const avg = data?.find((p) => p.presenter_id === presenterId)?.average ?? null;
  if (avg === null) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="dj-average-listeners">
      {text(avg)}
    </Typography>
  );
}

/** The same on the public DJ profile, only when General Settings show it (off by default). */
export function PublicAverageListeners({ presenterId }: { presenterId: string }) {
  const visibility = useAudienceVisibility();
  const { data } = useProfileAverage(presenterId, visibility.data?.profiles === true);
  if (!data || data.average === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="profile-average-listeners">
      {text(data.average)}
    </Typography>
  );
}
