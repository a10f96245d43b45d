import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useVotes } from '../hooks';
import { useT } from '../../i18n/state';

/** One vote count; nothing until it is known (a 0 that turns into 3 would be wrong for a moment). */
function VoteCount({ count, noun, testId }: { count: number | undefined; noun: 'vote.likes' | 'vote.dislikes'; testId: string }) {
  const t = useT();
  if (count === undefined) return <Box aria-hidden sx={{ minWidth: 16 }} />;
  return (
    <Typography variant="body2" data-testid={testId} sx={{ minWidth: 16, textAlign: 'center' }} aria-label={t(noun, { count })}>
      {count}
    </Typography>
  );
}

/** Up and down vote buttons with live counts for one track; pressing the same vote again removes it. */
export function VoteButtons({ trackId, title }: { trackId: string | null; title: string }) {
  const { votes, vote, isVoting, error } = useVotes(trackId);
  const t = useT();
  if (!trackId) return null;
  const mine = votes?.my_vote ?? null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }} aria-label={t('vote.group', { title })} role="group">
      <Tooltip title={mine === 'up' ? t('vote.removeLike') : t('vote.like')}>
        <IconButton size="small" aria-label={t('vote.likeTitle', { title })} aria-pressed={mine === 'up'} disabled={isVoting} onClick={() => vote('up')} color={mine === 'up' ? 'primary' : 'default'}>
          {mine === 'up' ? <ThumbUpIcon fontSize="small" /> : <ThumbUpOutlinedIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <VoteCount count={votes?.up_votes} noun="vote.likes" testId="up-votes" />
      <Tooltip title={mine === 'down' ? t('vote.removeDislike') : t('vote.dislike')}>
        <IconButton size="small" aria-label={t('vote.dislikeTitle', { title })} aria-pressed={mine === 'down'} disabled={isVoting} onClick={() => vote('down')} color={mine === 'down' ? 'primary' : 'default'}>
          {mine === 'down' ? <ThumbDownIcon fontSize="small" /> : <ThumbDownOutlinedIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <VoteCount count={votes?.down_votes} noun="vote.dislikes" testId="down-votes" />
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ ml: 0.5 }}>
          {t('vote.failed')}
        </Typography>
      )}
    </Box>
  );
}
