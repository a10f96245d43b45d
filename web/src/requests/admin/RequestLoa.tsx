import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemIcon, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useMemo, useState, type FormEvent } from 'react';
import { can, PRESENTER_ROLES, presenterRoleLabel } from '../../../../shared/permissions';
import { LOA_REASONS, LOA_TEXTS, type LoaReason } from '../../../../shared/leave';
import { ApiError } from '../../app/api';
import { useAuth } from '../../auth/AuthProvider';
import { useToast } from '../../ui/toast';
import { useDjs } from '../../presenters/admin/api';
import { useFileLoa } from './api';

const EMPTY = { presenterId: '', start: '', end: '', reason: '' as LoaReason | '', notes: '' };

/**
 * Request LOA (001 §2, §5): moderators and above pick any presenter; everyone
 * else files for their own presenter record. Submit stays disabled while a
 * date or the reason is missing or while sending; the end must be after the
 * start. The form keeps its values when the server refuses.
 */
export default function RequestLoa() {
  const { profile, presenter, status } = useAuth();
  const { toast } = useToast();
  const forAnyone = can(profile?.role ?? null, 'loa.fileForAnyone');
  const djs = useDjs();
  const file = useFileLoa();
  const [form, setForm] = useState(EMPTY);
  const [serverError, setServerError] = useState<string | null>(null);

  const presenters = useMemo(() => (djs.data ?? []).filter((d) => (PRESENTER_ROLES as readonly string[]).includes(d.role)), [djs.data]);
  const datesInvalid = form.start !== '' && form.end !== '' && form.end <= form.start;
  const missing = !form.start || !form.end || !form.reason;

  if (status !== 'signedIn' || !profile) {
    return <Alert severity="info">{LOA_TEXTS.signedOut}</Alert>;
  }

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setServerError(null);
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing || file.isPending) return;
    if (forAnyone && !form.presenterId) {
      toast({ ...LOA_TEXTS.presenterRequired, variant: 'error' });
      return;
    }
    if (datesInvalid) {
      toast({ ...LOA_TEXTS.invalidDates, variant: 'error' });
      return;
    }
    try {
      const loa = await file.mutateAsync({
        ...(forAnyone ? { presenter_id: form.presenterId } : {}),
        start_date: form.start,
        end_date: form.end,
        reason: form.reason as LoaReason,
        additional_notes: form.notes || null,
      });
      const own = presenter ? loa.presenter_id === presenter.id : !forAnyone;
      toast({ title: LOA_TEXTS.submitted, description: own ? LOA_TEXTS.submittedOwn : LOA_TEXTS.submittedFor(loa.presenter_name), variant: 'success' });
      setForm(EMPTY);
    } catch (err) {
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : LOA_TEXTS.submitError.description;
      setServerError(message);
      toast({ title: LOA_TEXTS.submitError.title, description: message, variant: 'error' });
    }
  };

  const noOwnProfile = !forAnyone && !presenter;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Request LOA
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Ask for time off the schedule. Management reviews every request.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="loa-form-title">
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <Typography id="loa-form-title" variant="h6" component="h2">
              Leave of absence details
            </Typography>
            {noOwnProfile && <Alert severity="warning">{LOA_TEXTS.noPresenterProfile}</Alert>}
            {forAnyone ? (
              <TextField select label="Presenter" value={form.presenterId} onChange={set('presenterId')} required helperText={djs.isError ? 'Could not load presenters. Please refresh the page.' : 'Who is the leave for?'} disabled={djs.isLoading}>
                {presenters.length === 0 && (
                  <MenuItem value="" disabled>
                    {djs.isLoading ? 'Loading presenters…' : 'No presenters yet'}
                  </MenuItem>
                )}
                {presenters.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name} · {presenterRoleLabel(p.role)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              presenter && (
                <Typography variant="body2" color="text.secondary">
                  Filing for <strong>{presenter.name}</strong>
                </Typography>
              )
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="date" label="Start date" value={form.start} onChange={set('start')} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              <TextField
                type="date"
                label="End date"
                value={form.end}
                onChange={set('end')}
                required
                fullWidth
                error={datesInvalid}
                {...(datesInvalid ? { helperText: LOA_TEXTS.invalidDates.description } : {})}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.start || undefined } }}
              />
            </Stack>
            <TextField select label="Reason" value={form.reason} onChange={set('reason')} required>
              {LOA_REASONS.map((r) => (
                <MenuItem key={r.value} value={r.value}>
                  {r.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Additional notes (optional)" value={form.notes} onChange={set('notes')} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={missing || file.isPending || noOwnProfile} startIcon={file.isPending ? <CircularProgress size={18} color="inherit" /> : <EventBusyIcon />}>
                Submit LOA Request
              </Button>
            </Box>
          </CardContent>
        </Card>
        <Card component="aside" aria-labelledby="loa-guidelines-title">
          <CardContent>
            <Typography id="loa-guidelines-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              Guidelines
            </Typography>
            <List dense disablePadding>
              {LOA_TEXTS.guidelines.map((g) => (
                <ListItem key={g} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <CheckIcon fontSize="small" color="primary" />
                  </ListItemIcon>
                  <ListItemText primary={g} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
