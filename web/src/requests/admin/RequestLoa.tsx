import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemIcon, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useMemo, useState, type FormEvent } from 'react';
import { can, PRESENTER_ROLES } from '../../../../shared/permissions';
import { LOA_REASONS, type LoaReason } from '../../../../shared/leave';
import type { MessageKey } from '../../../../shared/i18n/format';
import { aroundSlot, SLOT, useT } from '../../i18n/state';
import { reasonText, roleText } from './texts';
import { ApiError } from '../../app/api';
import { useAuth } from '../../auth/AuthProvider';
import { useToast } from '../../ui/toast';
import { useDjs } from '../../presenters/admin/api';
import { useFileLoa } from './api';

const GUIDELINES: MessageKey[] = ['loa.guideline.1', 'loa.guideline.2', 'loa.guideline.3', 'loa.guideline.4', 'loa.guideline.5'];
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
  const t = useT();
  const forAnyone = can(profile?.role ?? null, 'loa.fileForAnyone');
  const djs = useDjs();
  const file = useFileLoa();
  const [form, setForm] = useState(EMPTY);
  const [serverError, setServerError] = useState<string | null>(null);

  const presenters = useMemo(() => (djs.data ?? []).filter((d) => (PRESENTER_ROLES as readonly string[]).includes(d.role)), [djs.data]);
  const datesInvalid = form.start !== '' && form.end !== '' && form.end <= form.start;
  const missing = !form.start || !form.end || !form.reason;

  if (status !== 'signedIn' || !profile) {
    return <Alert severity="info">{t('loa.signedOut')}</Alert>;
  }

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setServerError(null);
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing || file.isPending) return;
    if (forAnyone && !form.presenterId) {
      toast({ title: t('loa.presenterRequired.title'), description: t('loa.presenterRequired.description'), variant: 'error' });
      return;
    }
    if (datesInvalid) {
      toast({ title: t('loa.invalidDates.title'), description: t('loa.invalidDates.description'), variant: 'error' });
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
      toast({ title: t('loa.submitted'), description: own ? t('loa.submittedOwn') : t('loa.submittedFor', { name: loa.presenter_name }), variant: 'success' });
      setForm(EMPTY);
    } catch (err) {
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : t('loa.submitError.description');
      setServerError(message);
      toast({ title: t('loa.submitError.title'), description: message, variant: 'error' });
    }
  };

  const noOwnProfile = !forAnyone && !presenter;
  const [filingBefore, filingAfter] = aroundSlot(t('loa.filingFor', { name: SLOT }));

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('loa.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('loa.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="loa-form-title">
          <CardContent sx={{ display: 'grid', gap: 2.5 }}>
            <Typography id="loa-form-title" variant="h6" component="h2">
              {t('loa.formTitle')}
            </Typography>
            {noOwnProfile && <Alert severity="warning">{t('loa.noPresenterProfile')}</Alert>}
            {forAnyone ? (
              <TextField select label={t('loa.presenter')} value={form.presenterId} onChange={set('presenterId')} required helperText={djs.isError ? t('loa.presentersFailed') : t('loa.presenterHelp')} disabled={djs.isLoading}>
                {presenters.length === 0 && (
                  <MenuItem value="" disabled>
                    {djs.isLoading ? t('loa.loadingPresenters') : t('loa.noPresenters')}
                  </MenuItem>
                )}
                {presenters.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {t('loa.presenterOption', { name: p.name, role: roleText(t, p.role) || t('loa.role.presenter') })}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              presenter && (
                <Typography variant="body2" color="text.secondary">
                  {filingBefore}
                  <strong>{presenter.name}</strong>
                  {filingAfter}
                </Typography>
              )
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="date" label={t('loa.start')} value={form.start} onChange={set('start')} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              <TextField
                type="date"
                label={t('loa.end')}
                value={form.end}
                onChange={set('end')}
                required
                fullWidth
                error={datesInvalid}
                {...(datesInvalid ? { helperText: t('loa.invalidDates.description') } : {})}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.start || undefined } }}
              />
            </Stack>
            <TextField select label={t('loa.reasonLabel')} value={form.reason} onChange={set('reason')} required>
              {LOA_REASONS.map((r) => (
                <MenuItem key={r.value} value={r.value}>
                  {reasonText(t, r.value)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('loa.notes')} value={form.notes} onChange={set('notes')} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={missing || file.isPending || noOwnProfile} startIcon={file.isPending ? <CircularProgress size={18} color="inherit" /> : <EventBusyIcon />}>
                {t('loa.submit')}
              </Button>
            </Box>
          </CardContent>
        </Card>
        <Card component="aside" aria-labelledby="loa-guidelines-title">
          <CardContent>
            <Typography id="loa-guidelines-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('loa.guidelinesTitle')}
            </Typography>
            <List dense disablePadding>
              {GUIDELINES.map((g) => (
                <ListItem key={g} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <CheckIcon fontSize="small" color="primary" />
                  </ListItemIcon>
                  <ListItemText primary={t(g)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
