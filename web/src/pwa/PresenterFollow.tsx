import { Box, Typography } from '@mui/material';
import { useT } from '../i18n/state';
import { FollowButton } from './FollowButton';

/**
 * On a presenter's page (issue 36 item 2): "Notify me when it's live" once for each of their shows (a weekly show is
 * one show however many of its bookings the page lists).
 */
export function PresenterFollow({ shows, presenterId }: { shows: { id: string; title: string; type: string }[]; presenterId: string }) {
  const t = useT();
  const seen = new Set<string>();
  const unique = shows.filter((s) => {
    const key = s.title.trim().toLowerCase();
    if (s.type !== 'show' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return null;
  return (
    <Box component="section" aria-label={t('follow.sectionLabel')} sx={{ mt: 2, display: 'grid', gap: 1.5 }} data-testid="presenter-follow">
      {unique.map((s) => (
        <Box key={s.id}>
          {unique.length > 1 && (
            <Typography variant="body2" sx={{ fontWeight: 700 }} dir="auto">
              {s.title}
            </Typography>
          )}
          <FollowButton show={{ id: s.id, title: s.title, presenterId }} />
        </Box>
      ))}
    </Box>
  );
}
