import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, MenuItem, Stack, Switch, TableCell, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { ACCOUNT_TEXT, type UserView } from '../../../../shared/accounts';
import { can, canDeleteUser, canEditUser, creatableRoles, DENIED, ROLES, type Role } from '../../../../shared/permissions';
import { ApiError } from '../../app/api';
import { LoadStates } from '../../ui/LoadStates';
import { UserAvatar } from '../../auth/UserAvatar';
import { useAuth } from '../../auth/AuthProvider';
import { AccessDenied } from '../../auth/ProtectedRoute';
import { useToast } from '../../ui/toast';
import { useUserMutations, useUsers } from './api';
import { CreateUserDialog, DeleteUserDialog, EditUserDialog } from './UserDialogs';
import { FilterCard, SearchField } from '../../ui/Filters';
import { CardsOrTable, StaffScreenHeader } from '../../ui/StaffList';
import { useI18n, useT } from '../../i18n/state';
import { useAccountText, useRoleLabel } from '../../auth/texts';

type StatusFilter = 'all' | 'active' | 'inactive';

/** Row actions: edit (when the rank allows) and delete, dimmed with the spec's reason when refused. */
function RowActions({ user, actorRole, actorId, onEdit, onDelete }: { user: UserView; actorRole: Role; actorId: string; onEdit: () => void; onDelete: () => void }) {
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const editable = canEditUser(actorRole, user.role);
  const deletable = canDeleteUser(actorRole, user.role) && user.id !== actorId;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={editable ? t('users.editUser') : text(ACCOUNT_TEXT.cannotEditUser)}>
        <span>
          <IconButton aria-label={t('rowActions.editNamed', { title: user.username })} onClick={onEdit} disabled={!editable} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={deletable ? t('users.deleteUser') : text(DENIED.deleteUser)}>
        <IconButton
          aria-label={t('rowActions.deleteNamed', { title: user.username })}
          aria-disabled={!deletable}
          onClick={() => (deletable ? onDelete() : toast({ title: t('auth.accessDenied'), description: text(DENIED.deleteUser), variant: 'error' }))}
          size="small"
          sx={{ color: 'error.main', opacity: deletable ? 1 : 0.35 }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function ActiveSwitch({ user, actorRole, actorId }: { user: UserView; actorRole: Role; actorId: string }) {
  const { update } = useUserMutations();
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const allowed = canEditUser(actorRole, user.role) && user.id !== actorId;
  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ id: user.id, input: { is_active: next } });
      toast({ title: text(ACCOUNT_TEXT.userUpdated), description: t(next ? 'users.nowActive' : 'users.nowInactive', { name: user.username }), variant: 'success' });
    } catch (err) {
      toast({ title: text(ACCOUNT_TEXT.updateFailed), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Switch size="small" checked={user.is_active} disabled={!allowed || update.isPending} onChange={(e) => void toggle(e.target.checked)} slotProps={{ input: { 'aria-label': t('users.activeNamed', { name: user.username }) } }} />
      <Chip size="small" label={user.is_active ? t('rowActions.active') : t('rowActions.inactive')} color={user.is_active ? 'success' : 'default'} variant={user.is_active ? 'filled' : 'outlined'} />
    </Stack>
  );
}

/**
 * User Management (001 §2): search, role filter, status filter (All Status,
 * Active, Inactive), the table, Create Account, Edit User Profile and the
 * Delete User confirmation. What the actor may do to each row follows the
 * shared rules; the server enforces the same.
 */
export default function UserManagement() {
  const { profile } = useAuth();
  const { data, isLoading, error, refetch } = useUsers();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<'all' | Role>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const { t, intl } = useI18n();
  const roleLabel = useRoleLabel();
  const dateFmt = useMemo(() => new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric' }), [intl]);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data ?? []).filter(
      (u) =>
        (!q || u.username.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) &&
        (role === 'all' || u.role === role) &&
        (status === 'all' || (status === 'active') === u.is_active),
    );
  }, [data, search, role, status]);

  if (!profile) return null;
  const actorRole = profile.role;
  if (!can(actorRole, 'users.manage')) return <AccessDenied message={DENIED.users} role={actorRole} />;
  const canCreate = creatableRoles(actorRole).length > 0;

  return (
    <Box>
      <StaffScreenHeader
        title={t('sidebar.item.users')}
        intro={t('users.intro')}
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('users.createAccount')}
            </Button>
          )
        }
      />

      <FilterCard columns="2fr 1fr 1fr">
        <SearchField label={t('users.search')} placeholder={t('users.searchPlaceholder')} value={search} onChange={setSearch} maxLength={200} />
          <TextField select label={t('users.roleField')} value={role} onChange={(e) => setRole(e.target.value as 'all' | Role)} size="small">
            <MenuItem value="all">{t('users.allRoles')}</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {roleLabel(r)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('users.status')} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} size="small">
            <MenuItem value="all">{t('users.allStatus')}</MenuItem>
            <MenuItem value="active">{t('rowActions.active')}</MenuItem>
            <MenuItem value="inactive">{t('rowActions.inactive')}</MenuItem>
          </TextField>
      </FilterCard>

      <LoadStates error={error} loading={isLoading} empty={rows.length === 0} failText={t('users.loadFailed')} loadingLabel={t('users.loading')} emptyText={t('users.empty')} onRetry={() => void refetch()}>
        <CardsOrTable
          label={t('users.listLabel')}
          rows={rows}
          cardSx={{ '&:last-child': { pb: 2 } }}
          card={(u) => (
            <>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                <UserAvatar username={u.username} email={u.email} avatarUrl={u.avatar_url} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {u.username}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {u.email}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
                    {u.presenter ? t('users.djNamed', { name: u.presenter.name }) : t('users.noDj')}
                  </Typography>
                </Box>
                <Chip size="small" label={roleLabel(u.role)} />
              </Stack>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <ActiveSwitch user={u} actorRole={actorRole} actorId={profile.id} />
                <RowActions user={u} actorRole={actorRole} actorId={profile.id} onEdit={() => setEditing(u)} onDelete={() => setDeleting(u)} />
              </Stack>
            </>
          )}
          headers={[t('users.colUser'), t('users.colEmail'), t('users.roleField'), t('users.status'), t('users.colCreated')]}
          cells={(u) => (
            <>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <UserAvatar username={u.username} email={u.email} avatarUrl={u.avatar_url} size={32} />
                  <Box>
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{u.username}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                      {u.presenter ? t('users.djNamed', { name: u.presenter.name }) : t('users.noDj')}
                    </Typography>
                    {u.password_reset_required && (
                      <Typography variant="caption" color="warning.main">
                        {t('users.resetRequired')}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{u.email}</TableCell>
              <TableCell>
                <Chip size="small" label={roleLabel(u.role)} variant="outlined" />
              </TableCell>
              <TableCell>
                <ActiveSwitch user={u} actorRole={actorRole} actorId={profile.id} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateFmt.format(new Date(u.created_at))}</TableCell>
              <TableCell align="right">
                <RowActions user={u} actorRole={actorRole} actorId={profile.id} onEdit={() => setEditing(u)} onDelete={() => setDeleting(u)} />
              </TableCell>
            </>
          )}
        />
      </LoadStates>

      {creating && <CreateUserDialog open onClose={() => setCreating(false)} actorRole={actorRole} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} actorRole={actorRole} actorId={profile.id} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}
