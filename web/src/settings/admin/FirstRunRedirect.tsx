import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { fetchSetupState } from '../api';

/** Where the setup screen lives in the staff panel. */
export const SETUP_PATH = '/admin/setup';
export const SETUP_KEY = ['admin', 'settings', 'setup'] as const;

/**
 * Sends the owner to the first-run setup when the station has not been set up
 * yet (nothing saved, not skipped): once each time the panel opens, so the
 * owner can still go elsewhere. Other staff are never sent there.
 */
export function FirstRunRedirect() {
  const { profile } = useAuth();
  const owner = profile?.role === 'owner';
  const q = useQuery({ queryKey: SETUP_KEY, queryFn: ({ signal }) => fetchSetupState(signal), enabled: owner, retry: false });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !owner || !q.data) return;
    done.current = true;
    if (q.data.needed && pathname !== SETUP_PATH) void navigate(SETUP_PATH, { replace: true });
  }, [owner, q.data, pathname, navigate]);
  return null;
}

