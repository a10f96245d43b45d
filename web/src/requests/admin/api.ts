import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LeaveShowAction, LeaveShowView, LoaInput, LoaView } from '../../../../shared/leave';
import type { MessageKey, Translate } from '../../../../shared/i18n/format';
import { type BulkActionResult, type QueueKind, type RequestKind, type RequestViews } from '../../../../shared/requests';
import { ApiError, endpoint } from '../../app/api';
import { useChannel, useResync } from '../../realtime/hooks';
import { useToast } from '../../ui/toast';
import { useT } from '../../i18n/state';

const LOAD_ERROR: Record<QueueKind, MessageKey> = { song: 'queue.loadError.song', shoutout: 'queue.loadError.shoutout', general: 'queue.loadError.general', loa: 'queue.loadError.loa' };

/** The row of each queue. */
export type QueueRow<K extends QueueKind> = K extends keyof RequestViews ? RequestViews[K] : LoaView;

const path = (kind: QueueKind) => (kind === 'loa' ? '/api/loa' : `/api/requests/${kind}`);
const listQueue = endpoint<{ requests: QueueRow<QueueKind>[] }, [kind: QueueKind, status: string | undefined]>('GET', (kind, status) => `${path(kind)}${status ? `?status=${encodeURIComponent(status)}` : ''}`);
const patchStatus = endpoint<unknown, [kind: QueueKind, id: string, status: string]>('PATCH', (kind, id, status) => ({ path: `${path(kind)}/${id}`, body: { status } }));
const deleteRow = endpoint<null, [kind: QueueKind, id: string]>('DELETE', (kind, id) => `${path(kind)}/${id}`);
/** A bulk action on a listener queue (issue 30). */
export const bulkAction = endpoint<BulkActionResult, [kind: RequestKind, body: { action: 'status'; status: string; ids: string[] } | { action: 'delete'; ids: string[] }]>('POST', (kind, body) => ({ path: `/api/requests/${kind}/bulk`, body }));
const fileLoa = endpoint<LoaView, [input: LoaInput]>('POST', (body) => ({ path: '/api/loa', body }));
/** The presenter's shows inside a leave; approval with a choice per show; a presenter's withdrawal (issue 30). */
export const leaveShows = endpoint<{ shows: LeaveShowView[] }, [id: string]>('GET', (id) => `/api/loa/${id}/shows`);
export const approveLeave = endpoint<LoaView, [id: string, shows: Array<{ id: string; action: LeaveShowAction }>]>('PATCH', (id, shows) => ({ path: `/api/loa/${id}`, body: { status: 'approved', shows } }));
export const withdrawLeave = endpoint<LoaView, [id: string]>('POST', (id) => ({ path: `/api/loa/${id}/withdraw`, body: {} }));
export const queueKey = (kind: QueueKind, status?: string) => (status ? ['queue', kind, status] : ['queue', kind]);

/**
 * One queue's rows (newest first), optionally of one status. It follows the
 * staff `requests` channel: a request created, updated or deleted anywhere
 * refreshes every open queue of that kind, and a reconnect refetches.
 */
export function useQueue<K extends QueueKind>(kind: K, status: string | undefined) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  const query = useQuery({
    queryKey: queueKey(kind, status ?? 'all'),
    // The route answers the rows of the kind asked for.
    queryFn: async () => (await listQueue(kind, status)).requests as QueueRow<K>[],
    staleTime: 10_000,
  });
  useQueueLive(kind);
  // The spec's load failure toast, once per failure.
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && shownError.current !== query.error) {
      shownError.current = query.error;
      toast({ title: t('queue.loadErrorTitle'), description: kind === 'loa' ? t('queue.loaLoadError') : query.error instanceof ApiError ? query.error.message : t(LOAD_ERROR[kind]), variant: 'error' });
    }
  }, [query.error, kind, toast, t]);
  return { ...query, invalidate: () => void qc.invalidateQueries({ queryKey: ['queue', kind] }) };
}

/** Refreshes a kind's queues when the `requests` channel says one changed. */
export function useQueueLive(kind: QueueKind): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['queue', kind] });
  useChannel('requests', (e) => {
    if ((e.name === 'request.created' || e.name === 'request.updated' || e.name === 'request.deleted') && e.data.kind === kind) refresh();
    else if (e.name === 'bus.resync' || e.name.endsWith('.too-big')) refresh();
  });
  useResync('requests', refresh);
}

/** The API error as the spec's update text (001 §8). */
export function updateErrorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 403) return t('queue.updateForbidden');
    if (err.status === 404) return t('queue.updateNotFound');
    if (err.code !== 'network' && err.message) return err.message;
  }
  return t('queue.updateFallback');
}

/** The API error as the spec's delete text (001 §8). */
export function deleteErrorText(t: Translate, kind: QueueKind, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 403) return t('queue.deleteForbidden');
    if (err.status === 404) return kind === 'loa' ? t('queue.deleteFallback') : t('queue.deleteNotFound');
    if (err.code === 'network' && kind !== 'loa') return t('queue.deleteVerifyFailed');
  }
  return t('queue.deleteFallback');
}

/** Status change and delete of one queue, with the spec's toasts; both refresh the queue. */
export function useQueueMutations(kind: QueueKind) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  const settle = () => void qc.invalidateQueries({ queryKey: ['queue', kind] });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) => patchStatus(kind, id, status),
    onSuccess: (_r, v) =>
      toast({ title: t('queue.statusUpdated'), description: kind === 'loa' ? t('queue.loaStatusChanged', { status: v.status }) : t('queue.statusChanged', { status: v.status }), variant: 'success' }),
    onError: (err) => toast({ title: t('queue.updateFailed'), description: updateErrorText(t, err), variant: 'error' }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteRow(kind, id),
    onSuccess: () => toast({ title: t('queue.deleted'), variant: 'success' }),
    onError: (err) => toast({ title: t('queue.deleteFailed'), description: deleteErrorText(t, kind, err), variant: 'error' }),
    onSettled: settle,
  });
  return { setStatus, remove };
}

/** Files a leave request. */
export function useFileLoa() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fileLoa, onSettled: () => void qc.invalidateQueries({ queryKey: ['queue', 'loa'] }) });
}
