import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { can, DENIED, type Role } from '../../../shared/permissions';
import { useI18n, useT } from '../i18n/state';
import { useAuth } from './AuthProvider';
import { useAccountText, useRoleLabel } from './texts';

/** A centred waiting line ('Checking permissions...', 'Loading profile...'). */
export function GateLoading({ label, action }: { label: string; action?: ReactNode }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '50vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, color: 'text.secondary', p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {!action && <CircularProgress size={24} aria-hidden />}
        <span>{label}</span>
      </Box>
      {action}
    </Box>
  );
}

/** The access-denied card: a heading, the spec's sentence and the roles involved. */
export function AccessDenied({ title, message, role, requiredRoles }: { title?: string | undefined; message: string; role?: Role | null; requiredRoles?: readonly Role[] }) {
  const { t, intl } = useI18n();
  const text = useAccountText();
  const roleLabel = useRoleLabel();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper role="alert" variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <LockIcon aria-hidden sx={{ fontSize: 40, color: 'error.main', mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {title ? text(title) : t('auth.accessDenied')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{text(message)}</Typography>
        {requiredRoles && requiredRoles.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('auth.requiredRoles', { roles: new Intl.ListFormat(intl, { type: 'unit', style: 'short' }).format(requiredRoles.map(roleLabel)) })}
          </Typography>
        )}
        {role && (
          <Typography variant="body2" color="text.secondary">
            {t('auth.yourRole', { role: roleLabel(role) })}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

/** What a protected route asks for beyond sign-in. */
export interface GateRequirements {
  /** Roles allowed (001 §2 route table); others see the role refusal. */
  requiredRoles?: readonly Role[];
  /** The legacy is_admin flag (000 §6). */
  requireAdmin?: boolean;
  /** The screen's own refusal text, where the spec gives one (users, settings, logs). */
  deniedText?: string;
  deniedTitle?: string;
}

/**
 * The protected-route gate (000 §2, §6): 'Checking permissions...' while the
 * session loads, a redirect to /auth (replacing history) when signed out,
 * 'Loading profile...' until the profile arrives, then the three refusals:
 * no panel access, no admin flag, or a role outside the required list.
 */
export function ProtectedRoute({ children, requiredRoles, requireAdmin, deniedText, deniedTitle }: GateRequirements & { children: ReactNode }) {
  const { status, profile, profileError, reloadProfile } = useAuth();
  const t = useT();
  if (status === 'loading') return <GateLoading label={t('auth.checking')} />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
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
  const role = profile.role;
  if (!can(role, 'panel.view')) return <AccessDenied message={DENIED.panel} role={role} />;
  if (requireAdmin && !profile.is_admin) return <AccessDenied message={DENIED.adminFlag} role={role} />;
  if (requiredRoles && !requiredRoles.includes(role)) {
    return deniedText ? <AccessDenied title={deniedTitle} message={deniedText} role={role} /> : <AccessDenied message={DENIED.role} role={role} requiredRoles={requiredRoles} />;
  }
  return <>{children}</>;
}
