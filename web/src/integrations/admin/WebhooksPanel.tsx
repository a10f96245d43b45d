import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, WebhookCreateSchema, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEvent } from '../../../../shared/integrations';
import { createWebhook, deleteWebhook, fetchWebhookDeliveries, fetchWebhooks, testWebhook, updateWebhook } from '../api';
import { useIsMobile } from '../../app/media';
import { DiscordIcon } from '../DiscordIcon';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useI18n, useT } from '../../i18n/state';
import { useErrorText } from '../../i18n/errors';
import { useToast } from '../../ui/toast';

/** Each event's name and description in the builder (shared/integrations.ts keeps the ids). */
const EVENT_TEXT: Record<WebhookEvent, { label: MessageKey; description: MessageKey }> = {
  'presenter.live': { label: 'webhooks.event.live', description: 'webhooks.event.liveHelp' },
  'show.booked': { label: 'webhooks.event.booked', description: 'webhooks.event.bookedHelp' },
  'application.received': { label: 'webhooks.event.application', description: 'webhooks.event.applicationHelp' },
  'station.dead_air': { label: 'webhooks.event.deadAir', description: 'webhooks.event.deadAirHelp' },
};

/** Event names and delivery times in the reader's language. */
function useWebhookText() {
  const t = useT();
  const { intl } = useI18n();
  const format = new Intl.DateTimeFormat(intl, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return {
    t,
    eventLabel: (e: WebhookEvent | 'test'): string => (e === 'test' ? t('webhooks.event.test') : EVENT_TEXT[e] ? t(EVENT_TEXT[e].label) : e),
    when: (iso: string) => format.format(new Date(iso)),
    /** What Discord last said about a delivery: the failure, else the HTTP status. */
    lastAnswer: (d: WebhookDeliveryView): string => d.last_error ?? (d.last_status_code ? `HTTP ${d.last_status_code}` : '—'),
  };
}

const STATUS: Record<WebhookDeliveryView['status'], { label: MessageKey; color: 'success' | 'warning' | 'error' }> = {
  succeeded: { label: 'webhooks.status.delivered', color: 'success' },
  pending: { label: 'webhooks.status.retrying', color: 'warning' },
  failed: { label: 'webhooks.status.failed', color: 'error' },
};

/**
 * Settings → Outgoing webhooks (owner and manager): point Discord channel
 * webhooks at station events, switch them on and off, send a test, and read
 * the recent deliveries with their outcome. Exported for the Settings screen.
 */
export function WebhooksPanel() {
  const qc = useQueryClient();
  const { toast } = useToast();
  const mobile = useIsMobile();
  const { t, eventLabel, when, lastAnswer } = useWebhookText();
  const say = useErrorText();
  const hooks = useQuery({ queryKey: ['webhooks'], queryFn: () => fetchWebhooks().then((r) => r.webhooks) });
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries'],
    queryFn: () => fetchWebhookDeliveries(25).then((r) => r.deliveries),
    refetchInterval: 10_000,
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['webhooks'] });
    void qc.invalidateQueries({ queryKey: ['webhook-deliveries'] });
  };

  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<WebhookEndpointView | null>(null);

  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: () => {
      toast({ title: t('webhooks.added'), description: t('webhooks.addedHelp'), variant: 'success' });
      setName('');
      setUrl('');
      setEvents([]);
      setErrors({});
      refresh();
    },
    onError: (err: Error) => toast({ title: t('webhooks.addFailed'), description: err.message, variant: 'error' }),
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { active: boolean } }) => updateWebhook(id, patch),
    onSuccess: refresh,
    onError: (err: Error) => toast({ title: t('webhooks.updateFailed'), description: err.message, variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      toast({ title: t('webhooks.deleted'), variant: 'success' });
      setConfirm(null);
      refresh();
    },
    onError: (err: Error) => toast({ title: t('webhooks.deleteFailed'), description: err.message, variant: 'error' }),
  });
  const test = useMutation({
    mutationFn: testWebhook,
    onSuccess: () => {
      toast({ title: t('webhooks.testSent'), description: t('webhooks.testSentHelp'), variant: 'info' });
      setTimeout(refresh, 1500);
    },
    onError: (err: Error) => toast({ title: t('webhooks.testFailed'), description: err.message, variant: 'error' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = WebhookCreateSchema.safeParse({ name, url, events });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= say(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <DiscordIcon /> {t('webhooks.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('webhooks.intro')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate aria-label={t('webhooks.add')}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <TextField label={t('webhooks.name')} value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name ?? t('webhooks.nameHelp')} sx={{ minWidth: { md: 220 } }} slotProps={{ htmlInput: { maxLength: 100 } }} />
                <TextField label={t('webhooks.url')} value={url} onChange={(e) => setUrl(e.target.value)} error={!!errors.url} helperText={errors.url ?? t('webhooks.urlHelp')} fullWidth slotProps={{ htmlInput: { maxLength: 400, spellCheck: false } }} />
              </Stack>
              <FormControl component="fieldset" error={!!errors.events}>
                <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
                <FormGroup row>
                  {WEBHOOK_EVENTS.map((ev) => (
                    <Tooltip key={ev.id} title={t(EVENT_TEXT[ev.id].description)}>
                      <FormControlLabel
                        control={<Checkbox checked={events.includes(ev.id)} onChange={(e) => setEvents(e.target.checked ? [...events, ev.id] : events.filter((x) => x !== ev.id))} />}
                        label={t(EVENT_TEXT[ev.id].label)}
                      />
                    </Tooltip>
                  ))}
                </FormGroup>
                {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
              </FormControl>
              <Box>
                <Button type="submit" variant="contained" startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : <AddIcon />} disabled={create.isPending}>
                  {t('webhooks.add')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('webhooks.list')}
          </Typography>
          {hooks.isPending && <Typography role="status">{t('webhooks.loading')}</Typography>}
          {hooks.isError && (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void hooks.refetch()}>{t('logs.tryAgain')}</Button>}>
              {t('webhooks.loadFailed', { message: hooks.error.message })}
            </Alert>
          )}
          {hooks.data?.length === 0 && <Typography color="text.secondary">{t('webhooks.empty')}</Typography>}
          {hooks.data && hooks.data.length > 0 && (
            <Stack spacing={1.5}>
              {hooks.data.map((h) => (
                <Box key={h.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
                  <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700 }}>{h.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {h.url_masked}
                    </Typography>
                    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
                      {h.events.map((ev) => (
                        <Chip key={ev} size="small" label={eventLabel(ev)} variant="outlined" />
                      ))}
                    </Stack>
                  </Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <FormControlLabel control={<Switch checked={h.active} onChange={(e) => update.mutate({ id: h.id, patch: { active: e.target.checked } })} />} label={h.active ? t('webhooks.active') : t('webhooks.paused')} />
                    <Button size="small" variant="outlined" startIcon={<SendIcon className="flip-rtl" />} onClick={() => test.mutate(h.id)} disabled={test.isPending}>
                      {t('webhooks.sendTest')}
                    </Button>
                    <IconButton aria-label={t('webhooks.deleteNamed', { name: h.name })} onClick={() => setConfirm(h)} color="error">
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {t('webhooks.deliveries')}
            </Typography>
            <IconButton aria-label={t('webhooks.refresh')} onClick={refresh}>
              <RefreshIcon />
            </IconButton>
          </Box>
          {deliveries.isPending && <Typography role="status">{t('webhooks.deliveriesLoading')}</Typography>}
          {deliveries.isError && <Alert severity="error">{t('webhooks.deliveriesFailed', { message: deliveries.error.message })}</Alert>}
          {deliveries.data?.length === 0 && <Typography color="text.secondary">{t('webhooks.deliveriesEmpty')}</Typography>}
          {deliveries.data && deliveries.data.length > 0 && mobile && (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('webhooks.deliveries')}>
              {deliveries.data.map((d) => (
                <Box component="li" key={d.id} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 600 }}>{eventLabel(d.event)}</Typography>
                    <Chip size="small" color={STATUS[d.status].color} label={t(STATUS[d.status].label)} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {d.endpoint_name} · {when(d.created_at)} · {t('webhooks.attempts', { count: d.attempts })}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {lastAnswer(d)}
                    {d.status === 'pending' && d.next_attempt_at ? ` · ${t('webhooks.next', { when: when(d.next_attempt_at) })}` : ''}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
          {deliveries.data && deliveries.data.length > 0 && !mobile && (
            <TableContainer>
              <Table size="small" aria-label={t('webhooks.deliveries')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('webhooks.col.when')}</TableCell>
                    <TableCell>{t('webhooks.col.webhook')}</TableCell>
                    <TableCell>{t('webhooks.col.event')}</TableCell>
                    <TableCell>{t('webhooks.col.status')}</TableCell>
                    <TableCell align="right">{t('webhooks.col.attempts')}</TableCell>
                    <TableCell>{t('webhooks.col.lastAnswer')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {deliveries.data.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.created_at)}</TableCell>
                      <TableCell>{d.endpoint_name}</TableCell>
                      <TableCell>{eventLabel(d.event)}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS[d.status].color} label={t(STATUS[d.status].label)} />
                        {d.status === 'pending' && d.next_attempt_at && (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {t('webhooks.next', { when: when(d.next_attempt_at) })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{d.attempts}</TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {lastAnswer(d)}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{t('webhooks.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('webhooks.confirmText', { name: confirm?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('webhooks.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => confirm && remove.mutate(confirm.id)} disabled={remove.isPending}>
            {t('webhooks.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
