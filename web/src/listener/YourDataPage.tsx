import { Alert, Box, Button, CircularProgress, Container, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Paper, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MyDataView } from '../../../shared/privacy';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useI18n } from '../i18n/state';
import { currentSessionIds, forgetSessionIds } from '../platform/session';
import { deleteMyData, fetchMyData } from './api';

/** The browser's own push subscription (issue 36's "follow a show"), or null: only this browser knows its endpoint. */
async function pushSubscription(): Promise<PushSubscription | null> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
    const reg = await navigator.serviceWorker.getRegistration();
    return (await reg?.pushManager?.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

type State = { kind: 'loading' } | { kind: 'none' } | { kind: 'error' } | { kind: 'data'; data: MyDataView } | { kind: 'deleted' };

/** One kind of data: its heading and its items, or "None". */
function Kind({ id, title, items }: { id: string; title: string; items: ReactNode[] }) {
  const { t } = useI18n();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('yourData.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 1, lineHeight: 1.6, overflowWrap: 'anywhere' } }}>
          {items}
        </Box>
      )}
    </Box>
  );
}

/**
 * /your-data (issue 37 item 2): what the station holds for this browser, found by the anonymous ids the
 * browser keeps (its request id and its voting id), and a button that deletes it. Afterwards the browser
 * forgets the ids; a later vote or request makes new ones.
 */
export function YourDataPage() {
  const { t, intl } = useI18n();
  const station = useStation();
  usePageMeta({ title: t('yourData.title'), description: t('yourData.description', { station: station.name }) });
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    const ids = currentSessionIds();
    setState({ kind: 'loading' });
    void pushSubscription().then((push) => {
      if (ids.length === 0 && !push) {
        setState({ kind: 'none' });
        return;
      }
      fetchMyData(ids, push?.endpoint ?? null).then(
        (data) => setState({ kind: 'data', data }),
        () => setState({ kind: 'error' }),
      );
    });
  }, []);
  useEffect(load, [load]);

  const when = (iso: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const onDay = (day: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const push = await pushSubscription();
      await deleteMyData(currentSessionIds(), push?.endpoint ?? null);
      forgetSessionIds();
      // The browser's subscription goes too: no station can reach this browser through it any more.
      await push?.unsubscribe().catch(() => false);
      setConfirming(false);
      setState({ kind: 'deleted' });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const d = state.kind === 'data' ? state.data : null;
  const total = d ? d.song_requests.length + d.shoutout_requests.length + d.general_requests.length + d.track_votes.length + d.page_views.length + d.rate_limit_counters + (d.push_follows?.length ?? 0) : 0;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('yourData.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('yourData.intro', { station: station.name })}</Typography>

      {state.kind === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 4 }}>
          <CircularProgress size={24} />
          <span>{t('yourData.loading')}</span>
        </Box>
      )}
      {state.kind === 'error' && (
        <Alert severity="error" action={<Button onClick={load}>{t('yourData.retry')}</Button>} sx={{ mb: 3 }}>
          {t('yourData.loadFailed')}
        </Alert>
      )}
      {state.kind === 'none' && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('yourData.nothing')}
        </Alert>
      )}
      {state.kind === 'deleted' && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t('yourData.deleted')}
        </Alert>
      )}

      {d && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3, borderRadius: 2 }} data-testid="your-data">
          <Kind
            id="your-data-songs"
            title={t('yourData.songs', { count: String(d.song_requests.length) })}
            items={d.song_requests.map((r) => (
              <li key={r.id}>
                <strong>
                  <bdi>{r.title}</bdi>
                </strong>{' '}
                — <bdi>{r.artist}</bdi> · {t('yourData.from', { name: r.requester })}
                {r.message ? (
                  <>
                    {' '}
                    · “<bdi>{r.message}</bdi>”
                  </>
                ) : null}{' '}
                · {when(r.created_at)}
              </li>
            ))}
          />
          <Kind
            id="your-data-shoutouts"
            title={t('yourData.shoutouts', { count: String(d.shoutout_requests.length) })}
            items={d.shoutout_requests.map((r) => (
              <li key={r.id}>
                {t('yourData.shoutoutLine', { from: r.requester_name, to: r.recipient_name })} · “<bdi>{r.message}</bdi>” · {when(r.created_at)}
              </li>
            ))}
          />
          <Kind
            id="your-data-messages"
            title={t('yourData.messages', { count: String(d.general_requests.length) })}
            items={d.general_requests.map((r) => (
              <li key={r.id}>
                <bdi>{r.name}</bdi> · <bdi>{r.email}</bdi> · “<bdi>{r.message}</bdi>” · {when(r.created_at)}
              </li>
            ))}
          />
          <Kind
            id="your-data-votes"
            title={t('yourData.votes', { count: String(d.track_votes.length) })}
            items={d.track_votes.map((v, i) => (
              <li key={i}>
                {t(v.vote_type === 'up' ? 'yourData.up' : 'yourData.down')} ·{' '}
                <strong>
                  <bdi>{v.title}</bdi>
                </strong>{' '}
                — <bdi>{v.artist}</bdi> · {when(v.created_at)}
              </li>
            ))}
          />
          <Kind
            id="your-data-visits"
            title={t('yourData.visits', { count: String(d.page_views.length) })}
            items={d.page_views.map((v, i) => (
              <li key={i}>
                <bdi>{v.title}</bdi> · {onDay(v.view_date)}
              </li>
            ))}
          />
          {(d.push_follows?.length ?? 0) > 0 && (
            <Kind
              id="your-data-follows"
              title={t('yourData.follows', { count: String(d.push_follows.length) })}
              items={d.push_follows.map((f) => (
                <li key={f.show_id}>
                  <bdi>{f.title}</bdi>
                </li>
              ))}
            />
          )}
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('yourData.counters', { count: String(d.rate_limit_counters) })}
          </Typography>
          {total === 0 ? (
            <Alert severity="info">{t('yourData.empty')}</Alert>
          ) : (
            <Button variant="contained" color="error" onClick={() => setConfirming(true)}>
              {t('yourData.delete')}
            </Button>
          )}
        </Paper>
      )}

      <Typography sx={{ mb: 1 }}>{t('yourData.elsewhere')}</Typography>
      <Typography>
        <Link component={RouterLink} to="/privacy-policy" underline="always">
          {t('footer.privacy')}
        </Link>
      </Typography>

      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="your-data-confirm">
        <DialogTitle id="your-data-confirm">{t('yourData.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('yourData.confirmText')}</DialogContentText>
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('yourData.deleteFailed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('yourData.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {t('yourData.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
