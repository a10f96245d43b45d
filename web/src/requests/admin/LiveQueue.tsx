import CampaignIcon from '@mui/icons-material/Campaign';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { ShoutoutRequestView, SongRequestView } from '../../../../shared/requests';
import { useT } from '../../i18n/state';
import { useQueueDate } from './texts';
import { useQueue, useQueueMutations } from './api';
import { StatusChip, useQueueRights } from './QueueTable';

type Item = { kind: 'song'; row: SongRequestView } | { kind: 'shoutout'; row: ShoutoutRequestView };
const LIVE = new Set(['pending', 'approved']);

/** One request with its one-click actions: Approve (pending), Played / Completed, Reject. */
function LiveItem({ item, busy, onStatus, allowed }: { item: Item; busy: boolean; onStatus: (status: string) => void; allowed: boolean }) {
  const { row } = item;
  const t = useT();
  const formatQueueDate = useQueueDate();
  const done = item.kind === 'song' ? 'played' : 'completed';
  const name = item.kind === 'song' ? t('queue.song.describe', { title: item.row.title, artist: item.row.artist }) : t('queue.live.shoutoutTo', { name: item.row.recipient_name });
  return (
    <ListItem divider sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'center', px: 0 }} data-testid="live-item">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        {item.kind === 'song' ? <MusicNoteIcon color="primary" aria-hidden sx={{ mt: 0.25 }} /> : <CampaignIcon color="secondary" aria-hidden sx={{ mt: 0.25 }} />}
        <Box sx={{ minWidth: 0 }}>
          {item.kind === 'song' ? (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {item.row.title} <Typography component="span" color="text.secondary">· {item.row.artist}</Typography>
            </Typography>
          ) : (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {t('queue.live.to', { name: item.row.recipient_name })} <Typography component="span" color="text.secondary">{t('queue.live.from', { name: item.row.requester_name })}</Typography>
            </Typography>
          )}
          {(item.kind === 'shoutout' ? item.row.message : item.row.message) && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {item.row.message}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <StatusChip status={row.status} />
            <Typography variant="caption" color="text.secondary">
              {item.kind === 'song' ? `${t('queue.live.for', { name: item.row.requester })} · ` : ''}
              {formatQueueDate(row.created_at)}
            </Typography>
          </Stack>
        </Box>
      </Stack>
      {allowed && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
          {row.status === 'pending' && (
            <Button size="small" variant="outlined" color="success" disabled={busy} onClick={() => onStatus('approved')} aria-label={t('queue.live.approveLabel', { name })}>
              {t('queue.live.approve')}
            </Button>
          )}
          <Button size="small" variant="contained" disabled={busy} onClick={() => onStatus(done)} aria-label={item.kind === 'song' ? t('queue.live.playedLabel', { name }) : t('queue.live.completedLabel', { name })}>
            {item.kind === 'song' ? t('queue.status.played') : t('queue.status.completed')}
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={() => onStatus('rejected')} aria-label={t('queue.live.rejectLabel', { name })}>
            {t('queue.live.reject')}
          </Button>
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * The presenter's live queue on the On Air screen: pending and approved song
 * requests and shoutouts, oldest first (the order to play them), with
 * one-click actions. Built on the queue API and hooks of the request screens,
 * so it follows the `requests` channel and shows the same toasts.
 */
export function LiveQueue() {
  const songs = useQueue('song', undefined);
  const shoutouts = useQueue('shoutout', undefined);
  const songMut = useQueueMutations('song');
  const shoutMut = useQueueMutations('shoutout');
  const rights = useQueueRights('song');
  const t = useT();

  const items = useMemo<Item[]>(() => {
    const all: Item[] = [
      ...(songs.data ?? []).filter((r) => LIVE.has(r.status)).map((row) => ({ kind: 'song' as const, row })),
      ...(shoutouts.data ?? []).filter((r) => LIVE.has(r.status)).map((row) => ({ kind: 'shoutout' as const, row })),
    ];
    return all.sort((a, b) => a.row.created_at.localeCompare(b.row.created_at));
  }, [songs.data, shoutouts.data]);

  const pending = items.filter((i) => i.row.status === 'pending').length;
  const busy = (i: Item) => {
    const m = i.kind === 'song' ? songMut.setStatus : shoutMut.setStatus;
    return m.isPending && m.variables?.id === i.row.id;
  };

  return (
    <Card component="section" aria-labelledby="live-queue-title">
      <CardHeader
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id="live-queue-title" variant="h6" component="h2">
              {t('queue.live.title')}
            </Typography>
            <Chip size="small" label={t('queue.live.pending', { count: pending })} color={pending ? 'warning' : 'default'} />
          </Stack>
        }
        subheader={t('queue.live.subheader')}
      />
      <CardContent sx={{ pt: 0 }}>
        {songs.error || shoutouts.error ? (
          <Alert severity="error">{songs.error ? t('queue.loadError.song') : t('queue.loadError.shoutout')}</Alert>
        ) : songs.isLoading || shoutouts.isLoading ? (
          <Box role="status" aria-label={t('queue.live.loading')}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('queue.live.empty')}
          </Typography>
        ) : (
          <List aria-label={t('queue.live.title')} disablePadding sx={{ maxHeight: 480, overflowY: 'auto' }}>
            {items.map((i) => (
              <LiveItem key={`${i.kind}-${i.row.id}`} item={i} busy={busy(i)} allowed={rights.change} onStatus={(s) => (i.kind === 'song' ? songMut : shoutMut).setStatus.mutate({ id: i.row.id, status: s })} />
            ))}
          </List>
        )}
        {!rights.change && <Typography variant="body2" color="text.secondary">{t('queue.denied.description')}</Typography>}
      </CardContent>
    </Card>
  );
}
