import { Box, Button, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useState } from 'react';
import { useT } from '../i18n/state';
import { FollowError, followShow, unfollowShow, useFollowing, type FollowProblem, type FollowTarget } from './push';

const PROBLEM_KEYS = {
  unsupported: 'follow.unsupported',
  denied: 'follow.denied',
  failed: 'follow.failed',
  homeScreen: 'follow.homeScreen',
} as const satisfies Record<FollowProblem, string>;

/**
 * "Notify me when it's live" (issue 36 item 2), for one show: follows it through the service worker's push
 * subscription, shows that it is followed, and unfollows in one click.
 */
export function FollowButton({ show, size = 'small' }: { show: FollowTarget; size?: 'small' | 'medium' }) {
  const t = useT();
  const following = useFollowing(show);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const toggle = async () => {
    setBusy(true);
    setNote(null);
    try {
      if (following) {
        await unfollowShow(show);
        setNote({ text: t('follow.unfollowed', { title: show.title }), error: false });
      } else {
        await followShow(show);
        setNote({ text: t('follow.followed', { title: show.title }), error: false });
      }
    } catch (err) {
      setNote({ text: t(PROBLEM_KEYS[err instanceof FollowError ? err.problem : 'failed']), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size={size}
        variant={following ? 'contained' : 'outlined'}
        color="primary"
        disabled={busy}
        aria-pressed={following}
        startIcon={following ? <NotificationsActiveIcon aria-hidden /> : <NotificationsNoneIcon aria-hidden />}
        onClick={() => void toggle()}
        data-testid="follow-show"
        sx={{ textTransform: 'none' }}
      >
        {following ? t('follow.following') : t('follow.notify')}
      </Button>
      <Typography role="status" variant="caption" component="p" color={note?.error ? 'error' : 'text.secondary'} sx={{ mt: note ? 0.5 : 0, minHeight: 0 }}>
        {note?.text ?? ''}
      </Typography>
    </Box>
  );
}
