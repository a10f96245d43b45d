import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { can, DENIED, ROLE_LABELS, type Role } from '../../../shared/permissions';
import { useAuth } from './AuthProvider';

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
export function AccessDenied({ title = 'Access Denied', message, role, requiredRoles }: { title?: string; message: string; role?: Role | null; requiredRoles?: readonly Role[] }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper role="alert" variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <LockIcon aria-hidden sx={{ fontSize: 40, color: 'error.main', mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{message}</Typography>
        {requiredRoles && requiredRoles.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Required roles: {requiredRoles.map((r) => ROLE_LABELS[r]).join(', ')}
          </Typography>
        )}
        {role && (
          <Typography variant="body2" color="text.secondary">
            Your role: {ROLE_LABELS[role]}
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
  if (status === 'loading') return <GateLoading label="Checking permissions..." />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
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
  const role = profile.role;
  if (!can(role, 'panel.view')) return <AccessDenied message={DENIED.panel} role={role} />;
  if (requireAdmin && !profile.is_admin) return <AccessDenied message={DENIED.adminFlag} role={role} />;
  if (requiredRoles && !requiredRoles.includes(role)) {
    return deniedText ? <AccessDenied title={deniedTitle} message={deniedText} role={role} /> : <AccessDenied message={DENIED.role} role={role} requiredRoles={requiredRoles} />;
  }
  return <>{children}</>;
}
