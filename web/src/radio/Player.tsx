import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Box, Button, CircularProgress, IconButton, Paper, Popover, Slider, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlayRequests } from '../pwa/play-request';
import { RADIO_FALLBACKS, RADIO_LIMITS } from '../../../shared/radio-constants';
import type { NowPlaying } from '../../../shared/radio';
import { isBroadcasting, offAirText, stationStateOf } from '../../../shared/radio-display';
import { startsAtIn } from './starts-at';
import { useNow } from '../app/clock';
import { useShowZone, type ShowZone } from '../schedule/zone';
import { useIsMobile } from '../app/media';
import { useI18n } from '../i18n/state';
import type { Translate } from '../../../shared/i18n/format';
import { useStation } from '../app/station';
import { getApiBase } from '../platform';
import { formatClock, TrackArt } from './components/TrackArt';
import { useElapsed, useNowPlaying } from './hooks';
import { PLAYER_HEIGHT } from './player-size';
import { bootAudio } from './boot-audio';
import { watchStream } from './stall';
import { LIVE_BADGE_COLORS } from '../ui/theme';
import { PlayerListenerCount } from '../audience/ListeningNow';
import { useStationCondition } from '../deadair/api';
import { kindText } from '../deadair/texts';
import { EPISODE_PLAYER_HEIGHT, EpisodeControls } from '../listen-again/EpisodeControls';
import { leaveEpisode, usePlayback } from '../listen-again/playback';

/** `reconnecting`: the stream dropped (or would not start) while the listener wanted it; the player tries again by itself. */
type Status = 'paused' | 'loading' | 'playing' | 'reconnecting';

/**
 * Pauses before each attempt to rejoin a stream that dropped: quick at first, then every 3 s for as long as the
 * listener has not pressed pause, so the music is back within a few seconds of the station (or the server) being
 * back. The station coming back on air (a DJ handover, a source gap) tries at once.
 */
export const RECONNECT_DELAYS_MS = [1000, 2000, 3000] as const;

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
function display(np: NowPlaying | undefined, zone: ShowZone, nowMs: number, t: Translate, intl: string) {
  const song = np?.now_playing.song;
  const state = stationStateOf(np);
  const onAir = isBroadcasting(state);
  const off = offAirText(np);
  // The spec's fallbacks (shared/radio-display.ts songTextIn) in the reader's language; a song's own words as they are.
  const text =
    state === 'metadata_unavailable'
      ? { title: t('radio.nowPlayingUnavailable'), artist: t('radio.metadataUnavailable'), album: '' }
      : { title: song?.title || t('player.unknownTrack'), artist: song?.artist || t('songRequest.unknownArtist'), album: song?.album || t('songRequest.unknownAlbum') };
  const offReason = t(off.reasonKey);
  return {
    state,
    onAir,
    title: onAir ? text.title : t(off.headlineKey),
    artist: onAir ? text.artist : off.next ? t('player.next', { title: off.next.title, when: startsAtIn(t, intl, off.next.starts_at, zone.zone, zone.label, nowMs) }) : offReason,
    offReason,
    album: text.album,
    art: onAir ? (song?.art ?? null) : null,
    presenter: np?.presenter || (np?.live.is_live ? t('player.livePresenter') : t('player.autoDj')),
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
  const { t, intl } = useI18n();
  const { data: np } = useNowPlaying();
  // An episode of listen again chosen on a page (issue 32): the player plays it instead of the live stream.
  const { episode } = usePlayback();
  // The audio the server-drawn Play already started (issue 38 item 8) is this player's own: it plays on.
  const [adopted] = useState(bootAudio);
  const audioRef = useRef<HTMLAudioElement | null>(adopted);
  const initial: Status = adopted && !adopted.paused ? 'playing' : 'paused';
  const [status, setStatus] = useState<Status>(initial);
  const statusRef = useRef<Status>(initial);
  const [volume, setVolume] = useState<number>(RADIO_LIMITS.defaultVolume);
  const [muted, setMuted] = useState(false);
  const lastAudible = useRef<number>(RADIO_LIMITS.defaultVolume);
  const [volumeAnchor, setVolumeAnchor] = useState<HTMLElement | null>(null);
  // Times in the page's one zone, by the page's one clock (issue 38 item 6).
  const zone = useShowZone();
  const d = display(np, zone, useNow(60_000), t, intl);
  const streamUrl = np?.station.listen_url || station.streamUrl;
  const streamUrlRef = useRef(streamUrl);
  streamUrlRef.current = streamUrl;
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempts = useRef(0);
  // The station's backup stream (issue 33): played instead while the station's ears say it is not heard (off
  // air, silence) or the stream keeps failing; the station again once it is heard. Read once the player plays,
  // or when the station is off air (so a paused visit asks nothing more).
  const { data: condition } = useStationCondition(status !== 'paused' || !d.onAir);
  const backupUrl = condition?.backup_stream_url ?? null;
  const backupRef = useRef(backupUrl);
  backupRef.current = backupUrl;
  const down = condition ? condition.condition === 'off_air' || condition.condition === 'silence' || condition.condition === 'live_silent' : false;
  const [onBackup, setOnBackup] = useState(false);
  const onBackupRef = useRef(false);
  /** The listener chose the station over the backup during this incident. */
  const [stayOnStation, setStayOnStation] = useState(false);

  const set = useCallback((s: Status) => {
    statusRef.current = s;
    setStatus(s);
  }, []);
  const clearRetry = useCallback(() => {
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
  }, []);

  // Starts (or rejoins) the stream; `reconnect` keeps saying so until the audio plays.
  const startRef = useRef<(reconnect: boolean) => void>(() => undefined);
  /** The stream dropped or would not start while the listener wants it: try again after a pause that grows. */
  const scheduleReconnect = useCallback(() => {
    if (statusRef.current === 'paused' || retryTimer.current) return;
    // The station's stream keeps failing and the station has a backup: play that instead.
    if (attempts.current >= 2 && backupRef.current && !onBackupRef.current) {
      onBackupRef.current = true;
      setOnBackup(true);
      attempts.current = 0;
      startRef.current(true);
      return;
    }
    set('reconnecting');
    const delay = RECONNECT_DELAYS_MS[Math.min(attempts.current, RECONNECT_DELAYS_MS.length - 1)]!;
    attempts.current += 1;
    retryTimer.current = setTimeout(() => {
      retryTimer.current = null;
      if (statusRef.current === 'reconnecting') startRef.current(true);
    }, delay);
  }, [set]);

  const start = useCallback(
    (reconnect: boolean) => {
      const a = audioRef.current;
      if (!a) return;
      clearRetry();
      // The station's stream as the server resolved it (the same address the AzuraCast-compatible feed gives), or its backup.
      a.src = onBackupRef.current && backupRef.current ? backupRef.current : liveSrc(streamUrlRef.current);
      set(reconnect ? 'reconnecting' : 'loading');
      a.play().then(
        () => {
          attempts.current = 0;
          if (statusRef.current !== 'paused') set('playing');
        },
        (err: unknown) => {
          // Autoplay refusal is not a failure: the listener just presses play.
          if (err instanceof DOMException && err.name === 'NotAllowedError') {
            clearRetry();
            set('paused');
          } else if (err instanceof DOMException && err.name === 'AbortError') return;
          else if (statusRef.current !== 'paused') {
            // Expected while the station or the server is away: quiet, and tried again.
            if (!reconnect) console.warn('The stream could not start; trying again', err);
            scheduleReconnect();
          }
        },
      );
    },
    [set, clearRetry, scheduleReconnect],
  );
  startRef.current = start;
  const play = useCallback(() => {
    attempts.current = 0;
    start(false);
  }, [start]);

  // A live notification opened the site to play (issue 36).
  usePlayRequests(play);

  const pause = useCallback(() => {
    const a = audioRef.current;
    clearRetry();
    attempts.current = 0;
    set('paused');
    if (!a) return;
    a.pause();
    // Let go of the connection: a live stream resumes at the live position.
    a.removeAttribute('src');
    a.load();
  }, [set, clearRetry]);

  // The station back on air (after a source gap, a DJ handover, a stop) while the player waits to rejoin: at once.
  const onAir = d.onAir;
  useEffect(() => {
    if (onAir && statusRef.current === 'reconnecting') {
      clearRetry();
      startRef.current(true);
    }
  }, [onAir, clearRetry]);

  // The station not heard (its ears say so) while the listener listens: the backup; heard again: the station.
  const switchTo = useCallback((backup: boolean) => {
    onBackupRef.current = backup;
    setOnBackup(backup);
    attempts.current = 0;
    if (statusRef.current !== 'paused') startRef.current(false);
  }, []);
  useEffect(() => {
    if (!down) setStayOnStation(false);
    if (down && backupUrl && !stayOnStation && !onBackupRef.current && statusRef.current !== 'paused') switchTo(true);
    else if (!down && onBackupRef.current && condition) switchTo(false);
  }, [down, backupUrl, stayOnStation, status, condition, switchTo]);

  // A connection that ended or hangs is rejoined as soon as its data stops arriving, not once the audio it holds
  // (the stream's burst, ~11 s) has played out; audio that stops advancing too (web/src/radio/stall.ts).
  useEffect(() => {
    const a = audioRef.current;
    if (!a) return;
    return watchStream(a, () => statusRef.current !== 'paused' && retryTimer.current === null, scheduleReconnect);
  }, [scheduleReconnect]);

  useEffect(() => clearRetry, [clearRetry]);

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
    const onPlaying = () => {
      if (statusRef.current === 'paused') return;
      attempts.current = 0;
      set('playing');
    };
    const onWaiting = () => statusRef.current === 'playing' && set('loading');
    // The stream ended or failed while the listener wants it (the server restarted, the source dropped): rejoin.
    const onFail = () => {
      if (statusRef.current === 'paused' || !a.getAttribute('src')) return;
      scheduleReconnect();
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
  }, [set, scheduleReconnect]);

  // Lock-screen and media-key controls.
  useEffect(() => {
    // While an episode plays, the lock screen is the episode's (EpisodeControls).
    if (!('mediaSession' in navigator) || episode) return;
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
      ms.playbackState = status === 'paused' ? 'paused' : 'playing';
    } catch {
      // Some browsers refuse some actions; the on-page controls still work.
    }
  }, [d.title, d.artist, d.album, d.art, d.presenter, status, play, pause, station.logoUrl, episode]);

  // An episode chosen while the live stream plays: the stream stops (one sound at a time).
  const episodeId = episode?.id ?? null;
  useEffect(() => {
    if (episodeId && statusRef.current !== 'paused') pause();
  }, [episodeId, pause]);
  /** Back to the live stream from an episode (its place is kept). */
  const backToLive = useCallback(() => {
    leaveEpisode();
    play();
  }, [play]);


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

  // Reconnecting counts as playing: the button pauses (stops the attempts), and the player says what it is doing.
  const playing = status !== 'paused';
  const height = episode ? (mobile ? EPISODE_PLAYER_HEIGHT.mobile : EPISODE_PLAYER_HEIGHT.desktop) : mobile ? PLAYER_HEIGHT.mobile : PLAYER_HEIGHT.desktop;
  // Off air: nothing to play (a player already playing can still be paused).
  const canPlay = d.onAir || playing || (down && !!backupUrl);
  const backToStation = () => {
    setStayOnStation(true);
    switchTo(false);
  };
  const listenToBackup = () => {
    setStayOnStation(false);
    onBackupRef.current = true;
    setOnBackup(true);
    play();
  };
  const offerBackup = !!backupUrl && (down || onBackup);
  const clock = d.onAir ? <PlayerClock np={np} duration={d.duration} /> : null;
  const liveBadge = (small: boolean) => (
    <Box component="span" sx={{ px: small ? 0.75 : 1, py: small ? 0 : 0.25, borderRadius: 4, ...LIVE_BADGE_COLORS, fontSize: small ? '0.6875rem' : '0.8125rem', fontWeight: 800, lineHeight: 1.5, flexShrink: 0 }}>
      {t('radio.live')}
    </Box>
  );
  const volumeSlider = (vertical: boolean) => (
    <Slider
      value={shownVolume}
      onChange={onVolume}
      min={0}
      max={100}
      step={1}
      aria-label={t('player.volume')}
      valueLabelDisplay="auto"
      orientation={vertical ? 'vertical' : 'horizontal'}
      sx={vertical ? { height: 120 } : { width: 110, flexShrink: 0, mr: 1 }}
    />
  );

  return (
    <Paper
      component="section"
      data-player-bar=""
      aria-label={episode ? t('listenAgain.playerRegion') : t('player.region')}
      square
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, height, zIndex: 1200, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', display: 'flex', flexDirection: 'column' }}
    >
      {/* Elapsed share of the track: a plain bar (the player is on every page; it carries no progress-bar component). */}
      <Box aria-hidden sx={{ height: 3, flexShrink: 0, overflow: 'hidden' }}>
        {!episode && <ProgressBar np={d.onAir ? np : undefined} duration={d.duration} />}
      </Box>
      {!adopted && <audio ref={audioRef} preload="none" data-testid="player-audio" />}
      {!episode && offerBackup && (
        <Paper square elevation={4} role="status" data-testid="player-backup" sx={{ position: 'absolute', left: 0, right: 0, bottom: '100%', px: 2, py: 0.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', bgcolor: 'warning.light', color: 'warning.contrastText' }}>
          <Typography variant="body2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {onBackup && playing ? t('player.backup.playing') : condition && condition.condition !== 'ok' ? kindText(t, condition.condition) : d.offReason}
          </Typography>
          {onBackup ? (
            <Button size="small" color="inherit" onClick={backToStation} sx={{ minHeight: 36 }}>
              {t('player.backup.back')}
            </Button>
          ) : (
            <Button size="small" color="inherit" onClick={listenToBackup} sx={{ minHeight: 36 }}>
              {t('player.backup.offer')}
            </Button>
          )}
        </Paper>
      )}
      {episode ? (
        <EpisodeControls episode={episode} mobile={mobile} onLive={backToLive} logoUrl={station.logoUrl} stationName={station.name} />
      ) : (
        <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 }, minWidth: 0 }}>
          <IconButton
            onClick={playing ? pause : play}
            aria-label={playing ? t('player.pause') : canPlay ? t('player.play') : t('player.playUnavailable')}
            title={canPlay ? undefined : d.offReason}
            disabled={!canPlay}
            color="primary"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' }, '&.Mui-disabled': { bgcolor: 'action.disabledBackground', color: 'text.secondary' }, width: 48, height: 48, flexShrink: 0 }}
          >
            {status === 'loading' ? <CircularProgress size={22} color="inherit" aria-hidden /> : playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <TrackArt src={d.art} size={mobile ? 40 : 48} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }} data-testid="now-playing">
            {status === 'reconnecting' ? (
              <Box role="status" data-testid="player-reconnecting" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {t('player.reconnecting')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                    {d.onAir ? (
                      t('player.streamDropped')
                    ) : (
                      <>
                        <span>{d.offReason}</span> <span>{t('player.resumesOnAir')}</span>
                      </>
                    )}
                  </Typography>
                </Box>
                {/* On a phone the icon alone (named Retry), so the message keeps its room. */}
                {mobile ? (
                  <IconButton onClick={() => start(true)} aria-label={t('player.retry')} color="primary" sx={{ flexShrink: 0, width: 44, height: 44 }}>
                    <RefreshIcon />
                  </IconButton>
                ) : (
                  <Button size="small" startIcon={<RefreshIcon />} onClick={() => start(true)} sx={{ flexShrink: 0, minHeight: 44 }}>
                    {t('player.retry')}
                  </Button>
                )}
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
              <IconButton onClick={(e) => setVolumeAnchor(e.currentTarget)} aria-label={t('player.volumeLevel', { level: shownVolume })} aria-haspopup="dialog" sx={{ flexShrink: 0 }} data-testid="player-volume-button">
                {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
              </IconButton>
              <Popover
                open={volumeAnchor !== null}
                anchorEl={volumeAnchor}
                onClose={() => setVolumeAnchor(null)}
                anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
                transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
                slotProps={{ paper: { role: 'dialog', 'aria-label': t('player.volume'), sx: { p: 1.5, pt: 2.5, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 } } }}
              >
                {volumeSlider(true)}
                <IconButton onClick={toggleMute} aria-label={muted || volume === 0 ? t('player.unmute') : t('player.mute')}>
                  {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
                </IconButton>
              </Popover>
            </>
          ) : (
            <>
              <IconButton onClick={toggleMute} aria-label={muted || volume === 0 ? t('player.unmute') : t('player.mute')} sx={{ flexShrink: 0 }}>
                {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
              </IconButton>
              {volumeSlider(false)}
            </>
          )}
        </Box>
      )}
      <Box aria-live="polite" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {np && !episode ? (d.onAir ? `${t('player.nowPlaying', { title: d.title, artist: d.artist })} ${d.isLive ? t('player.liveWith', { presenter: d.presenter }) : ''}` : `${d.title}. ${d.artist}`) : ''}
      </Box>
    </Paper>
  );
}
