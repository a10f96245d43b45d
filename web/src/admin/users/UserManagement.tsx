import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, MenuItem, Stack, Switch, TableCell, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { ACCOUNT_TEXT, type UserView } from '../../../../shared/accounts';
import { can, canDeleteUser, canEditUser, creatableRoles, DENIED, ROLE_LABELS, ROLES, type Role } from '../../../../shared/permissions';
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

type StatusFilter = 'all' | 'active' | 'inactive';

const dateFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Row actions: edit (when the rank allows) and delete, dimmed with the spec's reason when refused. */
function RowActions({ user, actorRole, actorId, onEdit, onDelete }: { user: UserView; actorRole: Role; actorId: string; onEdit: () => void; onDelete: () => void }) {
  const { toast } = useToast();
  const editable = canEditUser(actorRole, user.role);
  const deletable = canDeleteUser(actorRole, user.role) && user.id !== actorId;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={editable ? 'Edit user' : "You don't have permission to edit this user."}>
        <span>
          <IconButton aria-label={`Edit ${user.username}`} onClick={onEdit} disabled={!editable} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={deletable ? 'Delete user' : DENIED.deleteUser}>
        <IconButton
          aria-label={`Delete ${user.username}`}
          aria-disabled={!deletable}
          onClick={() => (deletable ? onDelete() : toast({ title: 'Access Denied', description: DENIED.deleteUser, variant: 'error' }))}
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
  const allowed = canEditUser(actorRole, user.role) && user.id !== actorId;
  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ id: user.id, input: { is_active: next } });
      toast({ title: ACCOUNT_TEXT.userUpdated, description: `${user.username} is now ${next ? 'active' : 'inactive'}.`, variant: 'success' });
    } catch (err) {
      toast({ title: ACCOUNT_TEXT.updateFailed, description: err instanceof ApiError ? err.message : ACCOUNT_TEXT.unexpected, variant: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Switch size="small" checked={user.is_active} disabled={!allowed || update.isPending} onChange={(e) => void toggle(e.target.checked)} slotProps={{ input: { 'aria-label': `${user.username} active` } }} />
      <Chip size="small" label={user.is_active ? 'Active' : 'Inactive'} color={user.is_active ? 'success' : 'default'} variant={user.is_active ? 'filled' : 'outlined'} />
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
        title="User Management"
        intro="Accounts that can sign in to the panel."
        action={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create Account
            </Button>
          )
        }
      />

      <FilterCard columns="2fr 1fr 1fr">
        <SearchField label="Search users" placeholder="Name or email" value={search} onChange={setSearch} maxLength={200} />
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as 'all' | Role)} size="small">
            <MenuItem value="all">All Roles</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} size="small">
            <MenuItem value="all">All Status</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
          </TextField>
      </FilterCard>

      <LoadStates error={error} loading={isLoading} empty={rows.length === 0} failText="Failed to load users." loadingLabel="Loading users" emptyText="No users found." onRetry={() => void refetch()}>
        <CardsOrTable
          label="Users"
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
                    {u.presenter ? `DJ: ${u.presenter.name}` : 'No DJ profile'}
                  </Typography>
                </Box>
                <Chip size="small" label={ROLE_LABELS[u.role]} />
              </Stack>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <ActiveSwitch user={u} actorRole={actorRole} actorId={profile.id} />
                <RowActions user={u} actorRole={actorRole} actorId={profile.id} onEdit={() => setEditing(u)} onDelete={() => setDeleting(u)} />
              </Stack>
            </>
          )}
          headers={['User', 'Email', 'Role', 'Status', 'Created']}
          cells={(u) => (
            <>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <UserAvatar username={u.username} email={u.email} avatarUrl={u.avatar_url} size={32} />
                  <Box>
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{u.username}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                      {u.presenter ? `DJ: ${u.presenter.name}` : 'No DJ profile'}
                    </Typography>
                    {u.password_reset_required && (
                      <Typography variant="caption" color="warning.main">
                        Password reset required
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{u.email}</TableCell>
              <TableCell>
                <Chip size="small" label={ROLE_LABELS[u.role]} variant="outlined" />
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
