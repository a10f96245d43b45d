import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Box, Button, CircularProgress, IconButton, Paper, Popover, Slider, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RADIO_FALLBACKS, RADIO_LIMITS } from '../../../shared/radio-constants';
import type { NowPlaying } from '../../../shared/radio';
import { isBroadcasting, offAirText, songTextIn, stationStateOf } from '../../../shared/radio-display';
import { startsAt } from './starts-at';
import { useIsMobile } from '../app/media';
import { useStation } from '../app/station';
import { getApiBase } from '../platform';
import { formatClock, TrackArt } from './components/TrackArt';
import { useElapsed, useNowPlaying } from './hooks';
import { PLAYER_HEIGHT } from './player-size';
import { LIVE_BADGE_COLORS } from '../ui/theme';
import { PlayerListenerCount } from '../audience/ListeningNow';

type Status = 'paused' | 'loading' | 'playing' | 'error';

/*
 * The page's clock ticks each second: only these small parts read it, so a tick redraws a line of text and a bar,
 * not the whole player (a long task on a phone, every second).
 */
function clockText(elapsed: number, duration: number | null): string {
  return duration ? `${formatClock(elapsed)} / ${formatClock(duration)}` : formatClock(elapsed);
}

/** The elapsed share of the track: a plain bar (its width an inline transform, not a new style rule each second). */
function ProgressBar({ np, duration }: { np: NowPlaying | undefined; duration: number | null }) {
  const elapsed = useElapsed(np);
  const progress = duration ? Math.min(100, (elapsed / duration) * 100) : 0;
  return <Box sx={{ height: '100%', width: '100%', bgcolor: 'primary.main', transformOrigin: 'left', transition: 'transform 0.4s linear' }} style={{ transform: `scaleX(${progress / 100})` }} />;
}

/** The elapsed time (and the duration when known). */
function PlayerClock({ np, duration }: { np: NowPlaying | undefined; duration: number | null }) {
  return <>{clockText(useElapsed(np), duration)}</>;
}

/** The stream address with a fresh query, so a resumed player rejoins the live position instead of a cached buffer. */
function liveSrc(streamUrl: string): string {
  const url = streamUrl.startsWith('/') ? `${getApiBase()}${streamUrl}` : streamUrl;
  return `${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`;
}

/** What the player shows: the song with the spec's fallbacks, or the off-air state. */
function display(np: NowPlaying | undefined) {
  const song = np?.now_playing.song;
  const state = stationStateOf(np);
  const onAir = isBroadcasting(state);
  const off = offAirText(np);
  const text = songTextIn(state, song);
  return {
    state,
    onAir,
    title: onAir ? text.title : off.headline,
    artist: onAir ? text.artist : off.next ? `Next: ${off.next.title}, ${startsAt(off.next.starts_at)}` : off.reason,
    offReason: off.reason,
    album: text.album,
    art: onAir ? (song?.art ?? null) : null,
    presenter: np?.presenter || (np?.live.is_live ? RADIO_FALLBACKS.livePresenter : RADIO_FALLBACKS.autoPresenter),
    isLive: state === 'live',
    /** `null` when unknown (a live item): only the elapsed time is shown. */
    duration: np ? np.now_playing.duration : RADIO_FALLBACKS.durationSeconds,
  };
}

/**
 * The persistent live player (spec 000 §1, §4): one audio element for the
 * whole visit, mounted by the listener layout on every page outside /admin.
 * Play/pause (a paused player lets go of the stream and rejoins live when it
 * resumes), mute, and a volume slider that starts at 5 of 100, where 0 mutes
 * and muted shows 0. The track, artist, art and presenter come pushed from
 * the server; elapsed time ticks each second while playing, up to the
 * duration (180 s when unknown). Lock-screen controls through the Media
 * Session API; a stream failure shows a calm message and a retry.
 */
export function Player() {
  const station = useStation();
  const mobile = useIsMobile();
  const { data: np } = useNowPlaying();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('paused');
  const statusRef = useRef<Status>('paused');
  const [volume, setVolume] = useState<number>(RADIO_LIMITS.defaultVolume);
  const [muted, setMuted] = useState(false);
  const lastAudible = useRef<number>(RADIO_LIMITS.defaultVolume);
  const [volumeAnchor, setVolumeAnchor] = useState<HTMLElement | null>(null);
  const d = display(np);
  const streamUrl = np?.station.listen_url || station.streamUrl;

  const set = useCallback((s: Status) => {
    statusRef.current = s;
    setStatus(s);
  }, []);

  const play = useCallback(() => {
    const a = audioRef.current;
    if (!a) return;
    // The station's stream as the server resolved it (the same address the AzuraCast-compatible feed gives).
    a.src = liveSrc(streamUrl);
    set('loading');
    a.play().then(
      () => set('playing'),
      (err: unknown) => {
        // Autoplay refusal is not a failure: the listener just presses play.
        if (err instanceof DOMException && err.name === 'NotAllowedError') set('paused');
        else if (err instanceof DOMException && err.name === 'AbortError') return;
        else {
          console.warn('The stream could not start', err);
          set('error');
        }
      },
    );
  }, [streamUrl, set]);

  const pause = useCallback(() => {
    const a = audioRef.current;
    set('paused');
    if (!a) return;
    a.pause();
    // Let go of the connection: a live stream resumes at the live position.
    a.removeAttribute('src');
    a.load();
  }, [set]);

  // Volume and mute follow the controls.
  useEffect(() => {
    const a = audioRef.current;
    if (!a) return;
    a.volume = Math.min(1, Math.max(0, volume / 100));
    a.muted = muted || volume === 0;
  }, [volume, muted]);

  // Audio element events: buffering, failure, the stream ending.
  useEffect(() => {
    const a = audioRef.current;
    if (!a) return;
    const onPlaying = () => statusRef.current !== 'paused' && set('playing');
    const onWaiting = () => statusRef.current === 'playing' && set('loading');
    const onFail = () => {
      if (statusRef.current === 'paused' || !a.getAttribute('src')) return;
      console.warn('The stream stopped', a.error);
      set('error');
    };
    a.addEventListener('playing', onPlaying);
    a.addEventListener('waiting', onWaiting);
    a.addEventListener('error', onFail);
    a.addEventListener('ended', onFail);
    return () => {
      a.removeEventListener('playing', onPlaying);
      a.removeEventListener('waiting', onWaiting);
      a.removeEventListener('error', onFail);
      a.removeEventListener('ended', onFail);
    };
  }, [set]);

  // Lock-screen and media-key controls.
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const ms = navigator.mediaSession;
    try {
      ms.metadata = new MediaMetadata({
        title: d.title,
        artist: d.onAir ? `${d.artist} · ${d.presenter}` : d.artist,
        album: d.album,
        artwork: [{ src: d.art ?? new URL(station.logoUrl, location.href).href }],
      });
      ms.setActionHandler('play', play);
      ms.setActionHandler('pause', pause);
      ms.setActionHandler('stop', pause);
      ms.playbackState = status === 'playing' || status === 'loading' ? 'playing' : 'paused';
    } catch {
      // Some browsers refuse some actions; the on-page controls still work.
    }
  }, [d.title, d.artist, d.album, d.art, d.presenter, status, play, pause, station.logoUrl]);


  const shownVolume = muted ? 0 : volume;
  const onVolume = (_e: Event, v: number | number[]) => {
    const next = Array.isArray(v) ? (v[0] ?? 0) : v;
    if (next === 0) {
      setMuted(true);
      setVolume(0);
      return;
    }
    lastAudible.current = next;
    setVolume(next);
    setMuted(false);
  };
  const toggleMute = () => {
    if (muted || volume === 0) {
      setMuted(false);
      if (volume === 0) setVolume(lastAudible.current || RADIO_LIMITS.defaultVolume);
    } else setMuted(true);
  };

  const playing = status === 'playing' || status === 'loading';
  const height = mobile ? PLAYER_HEIGHT.mobile : PLAYER_HEIGHT.desktop;
  // Off air: nothing to play (a player already playing can still be paused).
  const canPlay = d.onAir || playing;
  const clock = d.onAir ? <PlayerClock np={np} duration={d.duration} /> : null;
  const liveBadge = (small: boolean) => (
    <Box component="span" sx={{ px: small ? 0.75 : 1, py: small ? 0 : 0.25, borderRadius: 4, ...LIVE_BADGE_COLORS, fontSize: small ? '0.6875rem' : '0.8125rem', fontWeight: 800, lineHeight: 1.5, flexShrink: 0 }}>
      LIVE
    </Box>
  );
  const volumeSlider = (vertical: boolean) => (
    <Slider
      value={shownVolume}
      onChange={onVolume}
      min={0}
      max={100}
      step={1}
      aria-label="Volume"
      valueLabelDisplay="auto"
      orientation={vertical ? 'vertical' : 'horizontal'}
      sx={vertical ? { height: 120 } : { width: 110, flexShrink: 0, mr: 1 }}
    />
  );

  return (
    <Paper
      component="section"
      aria-label="Live player"
      square
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, height, zIndex: 1200, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', display: 'flex', flexDirection: 'column' }}
    >
      {/* Elapsed share of the track: a plain bar (the player is on every page; it carries no progress-bar component). */}
      <Box aria-hidden sx={{ height: 3, flexShrink: 0, overflow: 'hidden' }}>
        <ProgressBar np={d.onAir ? np : undefined} duration={d.duration} />
      </Box>
      <audio ref={audioRef} preload="none" data-testid="player-audio" />
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <IconButton
          onClick={playing ? pause : play}
          aria-label={playing ? 'Pause' : canPlay ? 'Play' : `Play (unavailable: off air)`}
          title={canPlay ? undefined : d.offReason}
          disabled={!canPlay}
          color="primary"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' }, '&.Mui-disabled': { bgcolor: 'action.disabledBackground', color: 'text.secondary' }, width: 48, height: 48, flexShrink: 0 }}
        >
          {status === 'loading' ? <CircularProgress size={22} color="inherit" aria-hidden /> : playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <TrackArt src={d.art} size={mobile ? 40 : 48} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }} data-testid="now-playing">
          {status === 'error' ? (
            <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ minWidth: 0 }}>
                The stream is taking a short break. Please try again in a moment.
              </Typography>
              <Button size="small" startIcon={<RefreshIcon />} onClick={play} sx={{ flexShrink: 0 }}>
                Retry
              </Button>
            </Box>
          ) : (
            <>
              <Typography noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid="now-playing-title" title={d.title}>
                {d.title}
              </Typography>
              <Typography noWrap variant="body2" color="text.secondary" data-testid="now-playing-artist" title={d.artist}>
                {d.artist}
              </Typography>
              {mobile && d.onAir && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }} data-testid="player-presenter-mobile">
                  {d.isLive && liveBadge(true)}
                  <Typography noWrap variant="caption" color="text.secondary" sx={{ minWidth: 0, lineHeight: 1.4 }}>
                    {d.isLive ? (
                      d.presenter
                    ) : (
                      <>
                        {d.presenter}
                        {clock && <> · {clock}</>}
                      </>
                    )}
                  </Typography>
                </Box>
              )}
            </>
          )}
        </Box>
        {!mobile && d.onAir && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
            {d.isLive && liveBadge(false)}
            <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 180 }} data-testid="now-playing-presenter">
              {d.presenter}
            </Typography>
          </Box>
        )}
        <PlayerListenerCount />
        {clock && (
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums', display: { xs: 'none', md: 'block' } }} data-testid="player-elapsed">
            {clock}
          </Typography>
        )}
        {mobile ? (
          <>
            <IconButton onClick={(e) => setVolumeAnchor(e.currentTarget)} aria-label={`Volume ${shownVolume}`} aria-haspopup="dialog" sx={{ flexShrink: 0 }} data-testid="player-volume-button">
              {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
            </IconButton>
            <Popover
              open={volumeAnchor !== null}
              anchorEl={volumeAnchor}
              onClose={() => setVolumeAnchor(null)}
              anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
              transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
              slotProps={{ paper: { role: 'dialog', 'aria-label': 'Volume', sx: { p: 1.5, pt: 2.5, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 } } }}
            >
              {volumeSlider(true)}
              <IconButton onClick={toggleMute} aria-label={muted || volume === 0 ? 'Unmute' : 'Mute'}>
                {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
              </IconButton>
            </Popover>
          </>
        ) : (
          <>
            <IconButton onClick={toggleMute} aria-label={muted || volume === 0 ? 'Unmute' : 'Mute'} sx={{ flexShrink: 0 }}>
              {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
            </IconButton>
            {volumeSlider(false)}
          </>
        )}
      </Box>
      <Box aria-live="polite" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {np ? (d.onAir ? `Now playing: ${d.title} by ${d.artist}. ${d.isLive ? `Live with ${d.presenter}.` : ''}` : `${d.title}. ${d.artist}`) : ''}
      </Box>
    </Paper>
  );
}
