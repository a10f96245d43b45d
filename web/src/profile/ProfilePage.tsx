import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ACCOUNT_TEXT, ChangePasswordSchema, SOCIAL_PLATFORMS, type MeResponse, type SocialPlatform } from '../../../shared/accounts';
import { ApiError } from '../app/api';
import { usePageMeta } from '../app/meta';
import { UserAvatar } from '../auth/UserAvatar';
import { useAuth } from '../auth/AuthProvider';
import { GateLoading } from '../auth/ProtectedRoute';
import { useToast } from '../ui/toast';
import { checkImageFile, IMAGE_TYPES, uploadErrorToast } from '../ui/upload';
import { SessionsSection, TwoFactorSection } from './SecuritySections';
import { CalendarFeedSection } from './CalendarFeedSection';
import { AccountDataSection } from './AccountDataSection';
import { LanguageCard } from './LanguageCard';
import { changeMyPassword, fetchMe, updateMe, updateMyPresenterLinks, uploadMyAvatar } from './api';
import { useT } from '../i18n/state';
import { useAccountText, useRoleLabel } from '../auth/texts';

const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  twitter: 'Twitter / X',
  instagram: 'Instagram',
  twitch: 'Twitch',
  youtube: 'YouTube',
  facebook: 'Facebook',
  kick: 'Kick',
  website: 'Website',
};

function Section({ slug, title, description, children }: { slug: string; title: string; description?: string; children: ReactNode }) {
  const id = `section-${slug}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id={id} variant="h5" component="h2" sx={{ mb: description ? 0.5 : 2 }}>
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

function ProfileInformation({ me, onSaved }: { me: MeResponse; onSaved: (me: MeResponse) => void }) {
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const roleLabel = useRoleLabel();
  const [username, setUsername] = useState(me.profile.username);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setUsername(me.profile.username), [me.profile.username]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) {
      toast({ title: text(ACCOUNT_TEXT.usernameRequired), variant: 'error' });
      return;
    }
    setSaving(true);
    try {
      onSaved(await updateMe({ username }));
      toast({ title: text(ACCOUNT_TEXT.profileUpdated), description: t('profile.saved'), variant: 'success' });
    } catch (err) {
      toast({ title: t('profile.error'), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast(problem);
      return;
    }
    setUploading(true);
    try {
      await uploadMyAvatar(file);
      onSaved(await fetchMe());
      toast({ title: text(ACCOUNT_TEXT.avatarUpdated), description: t('profile.avatarSaved'), variant: 'success' });
    } catch (err) {
      toast(uploadErrorToast(err, text(ACCOUNT_TEXT.avatarUploadFailed)));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Section slug="profile-information" title={t('profile.info.title')} description={t('profile.info.description')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}>
        <UserAvatar username={me.profile.username} email={me.profile.email} avatarUrl={me.profile.avatar_url} size={88} />
        <Box>
          <input ref={fileInput} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={(e) => void upload(e)} aria-hidden tabIndex={-1} />
          <Button variant="outlined" startIcon={uploading ? <CircularProgress size={16} aria-hidden /> : <PhotoCameraIcon />} onClick={() => fileInput.current?.click()} disabled={uploading}>
            {uploading ? t('users.uploading') : t('users.changeAvatar')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('profile.avatarHelp')}
          </Typography>
        </Box>
      </Stack>
      <Box component="form" onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 2.5 }}>
        <TextField label={t('users.colEmail')} value={me.profile.email} fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }} helperText={t('profile.emailHelp')} />
        <TextField label={t('users.username')} value={username} onChange={(e) => setUsername(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label={t('users.roleField')} value={roleLabel(me.profile.role)} fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }} />
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t('formDialog.saving') : t('profile.saveProfile')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function SocialLinks({ me, onSaved }: { me: MeResponse; onSaved: (me: MeResponse) => void }) {
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const initial = () => Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, me.presenter?.social_links[p] ?? ''])) as Record<SocialPlatform, string>;
  const [links, setLinks] = useState<Record<SocialPlatform, string>>(initial);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      onSaved(await updateMyPresenterLinks({ social_links: links }));
      toast({ title: text(ACCOUNT_TEXT.socialUpdated), description: t('profile.socialSaved'), variant: 'success' });
    } catch (err) {
      toast({ title: t('profile.error'), description: err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section slug="social-media-links" title={t('profile.social.title')} description={me.presenter ? t('profile.social.descriptionNamed', { name: me.presenter.name }) : t('profile.social.description')}>
      <Box component="form" onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {SOCIAL_PLATFORMS.map((p) => (
          <TextField key={p} label={p === 'website' ? t('profile.social.website') : PLATFORM_LABELS[p]} type="url" placeholder={t('djsAdmin.urlPlaceholder')} value={links[p]} onChange={(e) => setLinks((l) => ({ ...l, [p]: e.target.value }))} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t('formDialog.saving') : t('profile.social.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { toast } = useToast();
  const t = useT();
  const text = useAccountText();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangePasswordSchema.safeParse({ current_password: current, password, confirm_password: confirm });
    if (!parsed.success) {
      const message = text(parsed.error.issues[0]?.message ?? ACCOUNT_TEXT.newPasswordShort);
      setError(message);
      toast({ title: t('profile.error'), description: message, variant: 'error' });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await changeMyPassword({ current_password: current, password, confirm_password: confirm });
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast({ title: text(ACCOUNT_TEXT.passwordUpdated), description: t('profile.password.othersSignedOut'), variant: 'success' });
      onChanged();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected);
      setError(message);
      toast({ title: t('profile.error'), description: message, variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section slug="change-password" title={t('profile.password.title')} description={t('profile.password.description')}>
      <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: 'grid', gap: 2.5 }}>
        <TextField label={t('profile.password.current')} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 1024 } }} />
        <TextField label={t('users.newPassword')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 1024 } }} />
        <TextField label={t('profile.password.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} fullWidth error={!!error} slotProps={{ htmlInput: { maxLength: 1024 } }} />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={saving || !password || !current}>
            {saving ? t('profile.password.updating') : t('profile.password.update')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

/**
 * My Profile (/profile; 000 §2, 001 §2): Profile Information with a read-only
 * email and the avatar, Social Media Links when a presenter record is linked,
 * Change Password, and Back. Signed out: a prompt with 'Go to Login'.
 */
export function ProfilePage() {
  const t = useT();
  const text = useAccountText();
  usePageMeta({ title: t('admin.myProfile') });
  const { status, profile, presenter, profileError, reloadProfile, setMe, user } = useAuth();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  if (status === 'loading') return <GateLoading label={t('auth.loadingProfile')} />;
  if (status === 'signedOut' || !user) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('admin.myProfile')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('profile.signInPrompt')}
        </Typography>
        <Button component={RouterLink} to="/auth" variant="contained" size="large">
          {text(ACCOUNT_TEXT.goToLogin)}
        </Button>
      </Container>
    );
  }
  if (!profile) {
    return (
      <GateLoading
        label={t('auth.loadingProfile')}
        action={
          profileError ? (
            <Button variant="outlined" onClick={() => void reloadProfile()}>
              {t('common.tryAgain')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  const me: MeResponse = { user: { id: user.id, email: profile.email, role: profile.role }, profile, presenter };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Button startIcon={<ArrowBackIcon className="flip-rtl" />} onClick={back} variant="text" color="inherit">
          {t('profile.back')}
        </Button>
      </Stack>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {t('admin.myProfile')}
      </Typography>
      {profile.password_reset_required && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('profile.passwordResetBelow')}
        </Alert>
      )}
      <Stack spacing={3}>
        <ProfileInformation me={me} onSaved={setMe} />
        <LanguageCard />
        {presenter && <SocialLinks me={me} onSaved={setMe} />}
        <CalendarFeedSection />
        <ChangePassword onChanged={() => void reloadProfile()} />
        <TwoFactorSection role={profile.role} />
        <SessionsSection />
        <AccountDataSection />
      </Stack>
    </Container>
  );
}
