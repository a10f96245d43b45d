import { Alert, Box, Button, Card, CardContent, Checkbox, FormControl, FormControlLabel, InputLabel, LinearProgress, MenuItem, Radio, RadioGroup, Select, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LiveFailure, LiveStateText, LiveWindow, NotHeardReason } from '../../../shared/live';
import { ApiError } from '../app/api';
import { useT } from '../i18n/state';
import { endLiveSessionByStaff, overrunLiveSession, startLiveSession, useLiveStatus } from './api';
import { LiveEngine, type Level, type Preset } from './engine';

const STATE_KEYS = {
  Preparing: 'live.state.preparing',
  Connecting: 'live.state.connecting',
  'On air': 'live.state.onAir',
  Reconnecting: 'live.state.reconnecting',
  Stopped: 'live.state.stopped',
} as const satisfies Record<LiveStateText, string>;

const FAILURE_KEYS = {
  wrong_password: 'live.failure.wrong_password',
  mount_in_use: 'live.failure.mount_in_use',
  station_refused: 'live.failure.station_refused',
  station_unreachable: 'live.failure.station_unreachable',
  nothing_heard: 'live.failure.nothing_heard',
  not_configured: 'live.failure.not_configured',
  window_closed: 'live.failure.window_closed',
  taken_over: 'live.failure.taken_over',
  dropped: 'live.failure.dropped',
  stopped: 'live.failure.stopped',
  ended_by_staff: 'live.failure.ended_by_staff',
} as const satisfies Record<LiveFailure, string>;

/** What the server will ask for (the ticket says for sure): the demo station's own format, else the station format. */
const DEMO_FORMAT = { sampleRate: 22_050, channels: 1, kbps: 48 } as const;
const STATION_FORMAT = { sampleRate: 44_100, channels: 2, kbps: 128 } as const;

const NOT_HEARD_KEYS = {
  nothing_heard: 'live.failure.nothing_heard',
  not_switched: 'live.failure.not_switched',
  other_streamer: 'live.failure.other_streamer',
  silent: 'live.failure.silent',
} as const satisfies Record<NotHeardReason, string>;

/** Meter position (0–100) of a dBFS value on a −60…0 scale. */
const meter = (db: number) => Math.max(0, Math.min(100, ((db + 60) / 60) * 100));

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Go live from the On Air console (issue 31): pick an input and a preset,
 * watch the level, hear yourself in test mode, press **Go live**; the state
 * (Preparing, Connecting, On air, Reconnecting, Stopped, and why) and the
 * confirmation read from the public stream are shown throughout. Outside the
 * presenter's booked slot the button is off and says when they can.
 */
export function GoLiveCard() {
  const t = useT();
  const { data: status, refetch } = useLiveStatus();
  const secure = typeof window === 'undefined' || window.isSecureContext;
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string>('');
  const [preset, setPreset] = useState<Preset>('voice');
  const [level, setLevel] = useState<Level | null>(null);
  const [monitor, setMonitor] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [state, setState] = useState<LiveStateText | null>(null);
  const [reason, setReason] = useState<LiveFailure | null>(null);
  const [heard, setHeard] = useState<boolean | null>(null);
  const [notHeard, setNotHeard] = useState<{ why: NotHeardReason; streamer: string } | null>(null);
  const [warning, setWarning] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unscheduled, setUnscheduled] = useState(false);
  const [nowPlaying, setNowPlaying] = useState('');
  const [busy, setBusy] = useState(false);
  const engineRef = useRef<LiveEngine | null>(null);

  const engine = useMemo(() => {
    const e = new LiveEngine({
      onLevel: setLevel,
      onState: (s, r) => {
        setState(s);
        setReason(r ?? null);
        if (s === 'Stopped') {
          setHeard(null);
          setWarning(null);
          void refetch();
        }
      },
      onHeard: (h, why, streamer) => {
        setHeard(h);
        setNotHeard(h ? null : { why: why ?? 'nothing_heard', streamer: streamer ?? '' });
      },
      onWarning: setWarning,
      onWindow: () => setWarning(null),
    });
    engineRef.current = e;
    return e;
  }, [refetch]);
  useEffect(() => () => void engineRef.current?.dispose(), []);

  const refreshDevices = async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices(all.filter((d) => d.kind === 'audioinput' && d.deviceId !== 'default' && d.deviceId !== ''));
  };
  useEffect(() => {
    if (secure) void refreshDevices();
  }, [secure]);

  const live = state !== null && state !== 'Stopped';
  const windowNow: LiveWindow | null = status?.window ?? null;
  const someoneElse = status?.on_air && !live ? status.on_air : null;
  const mayGoLive = Boolean(status && secure && !someoneElse && status.configured && (windowNow || (status.can_go_live_anytime && unscheduled)));

  const openInput = async () => {
    setError(null);
    try {
      await engine.open(preset, deviceId || null);
      engine.setMonitor(monitor);
      setPreviewing(true);
      void refreshDevices();
    } catch {
      setError(t('live.micDenied'));
    }
  };
  const closeInput = async () => {
    await engine.dispose();
    setPreviewing(false);
    setLevel(null);
  };

  const goLive = async () => {
    setError(null);
    setBusy(true);
    setHeard(null);
    setReason(null);
    try {
      setState('Preparing');
      // The desktop studio sends straight to Icecast or AzuraCast from its main process, with the station's
      // credentials sealed to a key only the main process holds (the demo station takes the relay as ever).
      const bridge = typeof window !== 'undefined' ? window.airdeck : undefined;
      const desktopKey = bridge?.liveSourceKey && status?.source !== 'demo' ? await bridge.liveSourceKey() : undefined;
      // The input and the encoder get ready while the server checks the slot (the format is the source's own).
      const ready = engine.prepare(status?.source === 'demo' ? DEMO_FORMAT : STATION_FORMAT, preset, deviceId || null);
      const [ticket] = await Promise.all([startLiveSession({ unscheduled: !windowNow && unscheduled, channels: preset === 'line' ? 2 : 1, ...(desktopKey ? { desktop_key: desktopKey } : {}) }), ready]);
      engine.setMonitor(false);
      setMonitor(false);
      const direct = bridge && ticket.sealed_source ? { bridge, sealed: ticket.sealed_source, name: status?.window?.show_title ?? 'Airdeck live' } : null;
      await engine.goLive(ticket.ticket, ticket.format, preset, deviceId || null, direct);
      setPreviewing(true);
      if (nowPlaying.trim()) engine.setNowPlaying(nowPlaying.trim());
    } catch (err) {
      setState(null);
      setError(err instanceof ApiError ? err.message : t('live.micDenied'));
      void refetch();
    } finally {
      setBusy(false);
    }
  };

  const stop = () => {
    engine.stop();
  };

  const when = (w: LiveWindow) => t('live.opensAt', { time: clock(w.opens_at), lead: Math.round((w.starts_at - w.opens_at) / 60_000), show: w.show_title });
  let availability: string | null = null;
  if (status && !live) {
    if (someoneElse) availability = t('live.onAirOther', { name: someoneElse.name });
    else if (!status.configured) availability = t('live.failure.not_configured');
    else if (windowNow) availability = t('live.windowOpen', { show: windowNow.show_title, time: clock(windowNow.closes_at) });
    else if (status.next_window) availability = when(status.next_window);
    else availability = t('live.noBooking');
  }

  return (
    <Card component="section" aria-labelledby="go-live-heading" data-testid="go-live">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="go-live-heading" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            {t('live.heading')}
          </Typography>
          {!secure && (
            <Alert severity="warning" data-testid="go-live-insecure">
              {t('live.insecure')}
            </Alert>
          )}
          {!status && <LinearProgress aria-label={t('live.loading')} />}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormControl size="small" sx={{ minWidth: 240 }} disabled={live || !secure}>
              <InputLabel id="go-live-device-label">{t('live.device')}</InputLabel>
              <Select labelId="go-live-device-label" label={t('live.device')} value={deviceId} onChange={(e) => setDeviceId(e.target.value)}>
                <MenuItem value="">{t('live.defaultDevice')}</MenuItem>
                {devices.map((d, i) => (
                  <MenuItem key={d.deviceId} value={d.deviceId}>
                    {d.label || t('live.deviceN', { n: i + 1 })}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl disabled={live || !secure}>
              <RadioGroup row aria-label={t('live.preset')} value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
                <FormControlLabel value="voice" control={<Radio />} label={t('live.presetVoice')} />
                <FormControlLabel value="line" control={<Radio />} label={t('live.presetLine')} />
              </RadioGroup>
            </FormControl>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {!live && (
              <Button variant="outlined" disabled={!secure} onClick={() => void (previewing ? closeInput() : openInput())}>
                {previewing ? t('live.stopPreview') : t('live.startPreview')}
              </Button>
            )}
            {!live && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={monitor}
                    disabled={!previewing}
                    onChange={(e) => {
                      setMonitor(e.target.checked);
                      engine.setMonitor(e.target.checked);
                    }}
                  />
                }
                label={t('live.testMode')}
              />
            )}
          </Stack>
          <Box aria-live="off">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ minWidth: 80 }}>
                {t('live.peak')}
              </Typography>
              <LinearProgress variant="determinate" value={level ? meter(level.peakDb) : 0} color={level && level.peakDb > -1 ? 'error' : 'primary'} sx={{ flex: 1, height: 10, borderRadius: 1 }} aria-label={t('live.peak')} />
              <Typography variant="body2" data-testid="go-live-peak" sx={{ minWidth: 70, fontVariantNumeric: 'tabular-nums' }}>
                {level ? t('live.dbValue', { db: Math.round(level.peakDb) }) : '–'}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
              <Typography variant="body2" sx={{ minWidth: 80 }}>
                {t('live.loudness')}
              </Typography>
              <LinearProgress variant="determinate" value={level ? meter(level.loudnessDb) : 0} sx={{ flex: 1, height: 10, borderRadius: 1 }} aria-label={t('live.loudness')} />
              <Typography variant="body2" data-testid="go-live-loudness" sx={{ minWidth: 70, fontVariantNumeric: 'tabular-nums' }}>
                {level ? t('live.lufsValue', { db: Math.round(level.loudnessDb) }) : '–'}
              </Typography>
            </Stack>
          </Box>
          {status?.can_go_live_anytime && !windowNow && !live && (
            <FormControlLabel control={<Checkbox checked={unscheduled} onChange={(e) => setUnscheduled(e.target.checked)} />} label={t('live.unscheduled')} />
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            {live ? (
              <Button variant="contained" color="error" onClick={stop} data-testid="go-live-stop">
                {t('live.stop')}
              </Button>
            ) : (
              <Button variant="contained" color="error" disabled={!mayGoLive || busy} onClick={() => void goLive()} data-testid="go-live-button">
                {t('live.goLive')}
              </Button>
            )}
            <Typography role="status" data-testid="go-live-state" sx={{ fontWeight: 700 }}>
              {state ? t(STATE_KEYS[state]) : t('live.state.idle')}
              {reason && reason !== 'stopped' ? ` · ${t(FAILURE_KEYS[reason])}` : ''}
            </Typography>
          </Stack>
          {availability && (
            <Typography variant="body2" color="text.secondary" data-testid="go-live-availability">
              {availability}
            </Typography>
          )}
          {live && heard !== null && (
            <Alert severity={heard ? 'success' : 'error'} data-testid="go-live-heard" role="status">
              {heard ? t('live.heard') : t(NOT_HEARD_KEYS[notHeard?.why ?? 'nothing_heard'], { name: notHeard?.streamer ?? '' })}
            </Alert>
          )}
          {live && state === 'Reconnecting' && <Alert severity="warning">{t('live.reconnectingHint')}</Alert>}
          {live && warning !== null && (
            <Alert severity="warning" role="alert" data-testid="go-live-warning">
              {t('live.warning', { minutes: warning })}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert" data-testid="go-live-error">
              {error}
            </Alert>
          )}
          {live && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField size="small" label={t('live.nowPlaying')} value={nowPlaying} onChange={(e) => setNowPlaying(e.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} sx={{ flex: 1 }} />
              <Button variant="outlined" onClick={() => engine.setNowPlaying(nowPlaying.trim())}>
                {t('live.setNowPlaying')}
              </Button>
            </Stack>
          )}
          {status?.can_manage_live && status.on_air && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {status.on_air.closes_at !== null && (
                <Button variant="outlined" onClick={() => void overrunLiveSession(status.on_air!.session_id).then(() => refetch())}>
                  {t('live.overrun')}
                </Button>
              )}
              {!live && (
                <Button variant="outlined" color="error" onClick={() => void endLiveSessionByStaff(status.on_air!.session_id).then(() => refetch())}>
                  {t('live.endSession')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
