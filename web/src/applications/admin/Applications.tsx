import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { APPLICATION_REVIEW_TEXTS, AVAILABILITY_SLOTS, type ApplicationStatus, type ApplicationView } from '../../../../shared/applications';
import { ApiError } from '../../app/api';
import { LoadStates } from '../../ui/LoadStates';
import { useIsMobile } from '../../app/media';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useI18n, useT, type I18n } from '../../i18n/state';
import { useQueueDate } from '../../requests/admin/texts';
import { useToast } from '../../ui/toast';
import { useApplications, useApplicationsLive, useDecideApplication } from './api';
import { StatusChip } from '../../requests/admin/QueueTable';

const TABS: { value: ApplicationStatus; label: MessageKey }[] = [
  { value: 'pending', label: 'applications.pending' },
  { value: 'approved', label: 'applications.approved' },
  { value: 'rejected', label: 'applications.rejected' },
];

const SLOT_HOURS: Record<string, [number, number]> = { Morning: [6, 12], Afternoon: [12, 18], Evening: [18, 24] };

/** A slot with its hours: 'Weekday evening (6PM-12AM)' in English, the reader's clock from Intl in the others. */
function slotLabel({ t, locale, intl }: I18n, id: string): string {
  const s = AVAILABILITY_SLOTS.find((x) => x.id === id);
  if (!s) return id;
  const period = t(`applications.slot.${s.id}` as MessageKey);
  const hours = SLOT_HOURS[s.label];
  if (locale === 'en' || !hours) return t('application.slot', { period, hours: s.hours });
  const clock = new Intl.DateTimeFormat(intl, { hour: 'numeric', timeZone: 'UTC' });
  const at = (h: number) => clock.format(new Date(Date.UTC(2024, 0, 1, h % 24)));
  return t('application.slot', { period, hours: t('application.hours', { from: at(hours[0]), to: at(hours[1]) }) });
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** The selected application: every answer, and Approve / Reject while pending (decisions are final). */
function DetailCard({ app }: { app: ApplicationView }) {
  const decide = useDecideApplication();
  const { toast } = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const formatQueueDate = useQueueDate();
  const [confirm, setConfirm] = useState<'approved' | 'rejected' | null>(null);

  const run = async (status: 'approved' | 'rejected') => {
    try {
      await decide.mutateAsync({ id: app.id, status });
      toast({ title: APPLICATION_REVIEW_TEXTS.updated, description: APPLICATION_REVIEW_TEXTS.updatedText(app.name, status), variant: 'success' });
    } catch (err) {
      toast({ title: APPLICATION_REVIEW_TEXTS.failed, ...(err instanceof ApiError && err.status === 409 ? { description: err.message } : {}), variant: 'error' });
    } finally {
      setConfirm(null);
    }
  };

  return (
    <Card aria-labelledby="application-detail-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="application-detail-title" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
              {app.name}
            </Typography>
            <Typography component="a" href={`mailto:${app.email}`} sx={{ color: 'primary.main', wordBreak: 'break-all' }}>
              {app.email}
            </Typography>
          </Box>
          <StatusChip status={app.status} />
        </Stack>
        <Divider />
        <Field label={t('applications.experience')}>{app.experience}</Field>
        <Field label={t('applications.showIdea')}>{app.show_idea}</Field>
        <Field label={t('applications.availability')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            {app.available_times.map((slot) => (
              <Chip key={slot} size="small" label={slotLabel(i18n, slot)} />
            ))}
          </Stack>
        </Field>
        <Field label={t('applications.discord')}>{app.has_discord ? `${app.discord_username ?? t('applications.yes')}${app.discord_linked ? t('applications.linked') : ''}` : t('applications.noDiscord')}</Field>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
          <Field label={t('applications.submitted')}>{formatQueueDate(app.created_at)}</Field>
          {app.reviewed_at && <Field label={t('applications.reviewed')}>{formatQueueDate(app.reviewed_at)}</Field>}
        </Stack>
        {app.status === 'pending' ? (
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setConfirm('approved')} disabled={decide.isPending}>
              {t('applications.approve')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setConfirm('rejected')} disabled={decide.isPending}>
              {t('applications.reject')}
            </Button>
          </Stack>
        ) : (
          <Alert severity="info">{app.status === 'approved' ? t('applications.decidedApproved') : t('applications.decidedRejected')}</Alert>
        )}
      </CardContent>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="decide-title" maxWidth="xs" fullWidth>
        <DialogTitle id="decide-title">{confirm === 'approved' ? t('applications.approveTitle') : t('applications.rejectTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm === 'approved' ? t('applications.approveText', { name: app.name }) : t('applications.rejectText', { name: app.name })}
            {app.discord_linked ? t('applications.toldOnDiscord') : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} autoFocus>
            {t('applications.cancel')}
          </Button>
          <Button variant="contained" color={confirm === 'approved' ? 'success' : 'error'} onClick={() => confirm && void run(confirm)} disabled={decide.isPending}>
            {confirm === 'approved' ? t('applications.approve') : t('applications.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** Applications (001 §2): tabs Pending, Approved and Rejected with counts, a list and a detail card. */
export default function Applications() {
  const { data, isLoading, error, refetch } = useApplications();
  useApplicationsLive();
  const mobile = useIsMobile();
  const [tab, setTab] = useState<ApplicationStatus>('pending');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = useMemo(() => (data?.applications ?? []).filter((a) => a.status === tab), [data, tab]);
  const selected = rows.find((a) => a.id === selectedId) ?? rows[0] ?? null;
  useEffect(() => setSelectedId(null), [tab]);
  const t = useT();
  const formatQueueDate = useQueueDate();

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('applications.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('applications.intro')}
      </Typography>
      <Tabs value={tab} onChange={(_, v: ApplicationStatus) => setTab(v)} aria-label={t('applications.statusTabs')} variant={mobile ? 'fullWidth' : 'standard'} sx={{ mb: 2 }}>
        {TABS.map((tb) => (
          <Tab key={tb.value} value={tb.value} label={t('applications.tabCount', { label: t(tb.label), count: data?.counts[tb.value] ?? 0 })} id={`tab-${tb.value}`} aria-controls="applications-panel" sx={{ minWidth: 0, px: { xs: 0.5, sm: 2 }, whiteSpace: 'nowrap', fontSize: { xs: '0.8125rem', sm: '0.875rem' } }} />
        ))}
      </Tabs>
      <Box id="applications-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <LoadStates error={error} loading={isLoading} empty={rows.length === 0} failText={t('applications.loadFailed')} loadingLabel={t('applications.loading')} emptyText={APPLICATION_REVIEW_TEXTS.empty} onRetry={() => void refetch()} skeletons={3} skeletonHeight={64}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' }, alignItems: 'start' }}>
            <Card>
              <List aria-label={t('applications.listLabel', { label: t(TABS.find((tb) => tb.value === tab)!.label) })} disablePadding>
                {rows.map((a) => (
                  <ListItem key={a.id} disablePadding divider>
                    <ListItemButton selected={selected?.id === a.id} aria-current={selected?.id === a.id ? 'true' : undefined} onClick={() => setSelectedId(a.id)}>
                      <ListItemText primary={a.name} secondary={`${a.email} · ${formatQueueDate(a.created_at)}`} slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { noWrap: true } }} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Card>
            {selected && <DetailCard key={selected.id} app={selected} />}
          </Box>
        </LoadStates>
      </Box>
    </Box>
  );
}
