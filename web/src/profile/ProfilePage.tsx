import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ACCOUNT_TEXT, ChangePasswordSchema, SOCIAL_PLATFORMS, type MeResponse, type SocialPlatform } from '../../../shared/accounts';
import { ROLE_LABELS } from '../../../shared/permissions';
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

const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  twitter: 'Twitter / X',
  instagram: 'Instagram',
  twitch: 'Twitch',
  youtube: 'YouTube',
  facebook: 'Facebook',
  kick: 'Kick',
  website: 'Website',
};

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
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
  const [username, setUsername] = useState(me.profile.username);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setUsername(me.profile.username), [me.profile.username]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) {
      toast({ title: ACCOUNT_TEXT.usernameRequired, variant: 'error' });
      return;
    }
    setSaving(true);
    try {
      onSaved(await updateMe({ username }));
      toast({ title: ACCOUNT_TEXT.profileUpdated, description: 'Your profile has been saved.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.message : ACCOUNT_TEXT.unexpected, variant: 'error' });
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
      toast({ title: ACCOUNT_TEXT.avatarUpdated, description: 'Your new avatar is saved.', variant: 'success' });
    } catch (err) {
      toast(uploadErrorToast(err, ACCOUNT_TEXT.avatarUploadFailed));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Section title="Profile Information" description="How you appear to the team.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}>
        <UserAvatar username={me.profile.username} email={me.profile.email} avatarUrl={me.profile.avatar_url} size={88} />
        <Box>
          <input ref={fileInput} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={(e) => void upload(e)} aria-hidden tabIndex={-1} />
          <Button variant="outlined" startIcon={uploading ? <CircularProgress size={16} aria-hidden /> : <PhotoCameraIcon />} onClick={() => fileInput.current?.click()} disabled={uploading}>
            {uploading ? 'Uploading...' : 'Change Avatar'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            JPEG, PNG, WebP or GIF, up to 5MB.
          </Typography>
        </Box>
      </Stack>
      <Box component="form" onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 2.5 }}>
        <TextField label="Email" value={me.profile.email} fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }} helperText="Your email cannot be changed here. Ask an administrator." />
        <TextField label="Username" value={username} onChange={(e) => setUsername(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label="Role" value={ROLE_LABELS[me.profile.role]} fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }} />
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function SocialLinks({ me, onSaved }: { me: MeResponse; onSaved: (me: MeResponse) => void }) {
  const { toast } = useToast();
  const initial = () => Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, me.presenter?.social_links[p] ?? ''])) as Record<SocialPlatform, string>;
  const [links, setLinks] = useState<Record<SocialPlatform, string>>(initial);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      onSaved(await updateMyPresenterLinks({ social_links: links }));
      toast({ title: ACCOUNT_TEXT.socialUpdated, description: 'Your social media links have been saved.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.message : ACCOUNT_TEXT.unexpected, variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section title="Social Media Links" description={`Shown on your presenter page${me.presenter ? ` (${me.presenter.name})` : ''}.`}>
      <Box component="form" onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {SOCIAL_PLATFORMS.map((p) => (
          <TextField key={p} label={PLATFORM_LABELS[p]} type="url" placeholder="https://" value={links[p]} onChange={(e) => setLinks((l) => ({ ...l, [p]: e.target.value }))} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save Social Links'}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { toast } = useToast();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangePasswordSchema.safeParse({ current_password: current, password, confirm_password: confirm });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ACCOUNT_TEXT.newPasswordShort;
      setError(message);
      toast({ title: 'Error', description: message, variant: 'error' });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await changeMyPassword({ current_password: current, password, confirm_password: confirm });
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast({ title: ACCOUNT_TEXT.passwordUpdated, description: 'Your other sessions have been signed out.', variant: 'success' });
      onChanged();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : ACCOUNT_TEXT.unexpected;
      setError(message);
      toast({ title: 'Error', description: message, variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section title="Change Password" description="Enter your current password, then a new one of at least 8 characters that is not a common password.">
      <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: 'grid', gap: 2.5 }}>
        <TextField label="Current Password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 1024 } }} />
        <TextField label="New Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 1024 } }} />
        <TextField label="Confirm New Password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} fullWidth error={!!error} slotProps={{ htmlInput: { maxLength: 1024 } }} />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={saving || !password || !current}>
            {saving ? 'Updating...' : 'Update Password'}
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
  usePageMeta({ title: 'My Profile' });
  const { status, profile, presenter, profileError, reloadProfile, setMe, user } = useAuth();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  if (status === 'loading') return <GateLoading label="Loading profile..." />;
  if (status === 'signedOut' || !user) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          My Profile
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please sign in to view and edit your profile.
        </Typography>
        <Button component={RouterLink} to="/auth" variant="contained" size="large">
          {ACCOUNT_TEXT.goToLogin}
        </Button>
      </Container>
    );
  }
  if (!profile) {
    return (
      <GateLoading
        label="Loading profile..."
        action={
          profileError ? (
            <Button variant="outlined" onClick={() => void reloadProfile()}>
              Try again
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
        <Button startIcon={<ArrowBackIcon />} onClick={back} variant="text" color="inherit">
          Back
        </Button>
      </Stack>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '2rem', md: '2.6rem' } }}>
        My Profile
      </Typography>
      {profile.password_reset_required && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          An administrator asks you to choose a new password. Please change it below.
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
