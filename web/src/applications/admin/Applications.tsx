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
import { formatQueueDate } from '../../../../shared/time';
import { ApiError } from '../../app/api';
import { LoadStates } from '../../ui/LoadStates';
import { useIsMobile } from '../../app/media';
import { useToast } from '../../ui/toast';
import { useApplications, useApplicationsLive, useDecideApplication } from './api';
import { StatusChip } from '../../requests/admin/QueueTable';

const TABS: { value: ApplicationStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function slotLabel(id: string): string {
  const s = AVAILABILITY_SLOTS.find((x) => x.id === id);
  return s ? `${s.group} ${s.label.toLowerCase()} (${s.hours})` : id;
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
        <Field label="Experience">{app.experience}</Field>
        <Field label="Show idea">{app.show_idea}</Field>
        <Field label="Availability">
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            {app.available_times.map((t) => (
              <Chip key={t} size="small" label={slotLabel(t)} />
            ))}
          </Stack>
        </Field>
        <Field label="Discord">{app.has_discord ? `${app.discord_username ?? 'Yes'}${app.discord_linked ? ' (linked, will be messaged on a decision)' : ''}` : 'No Discord account'}</Field>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
          <Field label="Submitted">{formatQueueDate(app.created_at)}</Field>
          {app.reviewed_at && <Field label="Reviewed">{formatQueueDate(app.reviewed_at)}</Field>}
        </Stack>
        {app.status === 'pending' ? (
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setConfirm('approved')} disabled={decide.isPending}>
              Approve
            </Button>
            <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setConfirm('rejected')} disabled={decide.isPending}>
              Reject
            </Button>
          </Stack>
        ) : (
          <Alert severity="info">This application has been {app.status}. Decisions are final.</Alert>
        )}
      </CardContent>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="decide-title" maxWidth="xs" fullWidth>
        <DialogTitle id="decide-title">{confirm === 'approved' ? 'Approve application?' : 'Reject application?'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm === 'approved' ? `Approve ${app.name}'s application?` : `Reject ${app.name}'s application?`} This decision is final.
            {app.discord_linked ? ' The applicant will be told on Discord.' : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} autoFocus>
            Cancel
          </Button>
          <Button variant="contained" color={confirm === 'approved' ? 'success' : 'error'} onClick={() => confirm && void run(confirm)} disabled={decide.isPending}>
            {confirm === 'approved' ? 'Approve' : 'Reject'}
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

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Applications
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        People who applied to present through Become a DJ.
      </Typography>
      <Tabs value={tab} onChange={(_, v: ApplicationStatus) => setTab(v)} aria-label="Application status" variant={mobile ? 'fullWidth' : 'standard'} sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={`${t.label} (${data?.counts[t.value] ?? 0})`} id={`tab-${t.value}`} aria-controls="applications-panel" sx={{ minWidth: 0, px: { xs: 0.5, sm: 2 }, whiteSpace: 'nowrap', fontSize: { xs: '0.8125rem', sm: '0.875rem' } }} />
        ))}
      </Tabs>
      <Box id="applications-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <LoadStates error={error} loading={isLoading} empty={rows.length === 0} failText="Failed to load applications." loadingLabel="Loading applications" emptyText={APPLICATION_REVIEW_TEXTS.empty} onRetry={() => void refetch()} skeletons={3} skeletonHeight={64}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' }, alignItems: 'start' }}>
            <Card>
              <List aria-label={`${tab} applications`} disablePadding>
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
