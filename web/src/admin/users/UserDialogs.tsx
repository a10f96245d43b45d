import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXT, CreateUserSchema, type UpdateUserInput, type UserView } from '../../../../shared/accounts';
import { canAssignRole, creatableRoles, PRESENTER_ROLES, type Role } from '../../../../shared/permissions';
import { useDjs } from '../../presenters/admin/api';
import { ApiError } from '../../app/api';
import { useIsMobile } from '../../app/media';
import { UserAvatar } from '../../auth/UserAvatar';
import { useToast } from '../../ui/toast';
import { checkImageFile, IMAGE_TYPES, uploadErrorToast } from '../../ui/upload';
import { useUserMutations } from './api';
import { useT } from '../../i18n/state';
import { useAccountText, useRoleLabel } from '../../auth/texts';

type FieldErrors = Partial<Record<'email' | 'username' | 'password' | 'role' | 'dj', string>>;

/** The DJ profile choice of Create Account and Edit User (issue 30): none, a new one by name, or an existing unlinked one. */
type DjChoice = { mode: 'none' | 'new' | 'link' | 'keep'; name: string; presenterId: string };

const isPresenterRole = (r: Role) => (PRESENTER_ROLES as readonly string[]).includes(r);

/** The DJ profile choice (none, new, link, keep): the DJ directory's profiles without an account (and the account's own) are offered to link. */
function DjModeField({ choice, onChange, current }: { choice: DjChoice; onChange: (c: DjChoice) => void; current?: { id: string; name: string } | null }) {
  const t = useT();
  return (
    <TextField select label={t('users.dj.field')} value={choice.mode} onChange={(e) => onChange({ ...choice, mode: e.target.value as DjChoice['mode'] })} fullWidth>
      {current && <MenuItem value="keep">{t('users.dj.keep', { name: current.name })}</MenuItem>}
      <MenuItem value="new">{t('users.dj.new')}</MenuItem>
      <MenuItem value="link">{t('users.dj.link')}</MenuItem>
      <MenuItem value="none">{current ? t('users.dj.unlink') : t('users.noDj')}</MenuItem>
    </TextField>
  );
}

/** The DJ name (new) or the existing DJ profile (link) of a DJ choice; nothing for the other choices. */
function DjDetailField({ choice, onChange, error, userId, defaultName }: { choice: DjChoice; onChange: (c: DjChoice) => void; error?: string | undefined; userId?: string; defaultName: string }) {
  const djs = useDjs();
  const t = useT();
  const linkable = (djs.data ?? []).filter((d) => d.user_id === null || d.user_id === userId);
  if (choice.mode === 'new') {
    const fallback = defaultName.trim();
    return (
      <TextField
        label={t('users.dj.name')}
        value={choice.name}
        placeholder={fallback}
        onChange={(e) => onChange({ ...choice, name: e.target.value })}
        fullWidth
        error={!!error}
        helperText={error ?? (fallback ? t('users.dj.nameHelpFallback', { name: fallback }) : t('users.dj.nameHelp'))}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    );
  }
  if (choice.mode === 'link') {
    return (
      <TextField
        select
        label={t('users.dj.existing')}
        required
        value={choice.presenterId}
        onChange={(e) => onChange({ ...choice, presenterId: e.target.value })}
        fullWidth
        error={!!error}
        helperText={error ?? (djs.isLoading ? t('users.dj.loading') : linkable.length === 0 ? t('users.dj.noneFree') : t('users.dj.onlyFree'))}
      >
        {linkable.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (choice.mode === 'none' && !error) return null;
  return error ? (
    <Typography variant="body2" color="error">
      {error}
    </Typography>
  ) : null;
}

/** The DJ choice's own error when 'link' has no profile chosen (translated where it is shown). */
const DJ_LINK_MISSING = 'Choose a DJ profile to link.';

/** A field error in the reader's language: the client's own texts translated, a server's as it came. */
function useFieldText(): (message: string | undefined) => string | undefined {
  const t = useT();
  const text = useAccountText();
  return (message) => (message === undefined ? undefined : message === DJ_LINK_MISSING ? t('users.dj.chooseToLink') : text(message));
}

/** Which field a refusal from the server is about, and what to say there: the field the server names (its own words), else by the spec's text. */
function fieldOf(err: unknown, message: string): FieldErrors {
  const named = err instanceof ApiError ? (err.fields ?? []) : [];
  const at = (test: (path: string) => boolean) => named.find((f) => test(f.path))?.message;
  const username = at((p) => p === 'username') ?? (message === ACCOUNT_TEXT.usernameTaken ? message : undefined);
  if (username) return { username };
  const email = at((p) => p === 'email') ?? (message === ACCOUNT_TEXT.emailTaken ? message : undefined);
  if (email) return { email };
  const dj = at((p) => p.startsWith('presenter')) ?? (message === ACCOUNT_TEXT.djNameTaken || message.startsWith('That DJ profile') ? message : undefined);
  return dj ? { dj } : {};
}

/** The request fields of a DJ choice, or an error message for the DJ field. */
function djRequest(choice: DjChoice, fallbackName = ''): { presenter?: { name: string }; presenter_id?: string | null } | { error: string } {
  const name = choice.name.trim() || fallbackName.trim();
  if (choice.mode === 'new') return name ? { presenter: { name } } : { error: ACCOUNT_TEXT.djNameRequired };
  if (choice.mode === 'link') return choice.presenterId ? { presenter_id: choice.presenterId } : { error: DJ_LINK_MISSING };
  return {};
}

/** Create Account (001 §2, §5): email, username, password and a role the actor may create (default presenter). */
export function CreateUserDialog({ open, onClose, actorRole }: { open: boolean; onClose: () => void; actorRole: Role }) {
  const roles = creatableRoles(actorRole);
  const defaultRole: Role = roles.includes('presenter') ? 'presenter' : (roles[0] ?? 'presenter');
  const [form, setForm] = useState({ email: '', username: '', password: '', role: defaultRole });
  const blankDj = (role: Role): DjChoice => ({ mode: isPresenterRole(role) ? 'new' : 'none', name: '', presenterId: '' });
  const [dj, setDj] = useState<DjChoice>(() => blankDj(defaultRole));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create } = useUserMutations();
  const { toast } = useToast();
  const mobile = useIsMobile();
  const t = useT();
  const text = useAccountText();
  const fieldText = useFieldText();
  const roleLabel = useRoleLabel();

  const reset = () => {
    setForm({ email: '', username: '', password: '', role: defaultRole });
    setDj(blankDj(defaultRole));
    setErrors({});
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateUserSchema.safeParse(form);
    const djPart = djRequest(dj, form.username);
    if (!parsed.success || 'error' in djPart) {
      const next: FieldErrors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        next[key] ??= issue.message;
      }
      if ('error' in djPart) next.dj = djPart.error;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const user = await create.mutateAsync({ ...form, ...djPart });
      const values = { name: user.username, email: user.email, role: roleLabel(user.role) };
      const description = user.presenter ? t('users.createdWithDj', { ...values, dj: user.presenter.name }) : t('users.created', values);
      toast({ title: text(ACCOUNT_TEXT.accountCreated), description, variant: 'success' });
      reset();
      onClose();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.createFailed);
      const fields = fieldOf(err, message);
      if (Object.keys(fields).length) setErrors(fields);
      toast({ title: text(ACCOUNT_TEXT.accountCreationFailed), description: message, variant: 'error' });
    }
  };
  const field = (key: 'email' | 'username' | 'password') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: !!errors[key],
    helperText: fieldText(errors[key]),
    fullWidth: true,
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={mobile} aria-labelledby="create-user-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="create-user-title">{t('users.createAccount')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('users.createIntro')}</DialogContentText>
          <Stack spacing={2.5}>
            <TextField label={t('users.colEmail')} type="email" autoComplete="off" required {...field('email')} slotProps={{ htmlInput: { maxLength: 320 } }} />
            <TextField label={t('users.username')} required {...field('username')} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField label={t('auth.signIn.password')} type="password" autoComplete="new-password" required {...field('password')} helperText={fieldText(errors.password) ?? t('users.passwordHelp')} slotProps={{ htmlInput: { maxLength: 1024 } }} />
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label={t('users.roleField')}
              value={form.role}
              onChange={(e) => {
                const role = e.target.value as Role;
                setForm((f) => ({ ...f, role }));
                // A presenter-type role gets a new DJ profile by default; others none, unless already chosen.
                setDj((d) => (d.mode === 'link' || d.name ? d : { ...d, mode: isPresenterRole(role) ? 'new' : 'none' }));
              }}
              fullWidth
              error={!!errors.role}
              helperText={fieldText(errors.role)}
            >
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </TextField>
            <DjModeField choice={dj} onChange={setDj} />
            </Box>
            <DjDetailField choice={dj} onChange={setDj} error={fieldText(errors.dj)} defaultName={form.username} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit">
            {t('ui.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? t('users.creating') : t('users.createAccount')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Edit User Profile (001 §2, §5): username, email, avatar, role (only roles
 * the actor could create), active, password reset required, and an optional
 * new password (blank keeps the current one).
 */
export function EditUserDialog({ user, onClose, actorRole, actorId }: { user: UserView; onClose: () => void; actorRole: Role; actorId: string }) {
  const self = user.id === actorId;
  const roleChoices = Array.from(new Set<Role>([user.role, ...creatableRoles(actorRole).filter((r) => canAssignRole(actorRole, user.role, r))]));
  const [form, setForm] = useState({ username: user.username, email: user.email, role: user.role, is_active: user.is_active, password_reset_required: user.password_reset_required, password: '' });
  const [avatarUrl, setAvatarUrl] = useState(user.avatar_url);
  const [dj, setDj] = useState<DjChoice>({ mode: user.presenter ? 'keep' : 'none', name: '', presenterId: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { update, avatar } = useUserMutations();
  const { toast } = useToast();
  const mobile = useIsMobile();
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = update.isPending || avatar.isPending;
  const t = useT();
  const text = useAccountText();
  const fieldText = useFieldText();
  const roleLabel = useRoleLabel();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast(problem);
      return;
    }
    try {
      const saved = await avatar.mutateAsync({ id: user.id, file });
      setAvatarUrl(saved.avatar_url);
      toast({ title: text(ACCOUNT_TEXT.avatarUpdated), variant: 'success' });
    } catch (err) {
      toast(uploadErrorToast(err, text(ACCOUNT_TEXT.avatarUploadFailed)));
    }
  };
  const removeAvatar = async () => {
    try {
      await update.mutateAsync({ id: user.id, input: { avatar_url: null } });
      setAvatarUrl(null);
      toast({ title: text(ACCOUNT_TEXT.userUpdated), description: t('users.avatarRemoved'), variant: 'success' });
    } catch (err) {
      toast({ title: text(ACCOUNT_TEXT.updateFailed), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    const check = CreateUserSchema.pick({ email: true, username: true }).safeParse({ email: form.email, username: form.username });
    if (!check.success) for (const i of check.error.issues) next[i.path[0] as keyof FieldErrors] ??= i.message;
    if (form.password && form.password.length < 6) next.password = ACCOUNT_TEXT.passwordShort;
    const djPart = dj.mode === 'keep' ? {} : dj.mode === 'none' ? (user.presenter ? { presenter_id: null } : {}) : djRequest(dj, form.username);
    if ('error' in djPart) next.dj = djPart.error;
    setErrors(next);
    if (Object.keys(next).length || 'error' in djPart) return;
    const input: UpdateUserInput = {};
    if (form.username.trim() !== user.username) input.username = form.username;
    if (form.email.trim().toLowerCase() !== user.email.toLowerCase()) input.email = form.email;
    if (form.role !== user.role) input.role = form.role;
    if (form.is_active !== user.is_active) input.is_active = form.is_active;
    if (form.password_reset_required !== user.password_reset_required) input.password_reset_required = form.password_reset_required;
    // Linking the account's own DJ profile again is no change.
    if (!('presenter_id' in djPart && djPart.presenter_id === user.presenter?.id)) Object.assign(input, djPart);
    try {
      if (Object.keys(input).length) await update.mutateAsync({ id: user.id, input });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected);
      const fields = fieldOf(err, message);
      if (Object.keys(fields).length) setErrors(fields);
      toast({ title: text(ACCOUNT_TEXT.updateFailed), description: message, variant: 'error' });
      return;
    }
    if (form.password) {
      try {
        await update.mutateAsync({ id: user.id, input: { password: form.password } });
      } catch (err) {
        toast({ title: text(ACCOUNT_TEXT.passwordUpdateFailed), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
        return;
      }
    }
    toast({ title: text(ACCOUNT_TEXT.userUpdated), description: t('users.saved', { name: form.username.trim() }), variant: 'success' });
    onClose();
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={mobile} aria-labelledby="edit-user-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-user-title">{t('users.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3, mt: 1 }}>
            <UserAvatar username={form.username} email={form.email} avatarUrl={avatarUrl} size={64} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <input ref={fileInput} type="file" accept={IMAGE_TYPES.join(',')} hidden aria-hidden tabIndex={-1} onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void upload(file);
              }} />
              <Button size="small" variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => fileInput.current?.click()} disabled={busy}>
                {avatar.isPending ? t('users.uploading') : t('users.changeAvatar')}
              </Button>
              {avatarUrl && (
                <Button size="small" color="inherit" onClick={() => void removeAvatar()} disabled={busy}>
                  {t('users.removeAvatar')}
                </Button>
              )}
            </Box>
          </Stack>
          <Stack spacing={2.5}>
            <TextField label={t('users.username')} value={form.username} onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))} required fullWidth error={!!errors.username} helperText={fieldText(errors.username)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField label={t('users.colEmail')} type="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} required fullWidth error={!!errors.email} helperText={fieldText(errors.email)} slotProps={{ htmlInput: { maxLength: 320 } }} />
            <TextField
              select
              label={t('users.roleField')}
              value={form.role}
              onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as Role }))}
              fullWidth
              disabled={self || roleChoices.length < 2}
              helperText={self ? text(ACCOUNT_TEXT.cannotChangeOwnRole) : undefined}
            >
              {roleChoices.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <FormControlLabel control={<Switch checked={form.is_active} onChange={(e) => setForm((f) => ({ ...f, is_active: e.target.checked }))} disabled={self} />} label={t('rowActions.active')} />
              <FormControlLabel control={<Switch checked={form.password_reset_required} onChange={(e) => setForm((f) => ({ ...f, password_reset_required: e.target.checked }))} />} label={t('users.resetRequired')} />
            </Box>
            <TextField
              label={t('users.newPassword')}
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
              fullWidth
              error={!!errors.password}
              helperText={fieldText(errors.password) ?? t('users.newPasswordHelp')}
              slotProps={{ htmlInput: { maxLength: 1024 } }}
            />
            <DjModeField choice={dj} onChange={setDj} current={user.presenter} />
            <DjDetailField choice={dj} onChange={setDj} error={fieldText(errors.dj)} userId={user.id} defaultName={form.username} />
            {!form.is_active && user.is_active && (
              <Typography variant="body2" color="warning.main">
                {t('users.deactivateNote')}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {update.isPending ? t('formDialog.saving') : t('users.saveChanges')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Delete User confirmation (001 §5: deletions ask for confirmation). */
export function DeleteUserDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { remove } = useUserMutations();
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const confirm = async () => {
    try {
      await remove.mutateAsync(user.id);
      toast({ title: text(ACCOUNT_TEXT.userDeleted), description: t('users.deleted', { name: user.username }), variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: text(ACCOUNT_TEXT.deleteFailed), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={() => !remove.isPending && onClose()} aria-labelledby="delete-user-title" aria-describedby="delete-user-text">
      <DialogTitle id="delete-user-title">{t('users.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-user-text">
          {t('users.deleteConfirm', { name: user.username, email: user.email })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={remove.isPending}>
          {t('ui.cancel')}
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" disabled={remove.isPending}>
          {remove.isPending ? t('users.deleting') : t('ui.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
