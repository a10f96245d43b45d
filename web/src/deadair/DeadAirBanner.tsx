import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useStation } from '../app/station';
import { sessionAtom } from '../auth/AuthProvider';
import { useT } from '../i18n/state';
import { useLiveStatus } from '../live/api';
import { notify } from '../platform';
import { useServerSecond } from '../radio/hooks';
import { showToastWhenFree } from '../ui/toast';
import { useStationCondition } from './api';
import { ACTION_KEYS, durationText, kindText, whoText } from './texts';

function useClock(): (iso: string) => string {
  const zone = useStation().timezone;
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return (iso) => f.format(Date.parse(iso));
}

/**
 * The On Air console's dead-air banner (issue 33): the moment the station's ears find silence, off air,
 * stuck metadata or a live presenter's silent input, a red banner across the console says what, since
 * when, who was on air and what to check; it stays until the station is heard again, then says how long it
 * lasted. The presenter on air (whoever went live from this console) also gets a system notification:
 * native in the desktop studio, a browser notification where allowed, else a toast. The duty staff hear
 * of it later, only if it lasts (the escalation delay).
 */
export function DeadAirBanner() {
  const t = useT();
  const clock = useClock();
  const now = useServerSecond() * 1000;
  const { data } = useStationCondition();
  const { data: live } = useLiveStatus();
  const session = useAtomValue(sessionAtom);
  const me = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const incident = data?.incident ?? null;
  /** The incidents this console showed open, so their recovery is said here too. */
  const shown = useRef(new Set<string>());
  const told = useRef(new Set<string>());
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mine = !!(live?.on_air && me && live.on_air.user_id === me);

  if (incident) shown.current.add(incident.id);
  const last = data?.last_incident ?? null;
  const recovered = !incident && last?.ended_at && shown.current.has(last.id) && dismissed !== last.id ? last : null;

  // The presenter on air is told by a system notification as well (once per incident), and whoever was told
  // hears when it ends, even after they stopped (going off air is often how a silent live ends).
  useEffect(() => {
    const fallback = (input: { title: string; body: string }) => showToastWhenFree({ title: input.title, description: input.body, variant: 'error' });
    if (mine && incident && !told.current.has(incident.id)) {
      told.current.add(incident.id);
      void notify({ title: t('deadAir.banner.title', { kind: kindText(t, incident.kind) }), body: t(ACTION_KEYS[incident.kind]), route: '/admin/on-air', tag: `dead-air:${incident.id}` }, fallback).catch(() => undefined);
    }
    if (recovered && told.current.has(recovered.id) && !told.current.has(`${recovered.id}:recovered`)) {
      told.current.add(`${recovered.id}:recovered`);
      void notify({ title: t('deadAir.recovered.title', { kind: kindText(t, recovered.kind), duration: durationText(t, recovered.duration_seconds ?? 0) }), body: whoText(t, recovered), route: '/admin/on-air', tag: `dead-air:${recovered.id}:recovered` }, () => undefined).catch(() => undefined);
    }
  }, [mine, incident, recovered, t]);

  if (incident) {
    const since = Math.max(0, (now - Date.parse(incident.started_at)) / 1000);
    return (
      <Box sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 10 }}>
        <Alert
          severity="error"
          variant="filled"
          role="alert"
          data-testid="dead-air-banner"
          data-kind={incident.kind}
          sx={{ fontSize: '1.05rem', boxShadow: 6, '& .MuiAlert-icon': { fontSize: 36 } }}
        >
          <AlertTitle sx={{ fontWeight: 800, fontSize: '1.35rem' }}>{t('deadAir.banner.title', { kind: kindText(t, incident.kind) })}</AlertTitle>
          <Typography sx={{ fontWeight: 700 }}>{t(ACTION_KEYS[incident.kind])}</Typography>
          <Typography>{t('deadAir.banner.since', { time: clock(incident.started_at), duration: durationText(t, since), who: whoText(t, incident) })}</Typography>
          <Typography variant="body2">{t('deadAir.banner.staff')}</Typography>
        </Alert>
      </Box>
    );
  }
  if (recovered) {
    return (
      <Alert severity="success" data-testid="dead-air-recovered" onClose={() => setDismissed(recovered.id)} slotProps={{ closeButton: { 'aria-label': t('deadAir.dismiss'), title: t('deadAir.dismiss') } }}>
        <AlertTitle sx={{ fontWeight: 800 }}>{t('deadAir.recovered.title', { kind: kindText(t, recovered.kind), duration: durationText(t, recovered.duration_seconds ?? 0) })}</AlertTitle>
        {t('deadAir.recovered.body', { from: clock(recovered.started_at), to: clock(recovered.ended_at!) })} {whoText(t, recovered)}
      </Alert>
    );
  }
  return null;
}
