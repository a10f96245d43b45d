import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LinkIcon from '@mui/icons-material/Link';
import { Avatar, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, MenuItem, Stack, TableCell, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState, type FormEvent } from 'react';
import { can, PRESENTER_ROLES, presenterRoleLabel } from '../../../../shared/permissions';
import { DJ_TEXTS, DjInputSchema, SOCIAL_LABELS, SOCIAL_PLATFORMS, type SocialPlatform, type StaffDj } from '../../../../shared/presenters';
import { absoluteUrl, ApiError } from '../../app/api';
import { LoadStates } from '../../ui/LoadStates';
import { useIsMobile } from '../../app/media';
import { useAuth } from '../../auth/AuthProvider';
import { useToast } from '../../ui/toast';
import { useDjMutations, useDjs } from './api';
import { useUsers } from '../../admin/users/api';
import { ConfirmDeleteDialog } from '../../requests/admin/QueueTable';
import { FilterCard, SearchField } from '../../ui/Filters';
import { CardsOrTable, StaffScreenHeader } from '../../ui/StaffList';
import { AverageListeners } from '../../audience/AverageListeners';
import { useI18n, useT } from '../../i18n/state';
import { useErrorText } from '../../i18n/errors';
import { reasonText } from '../../requests/admin/texts';

const dateFmtOf = (intl: string) => new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric' });

/** The on-leave indicator: start and end date and the reason (001 §2), in the reader's language. */
function LeaveChip({ dj }: { dj: StaffDj }) {
  const { t, intl } = useI18n();
  if (!dj.leave) return null;
  const day = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString(intl, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const reason = reasonText(t, dj.leave.reason);
  const values = { start: day(dj.leave.start_date), end: day(dj.leave.end_date), reason };
  const text = dj.leave.current ? t('djsAdmin.leaveChipCurrent', values) : t('djsAdmin.leaveChip', values);
  return <Chip size="small" color={dj.leave.current ? 'warning' : 'default'} icon={<EventBusyIcon />} label={text} sx={{ maxWidth: '100%' }} />;
}

function SocialLinks({ dj, hideEmpty }: { dj: StaffDj; hideEmpty?: boolean }) {
  const t = useT();
  const links = SOCIAL_PLATFORMS.filter((p) => dj.social_links[p]);
  if (links.length === 0 && hideEmpty) return null;
  if (links.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('djsAdmin.none')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {links.map((p) => (
        <Chip key={p} size="small" component="a" href={dj.social_links[p]!} target="_blank" rel="noopener noreferrer" clickable icon={<LinkIcon />} label={SOCIAL_LABELS[p]} variant="outlined" />
      ))}
    </Stack>
  );
}

type FormState = { name: string; role: string; bio: string; azuracast_id: string; user_id: string; social: Record<SocialPlatform, string> };
const blankSocial = () => Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, ''])) as Record<SocialPlatform, string>;

/** Add New DJ / Edit DJ Profile (001 §2, §5): name required, role default Presenter, URLs checked, empty saved as null. */
function DjDialog({ dj, onClose }: { dj: StaffDj | null; onClose: () => void }) {
  const mobile = useIsMobile();
  const { save } = useDjMutations();
  const { toast } = useToast();
  const t = useT();
  const say = useErrorText();
  const [form, setForm] = useState<FormState>(() => ({
    name: dj?.name ?? '',
    role: dj && (PRESENTER_ROLES as readonly string[]).includes(dj.role) ? dj.role : 'presenter',
    bio: dj?.bio ?? '',
    azuracast_id: dj?.azuracast_id ?? '',
    user_id: dj?.user_id ?? '',
    social: { ...blankSocial(), ...Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, dj?.social_links[p] ?? ''])) },
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Accounts without a DJ profile (and this DJ's own) can be linked: the account books and requests leave as this DJ.
  const users = useUsers();
  const accounts = (users.data ?? []).filter((u) => !u.presenter || u.presenter.id === dj?.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { name: form.name, role: form.role, bio: form.bio, azuracast_id: form.azuracast_id, social_links: form.social, user_id: form.user_id || null };
    const parsed = DjInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), say(i.message)])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ ...(dj ? { id: dj.id } : {}), input: parsed.data });
      toast({ title: t('djsAdmin.savedTitle'), description: t(dj ? 'djsAdmin.updated' : 'djsAdmin.added', { name: saved.name }), variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast({ title: t('djsAdmin.authTitle'), description: t('djsAdmin.authText'), variant: 'error' });
      else {
        // The name's refusal by its key (the server says it in the reader's language), else the account's.
        if (err instanceof ApiError && err.status === 409) setErrors(err.key === 'error.djNameTaken' || err.message === DJ_TEXTS.nameTaken ? { name: err.message } : { user_id: err.message });
        toast({ title: t('djsAdmin.error'), description: t('djsAdmin.saveFailed', { message: err instanceof Error ? err.message : t('notifications.unknownError') }), variant: 'error' });
      }
    }
  };

  const title = dj ? t('djsAdmin.editTitle') : t('djsAdmin.addTitle');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={mobile} aria-labelledby="dj-dialog-title">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="dj-dialog-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField label={t('djsAdmin.name')} required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} error={!!errors.name} helperText={errors.name} autoFocus slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField select label={t('djsAdmin.role')} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            {PRESENTER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {presenterRoleLabel(r)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('djsAdmin.account')}
            value={form.user_id}
            onChange={(e) => setForm({ ...form, user_id: e.target.value })}
            error={!!errors.user_id}
            helperText={errors.user_id ?? (users.isError ? t('djsAdmin.accountsFailed') : t('djsAdmin.accountHelp'))}
          >
            <MenuItem value="">{t('djsAdmin.noAccount')}</MenuItem>
            {form.user_id && !accounts.some((u) => u.id === form.user_id) && <MenuItem value={form.user_id}>{t('djsAdmin.linkedAccount')}</MenuItem>}
            {accounts.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.username} ({u.email})
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('djsAdmin.bio')} multiline minRows={3} value={form.bio} onChange={(e) => setForm({ ...form, bio: e.target.value })} error={!!errors.bio} helperText={errors.bio} />
          <TextField label={t('djsAdmin.streamerId')} value={form.azuracast_id} onChange={(e) => setForm({ ...form, azuracast_id: e.target.value })} error={!!errors.azuracast_id} helperText={errors.azuracast_id ?? t('djsAdmin.streamerHelp')} />
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('djsAdmin.social')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {SOCIAL_PLATFORMS.map((p) => (
              <TextField
                key={p}
                label={SOCIAL_LABELS[p]}
                type="url"
                placeholder={t('djsAdmin.urlPlaceholder')}
                value={form.social[p]}
                onChange={(e) => setForm({ ...form, social: { ...form.social, [p]: e.target.value } })}
                error={!!errors[`social_links.${p}`]}
                helperText={errors[`social_links.${p}`]}
                size="small"
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('djsAdmin.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {dj ? t('djsAdmin.save') : t('djsAdmin.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DjAvatar({ dj, size = 36 }: { dj: StaffDj; size?: number }) {
  return (
    <Avatar src={absoluteUrl(dj.image_url)} alt="" sx={{ width: size, height: size, bgcolor: 'primary.main', fontWeight: 700 }}>
      {dj.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** DJs & Staff (001 §2): search, role filter, the directory table with leave, and add, edit, delete for moderators and above. */
export default function DjsStaff() {
  const { profile } = useAuth();
  const { data, isLoading, error, refetch } = useDjs();
  const { remove } = useDjMutations();
  const { toast } = useToast();
  const { t, intl } = useI18n();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('all');
  const [editing, setEditing] = useState<StaffDj | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffDj | null>(null);
  const manage = can(profile?.role ?? null, 'djs.manage');

  const roles = useMemo(() => [...new Set((data ?? []).map((d) => d.role))].sort(), [data]);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data ?? []).filter((d) => (!q || d.name.toLowerCase().includes(q) || (d.bio ?? '').toLowerCase().includes(q)) && (role === 'all' || d.role === role));
  }, [data, search, role]);

  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: t('djsAdmin.deleted'), description: t('djsAdmin.removed', { name: deleting.name }), variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast({ title: t('djsAdmin.authTitle'), description: t('djsAdmin.authText'), variant: 'error' });
      // A DJ with upcoming shows or leave is kept; the server says what is still booked.
      else toast({ title: t('djsAdmin.error'), description: err instanceof ApiError && err.status === 409 ? err.message : t('djsAdmin.deleteFailed'), variant: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  const actions = (d: StaffDj) =>
    manage ? (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        <Tooltip title={t('djsAdmin.edit')}>
          <IconButton aria-label={t('rowActions.editNamed', { title: d.name })} onClick={() => setEditing(d)} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('djsAdmin.delete')}>
          <IconButton aria-label={t('rowActions.deleteNamed', { title: d.name })} onClick={() => setDeleting(d)} size="small" sx={{ color: 'error.main' }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    ) : (
      <Link href={`/djs/${d.id}`} variant="body2">
        {t('djsAdmin.viewProfile')}
      </Link>
    );

  return (
    <Box>
      <StaffScreenHeader
        title={t('djsAdmin.title')}
        intro={t('djsAdmin.intro')}
        action={
          manage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('djsAdmin.add')}
            </Button>
          )
        }
      />
      <FilterCard columns="2fr 1fr">
        <SearchField label={t('djsAdmin.search')} placeholder={t('djsAdmin.searchPlaceholder')} value={search} onChange={setSearch} maxLength={200} />
          <TextField select label={t('djsAdmin.role')} value={role} onChange={(e) => setRole(e.target.value)} size="small">
            <MenuItem value="all">{t('djsAdmin.allRoles')}</MenuItem>
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {presenterRoleLabel(r)}
              </MenuItem>
            ))}
          </TextField>
      </FilterCard>

      <LoadStates error={error} loading={isLoading} empty={rows.length === 0} failText={t('djsAdmin.loadFailed')} loadingLabel={t('djsAdmin.loading')} emptyText={t('djsAdmin.empty')} onRetry={() => void refetch()}>
        <CardsOrTable
          label={t('djsAdmin.list')}
          rows={rows}
          cardSx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}
          card={(d) => (
            <>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <DjAvatar dj={d} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {d.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {presenterRoleLabel(d.role)} · {t('djsAdmin.joined', { date: dateFmtOf(intl).format(new Date(d.created_at)) })}
                  </Typography>
                  <AverageListeners presenterId={d.id} />
                </Box>
                {actions(d)}
              </Stack>
              <LeaveChip dj={d} />
              {d.bio && (
                <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {d.bio}
                </Typography>
              )}
              <SocialLinks dj={d} hideEmpty />
            </>
          )}
          headers={['Name', 'Role', 'Bio', 'Social Links', 'Joined']}
          cells={(d) => (
            <>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <DjAvatar dj={d} size={32} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{d.name}</Typography>
                    <AverageListeners presenterId={d.id} />
                    <LeaveChip dj={d} />
                  </Box>
                </Stack>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Chip size="small" variant="outlined" label={presenterRoleLabel(d.role)} />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top', maxWidth: 320 }}>
                <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {d.bio ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top', maxWidth: 260 }}>
                <SocialLinks dj={d} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{dateFmtOf(intl).format(new Date(d.created_at))}</TableCell>
              <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                {actions(d)}
              </TableCell>
            </>
          )}
        />
      </LoadStates>

      {editing && <DjDialog dj={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteDialog open={deleting !== null} title={t('djsAdmin.delete')} text={deleting ? t('djsAdmin.deleteConfirm', { name: deleting.name }) : ''} busy={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={() => void doDelete()} />
    </Box>
  );
}
