import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, List, ListItem, ListItemText, Stack, Switch, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { MfaPolicyResponse, MfaSetupResponse, MfaStatusResponse, OwnSession } from '../../../shared/mfa';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/permissions';
import { ApiError } from '../app/api';
import { RecoveryCodes, TotpSecret } from '../auth/SecondStepForms';
import { useI18n, useT } from '../i18n/state';
import { useToast } from '../ui/toast';
import { disableTotp, enableTotp, endMySession, fetchMfaPolicy, fetchMySessions, fetchMyMfa, newRecoveryCodes, saveMfaPolicy, startTotpSetup } from './api';

/**
 * My Profile's security cards (issue 37): two-factor sign-in (set up with a QR
 * code, recovery codes, turn off), the owner's rule of which roles must use
 * it, and the account's live sessions, each of which can be ended at once.
 */

function Card2({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
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

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** Two-factor sign-in: status, set-up, recovery codes, turning it off. */
export function TwoFactorSection({ role }: { role: Role }) {
  const t = useT();
  const { toast } = useToast();
  const [status, setStatus] = useState<MfaStatusResponse | null>(null);
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => fetchMyMfa().then(setStatus, () => setStatus(null)), []);
  useEffect(() => void load(), [load]);

  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toast({ title: t('profile.mfa.title'), description: messageOf(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (status?.enabled) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success">{t('profile.mfa.on', { count: status.recovery_codes_left })}</Alert>
        <TextField label={t('profile.mfa.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} slotProps={{ htmlInput: { maxLength: 1024 } }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" disabled={busy || !password} onClick={() => void act(async () => { setCodes((await newRecoveryCodes(password)).recovery_codes); setPassword(''); await load(); })}>
            {t('profile.mfa.newCodes')}
          </Button>
          {!status.required && (
            <Button color="error" variant="outlined" disabled={busy || !password} onClick={() => void act(async () => { await disableTotp(password); setPassword(''); toast({ title: t('profile.mfa.off'), variant: 'success' }); await load(); })}>
              {t('profile.mfa.disable')}
            </Button>
          )}
        </Stack>
        {status.required && <Typography color="text.secondary">{t('profile.mfa.required')}</Typography>}
      </Stack>
    );
  } else if (setup) {
    body = (
      <Stack spacing={2}>
        <Typography>{t('auth.enrol.scan')}</Typography>
        <TotpSecret setup={setup} />
        <Box component="form" noValidate sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' } }} onSubmit={(e) => { e.preventDefault(); void act(async () => { const r = await enableTotp(code.trim()); setCode(''); setSetup(null); setCodes(r.recovery_codes); toast({ title: t('profile.mfa.enabled'), variant: 'success' }); await load(); }); }}>
          <TextField label={t('auth.mfa.code')} name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }} />
          <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
            {t('profile.mfa.enable')}
          </Button>
        </Box>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity={status?.required ? 'warning' : 'info'} sx={{ alignSelf: 'stretch' }}>{status?.required ? t('profile.mfa.required') : t('profile.mfa.off')}</Alert>
        <Button variant="contained" disabled={busy} onClick={() => void act(async () => setSetup(await startTotpSetup()))}>
          {t('profile.mfa.start')}
        </Button>
      </Stack>
    );
  }
  return (
    <Card2 id="section-two-factor" title={t('profile.mfa.title')} description={t('profile.mfa.description')}>
      {body}
      {role === 'owner' && <PolicyEditor />}
    </Card2>
  );
}

/** The owner's rule: which roles must use two-factor sign-in, and whether it is required. */
function PolicyEditor() {
  const t = useT();
  const { toast } = useToast();
  const [policy, setPolicy] = useState<MfaPolicyResponse | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void fetchMfaPolicy().then(setPolicy, () => setPolicy(null)), []);
  if (!policy) return null;
  const toggle = (role: Role) => setPolicy({ ...policy, roles: policy.roles.includes(role) ? policy.roles.filter((r) => r !== role) : [...policy.roles, role] });
  const save = async () => {
    setBusy(true);
    try {
      setPolicy(await saveMfaPolicy(policy));
      toast({ title: t('profile.mfa.policySaved'), variant: 'success' });
    } catch (err) {
      toast({ title: t('profile.mfa.policyTitle'), description: messageOf(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="fieldset" sx={{ mt: 3, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
        {t('profile.mfa.policyTitle')}
      </Typography>
      <FormControlLabel control={<Switch checked={policy.enforced} onChange={(e) => setPolicy({ ...policy, enforced: e.target.checked })} />} label={t('profile.mfa.policyEnforce')} />
      <FormGroup row>
        {ROLES.map((r) => (
          <FormControlLabel key={r} control={<Checkbox checked={policy.roles.includes(r)} onChange={() => toggle(r)} />} label={ROLE_LABELS[r]} />
        ))}
      </FormGroup>
      <Button variant="outlined" onClick={() => void save()} disabled={busy} sx={{ mt: 1 }}>
        {t('profile.mfa.policySave')}
      </Button>
    </Box>
  );
}

/** A short name for a browser's User-Agent. */
function browserOf(ua: string | null, unknown: string): string {
  if (!ua) return unknown;
  if (/Electron|Airdeck/i.test(ua)) return 'Airdeck Studio';
  const name = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  return [name, os].filter(Boolean).join(', ') || ua.slice(0, 60);
}

/** The account's live sessions, each with a button that ends it at once. */
export function SessionsSection() {
  const t = useT();
  const { intl } = useI18n();
  const { toast } = useToast();
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const load = useCallback(() => fetchMySessions().then((r) => setSessions(r.sessions), () => setSessions([])), []);
  useEffect(() => void load(), [load]);
  const when = (iso: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const end = async (id: string) => {
    try {
      await endMySession(id);
      toast({ title: t('profile.sessions.ended'), variant: 'success' });
    } catch (err) {
      toast({ title: t('profile.sessions.title'), description: messageOf(err), variant: 'error' });
    }
    await load();
  };
  return (
    <Card2 id="section-sessions" title={t('profile.sessions.title')} description={t('profile.sessions.description')}>
      <List disablePadding data-testid="sessions">
        {(sessions ?? []).map((s) => (
          <ListItem
            key={s.id}
            divider
            disableGutters
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            <ListItemText
              sx={{ flex: '1 1 240px' }}
              primary={`${s.client === 'desktop' ? t('profile.sessions.desktop') : t('profile.sessions.web')}${s.current ? ` · ${t('profile.sessions.current')}` : ''}`}
              secondary={t('profile.sessions.detail', { browser: browserOf(s.user_agent, t('profile.sessions.unknown')), address: s.ip ?? t('profile.sessions.unknown'), started: when(s.created_at), used: when(s.last_used_at) })}
            />
            {!s.current && (
              <Button size="small" color="error" variant="outlined" onClick={() => void end(s.id)}>
                {t('profile.sessions.end')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Card2>
  );
}
