import { Alert, Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SubjectDataView, SubjectErased } from '../../../shared/privacy';
import type { MessageKey } from '../../../shared/i18n/format';
import { ApiError } from '../app/api';
import { usePageMeta } from '../app/meta';
import { useI18n } from '../i18n/state';
import { downloadSubjectExport, eraseSubject, findSubject } from './api';

type Kind = 'song_requests' | 'shoutout_requests' | 'general_requests' | 'presenter_applications';
const KINDS: readonly Kind[] = ['presenter_applications', 'general_requests', 'shoutout_requests', 'song_requests'];

/** One record as a line: what it says about the person. */
function lineOf(data: SubjectDataView, kind: Kind, id: string): { primary: string; secondary: string } {
  switch (kind) {
    case 'song_requests': {
      const r = data.song_requests.find((x) => x.id === id)!;
      return { primary: `${r.requester} — ${r.title} / ${r.artist}`, secondary: r.message ?? '' };
    }
    case 'shoutout_requests': {
      const r = data.shoutout_requests.find((x) => x.id === id)!;
      return { primary: `${r.requester_name} → ${r.recipient_name}`, secondary: r.message };
    }
    case 'general_requests': {
      const r = data.general_requests.find((x) => x.id === id)!;
      return { primary: `${r.name} <${r.email}> — ${r.subject}`, secondary: r.message };
    }
    case 'presenter_applications': {
      const a = data.presenter_applications.find((x) => x.id === id)!;
      return { primary: `${a.name} <${a.email}>${a.discord_username ? ` · ${a.discord_username}` : ''}`, secondary: a.status };
    }
  }
}

/**
 * Data Requests (issue 37): staff answer a person's written request. Find what names them (name, e-mail or
 * Discord handle; across song requests, shoutouts, messages and presenter applications), download it as a file,
 * and erase the chosen records with a reason that the audit trail keeps. Owner and manager (`privacy.subjects`);
 * the server checks every call.
 */
export default function DataRequestsScreen() {
  const { t, intl } = useI18n();
  usePageMeta({ title: t('dataRequests.title') });
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [data, setData] = useState<SubjectDataView | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<SubjectErased | null>(null);

  const message = (err: unknown) => (err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : t('dataRequests.failed'));
  const when = (iso: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const search = async (term: string) => {
    setBusy(true);
    setError(null);
    try {
      const found = await findSubject(term);
      setData(found);
      setSearched(term);
      setChosen(new Set(KINDS.flatMap((k) => found[k].map((r) => r.id))));
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setErased(null);
    void search(q.trim());
  };

  const exportFile = async () => {
    if (!searched) return;
    setBusy(true);
    setError(null);
    try {
      await downloadSubjectExport(searched);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    if (!data || !searched) return;
    setBusy(true);
    setError(null);
    try {
      const pick = (k: Kind) => data[k].map((r) => r.id).filter((id) => chosen.has(id));
      const res = await eraseSubject({ reason: reason.trim(), song_requests: pick('song_requests'), shoutout_requests: pick('shoutout_requests'), general_requests: pick('general_requests'), presenter_applications: pick('presenter_applications') });
      setErased(res.removed);
      setConfirming(false);
      setReason('');
      await search(searched);
    } catch (err) {
      setConfirming(false);
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const total = data ? KINDS.reduce((n, k) => n + data[k].length, 0) : 0;
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const kindTitle: Record<Kind, MessageKey> = {
    presenter_applications: 'dataRequests.applications',
    general_requests: 'dataRequests.messages',
    shoutout_requests: 'dataRequests.shoutouts',
    song_requests: 'dataRequests.songs',
  };

  let results: ReactNode = null;
  if (data && searched !== null) {
    results = (
      <Card variant="outlined" component="section" aria-labelledby="data-requests-found" sx={{ mt: 3 }} data-testid="data-requests-results">
        <CardContent sx={{ display: 'grid', gap: 2.5 }}>
          <Typography id="data-requests-found" variant="h6" component="h2">
            {t('dataRequests.found', { count: String(total), q: searched })}
          </Typography>
          {total === 0 && <Typography color="text.secondary">{t('dataRequests.nothing')}</Typography>}
          {KINDS.filter((k) => data[k].length > 0).map((k) => (
            <Box key={k} component="section" aria-labelledby={`data-requests-${k}`}>
              <Typography id={`data-requests-${k}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {t(kindTitle[k], { count: String(data[k].length) })}
              </Typography>
              <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {data[k].map((r) => {
                  const line = lineOf(data, k, r.id);
                  return (
                    <Box component="li" key={r.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
                      <FormControlLabel
                        sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
                        control={<Checkbox checked={chosen.has(r.id)} onChange={() => toggle(r.id)} sx={{ mt: -0.5 }} />}
                        label={
                          <Box sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                            <bdi>{line.primary}</bdi>
                            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                              {line.secondary ? (
                                <>
                                  <bdi>{line.secondary}</bdi> ·{' '}
                                </>
                              ) : null}
                              {when(r.created_at)}
                            </Typography>
                          </Box>
                        }
                      />
                    </Box>
                  );
                })}
              </Stack>
            </Box>
          ))}
          {total > 0 && (
            <>
              <div>
                <Button variant="outlined" onClick={() => void exportFile()} disabled={busy}>
                  {t('dataRequests.export')}
                </Button>
              </div>
              <TextField label={t('dataRequests.reason')} helperText={t('dataRequests.reasonHelp')} value={reason} onChange={(e) => setReason(e.target.value)} required slotProps={{ htmlInput: { maxLength: 500 } }} />
              <div>
                <Button color="error" variant="contained" disabled={busy || chosen.size === 0 || reason.trim() === ''} onClick={() => setConfirming(true)}>
                  {t('dataRequests.erase', { count: String(chosen.size) })}
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <Box sx={{ p: { xs: 0, md: 4 }, maxWidth: 1000 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('dataRequests.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('dataRequests.intro')}
      </Typography>
      <Box component="form" onSubmit={onSearch} role="search" aria-label={t('dataRequests.title')} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField label={t('dataRequests.query')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ flex: '1 1 260px' }} slotProps={{ htmlInput: { maxLength: 320 } }} />
        <Button type="submit" variant="contained" disabled={busy || q.trim().length < 2} sx={{ minHeight: 56 }}>
          {t('dataRequests.search')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {erased && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('dataRequests.erased', { count: String(erased.song_requests + erased.shoutout_requests + erased.general_requests + erased.presenter_applications) })}
        </Alert>
      )}
      {results}
      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="data-requests-confirm">
        <DialogTitle id="data-requests-confirm">{t('dataRequests.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('dataRequests.confirmText', { count: String(chosen.size) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('dataRequests.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void erase()} disabled={busy}>
            {t('dataRequests.confirmErase')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
