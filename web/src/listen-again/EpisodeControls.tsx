import Forward10Icon from '@mui/icons-material/FastForward';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Replay10Icon from '@mui/icons-material/FastRewind';
import SensorsIcon from '@mui/icons-material/Sensors';
import { Box, Button, CircularProgress, GlobalStyles, IconButton, ListItemText, Menu, MenuItem, Slider, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/state';
import { MOBILE_QUERY } from '../app/media';
import { PLAYER_HEIGHT } from '../radio/player-size';
import { clock, commandSnapshot, PLAYBACK_RATES, positionOf, saveRate, savePosition, setEpisodePlaying, storedRate, subscribePlayback, takeCommand, trackAt, type PlayerEpisode } from './playback';
import { airedText } from './format';
import { useShowZone } from '../schedule/zone';

/** The player's height while it plays an episode (a seek bar above its controls; three rows on a phone). */
export const EPISODE_PLAYER_HEIGHT = { desktop: 104, mobile: 140 } as const;
/** How far ±15 s moves. */
export const SKIP_SECONDS = 15;
/** How often the place in the episode is written down while it plays (also on pause, seek and leaving). */
const SAVE_EVERY_MS = 3000;

const subscribeNone = () => () => undefined;

/**
 * The persistent player while it plays an episode (issue 32 item 3): a seek bar, ±15 s, the playback speed, the
 * tracklist whose lines jump to their moment, and back to the live stream. Its own audio element, so the live
 * stream's reconnection logic never touches it; the place is written down on the device, and the lock screen gets
 * the episode and its seek actions through the Media Session API.
 */
export function EpisodeControls({ episode, mobile, onLive, logoUrl, stationName }: { episode: PlayerEpisode; mobile: boolean; onLive: () => void; logoUrl: string; stationName: string }) {
  const { t, intl } = useI18n();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(() => positionOf(episode.id));
  const [dragging, setDragging] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rate, setRate] = useState(storedRate);
  const [speedAnchor, setSpeedAnchor] = useState<HTMLElement | null>(null);
  const [tracksAnchor, setTracksAnchor] = useState<HTMLElement | null>(null);
  const pendingSeek = useRef<number | null>(null);
  const lastSave = useRef(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const duration = mediaDuration ?? episode.duration_seconds;
  const durationRef = useRef(duration);
  durationRef.current = duration;
  // Whether this device draws the phone layout is known only in the browser (the player is never drawn by the server).
  const hydrated = useSyncExternalStore(subscribeNone, () => true, () => false);

  const save = useCallback(
    (force = false) => {
      const a = audioRef.current;
      // An audio not loaded yet is at 0 whatever the listener's place: that is not a place to keep.
      if (!a || a.readyState < 1 || (!force && Date.now() - lastSave.current < SAVE_EVERY_MS)) return;
      lastSave.current = Date.now();
      savePosition(episode.id, a.currentTime, durationRef.current);
    },
    [episode.id],
  );

  /** Moves to `seconds` (now if the audio knows its length, else once it does). */
  const seek = useCallback(
    (seconds: number) => {
      const a = audioRef.current;
      const at = Math.max(0, Math.min(seconds, durationRef.current > 1 ? durationRef.current - 0.5 : seconds));
      setTime(at);
      if (!a) return;
      if (a.readyState >= 1) {
        a.currentTime = at;
        lastSave.current = Date.now();
        savePosition(episode.id, at, durationRef.current);
      } else pendingSeek.current = at;
    },
    [episode.id],
  );

  const play = useCallback(
    (at?: number) => {
      const a = audioRef.current;
      if (!a) return;
      setFailed(false);
      if (at !== undefined) seek(at);
      else if (a.readyState < 1 && pendingSeek.current === null) pendingSeek.current = positionOf(episode.id);
      setLoading(true);
      a.play().catch((err: unknown) => {
        setLoading(false);
        if (err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return;
        setFailed(true);
      });
    },
    [seek, episode.id],
  );
  const pause = useCallback(() => {
    audioRef.current?.pause();
    save(true);
  }, [save]);
  const skip = useCallback((by: number) => seek((audioRef.current?.currentTime ?? 0) + by), [seek]);

  // A new episode: its audio, from where the listener left it.
  useEffect(() => {
    const a = audioRef.current;
    if (!a) return;
    a.src = episode.audio_url;
    a.playbackRate = storedRate();
    pendingSeek.current = positionOf(episode.id);
    setTime(positionOf(episode.id));
    setMediaDuration(null);
    setFailed(false);
  }, [episode.id, episode.audio_url]);

  // The pages' requests: play (from a moment), pause.
  const command = useSyncExternalStore(subscribePlayback, commandSnapshot, () => 0);
  useEffect(() => {
    const c = takeCommand();
    if (!c) return;
    if (c.kind === 'pause') pause();
    else play(c.at);
  }, [command, episode.id, play, pause]);

  // The audio element's news.
  useEffect(() => {
    const a = audioRef.current;
    if (!a) return;
    const onMeta = () => {
      if (Number.isFinite(a.duration) && a.duration > 0) setMediaDuration(a.duration);
      if (pendingSeek.current !== null) {
        a.currentTime = pendingSeek.current;
        pendingSeek.current = null;
      }
    };
    const onTime = () => {
      setTime(a.currentTime);
      save();
    };
    const onPlaying = () => {
      setLoading(false);
      setPlaying(true);
      setEpisodePlaying(true);
    };
    const onPause = () => {
      setPlaying(false);
      setLoading(false);
      setEpisodePlaying(false);
      save(true);
    };
    const onWaiting = () => setLoading(true);
    const onSeeked = () => {
      setLoading(false);
      save(true);
    };
    const onError = () => {
      if (!a.getAttribute('src')) return;
      setLoading(false);
      setPlaying(false);
      setEpisodePlaying(false);
      setFailed(true);
    };
    const onEnded = () => {
      savePosition(episode.id, durationRef.current, durationRef.current);
      setPlaying(false);
      setEpisodePlaying(false);
    };
    const onHide = () => save(true);
    a.addEventListener('loadedmetadata', onMeta);
    a.addEventListener('timeupdate', onTime);
    a.addEventListener('playing', onPlaying);
    a.addEventListener('pause', onPause);
    a.addEventListener('waiting', onWaiting);
    a.addEventListener('seeked', onSeeked);
    a.addEventListener('error', onError);
    a.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onHide);
    return () => {
      a.removeEventListener('loadedmetadata', onMeta);
      a.removeEventListener('timeupdate', onTime);
      a.removeEventListener('playing', onPlaying);
      a.removeEventListener('pause', onPause);
      a.removeEventListener('waiting', onWaiting);
      a.removeEventListener('seeked', onSeeked);
      a.removeEventListener('error', onError);
      a.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onHide);
    };
  }, [episode.id, save]);

  // Leaving the episode (back to live): the place is kept, the audio let go.
  useEffect(
    () => () => {
      const a = audioRef.current;
      if (!a) return;
      // (Not from an audio that never loaded: the player drawn again for the other layout would save 0 over the place.)
      if (a.getAttribute('src') && a.readyState >= 1) savePosition(episode.id, a.currentTime, durationRef.current);
      a.pause();
      a.removeAttribute('src');
      a.load();
      setEpisodePlaying(false);
    },
    [episode.id],
  );

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, [rate]);

  // The lock screen and media keys: the episode, play/pause and its seek actions.
  const aired = airedText(episode.starts_at, intl, useShowZone().zone);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const ms = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => play()],
      ['pause', pause],
      ['stop', pause],
      ['seekbackward', (d) => skip(-(d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => skip(d.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && seek(d.seekTime)],
    ];
    try {
      ms.metadata = new MediaMetadata({ title: episode.title, artist: stationName, album: `${t('listenAgain.title')} · ${aired}`, artwork: [{ src: new URL(logoUrl, location.href).href }] });
    } catch {
      // No metadata on this browser: the controls still work.
    }
    for (const [action, handler] of handlers) {
      try {
        ms.setActionHandler(action, handler);
      } catch {
        // An action this browser does not offer.
      }
    }
    return () => {
      for (const action of ['seekbackward', 'seekforward', 'seekto'] as const) {
        try {
          ms.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [episode.title, aired, stationName, logoUrl, play, pause, skip, seek, t]);
  const coarse = Math.floor(time / 5);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
    const position = audioRef.current?.currentTime ?? coarse * 5;
    try {
      if (duration > 0) navigator.mediaSession.setPositionState({ duration, playbackRate: rate, position: Math.min(duration, Math.max(0, position)) });
    } catch {
      // Older browsers have no position state.
    }
  }, [playing, duration, rate, coarse]);

  const shown = dragging ?? time;
  const current = trackAt(episode.tracks, shown);
  const timeText = t('listenAgain.positionText', { position: clock(shown), duration: clock(duration) });
  const isMobile = hydrated && mobile;

  const seekBar = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography component="span" variant="caption" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40, textAlign: 'end' }} data-testid="episode-elapsed">
        {clock(shown)}
      </Typography>
      <Slider
        size="small"
        value={Math.min(shown, duration)}
        min={0}
        max={Math.max(1, duration)}
        step={1}
        onChange={(_e, v) => setDragging(Array.isArray(v) ? (v[0] ?? 0) : v)}
        onChangeCommitted={(_e, v) => {
          setDragging(null);
          seek(Array.isArray(v) ? (v[0] ?? 0) : v);
        }}
        aria-label={t('listenAgain.seek')}
        getAriaValueText={() => timeText}
        data-testid="episode-seek"
        sx={{ flexGrow: 1, py: '14px', '& .MuiSlider-thumb': { width: 16, height: 16 } }}
      />
      <Typography component="span" variant="caption" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40 }}>
        {clock(duration)}
      </Typography>
    </Box>
  );
  const playButton = (
    <IconButton
      onClick={() => (playing ? pause() : play())}
      aria-label={playing ? t('player.pause') : t('player.play')}
      data-testid="episode-play"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' }, width: 48, height: 48, flexShrink: 0 }}
    >
      {loading && !playing ? <CircularProgress size={22} color="inherit" aria-hidden /> : playing ? <PauseIcon /> : <PlayArrowIcon />}
    </IconButton>
  );
  const skipButton = (by: number) => (
    <IconButton onClick={() => skip(by)} aria-label={by < 0 ? t('listenAgain.back15') : t('listenAgain.forward15')} sx={{ width: 44, height: 44, flexShrink: 0, flexDirection: 'column', gap: 0, lineHeight: 1 }}>
      {by < 0 ? <Replay10Icon fontSize="small" sx={{ transform: 'scaleX(1)', '[dir=rtl] &': { transform: 'scaleX(-1)' } }} /> : <Forward10Icon fontSize="small" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
      <Box component="span" aria-hidden sx={{ fontSize: '0.625rem', fontWeight: 700 }}>
        {SKIP_SECONDS}
      </Box>
    </IconButton>
  );
  const speedButton = (
    <>
      <Button
        onClick={(e) => setSpeedAnchor(e.currentTarget)}
        aria-label={t('listenAgain.speed', { rate: String(rate) })}
        aria-haspopup="menu"
        aria-expanded={speedAnchor ? 'true' : undefined}
        color="inherit"
        sx={{ minWidth: 48, minHeight: 44, px: 1, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
        data-testid="episode-speed"
      >
        <bdi>{`${rate}×`}</bdi>
      </Button>
      <Menu anchorEl={speedAnchor} open={!!speedAnchor} onClose={() => setSpeedAnchor(null)} slotProps={{ list: { 'aria-label': t('listenAgain.speedMenu') } }}>
        {PLAYBACK_RATES.map((r) => (
          <MenuItem
            key={r}
            selected={r === rate}
            sx={{ minHeight: 44 }}
            onClick={() => {
              setRate(r);
              saveRate(r);
              setSpeedAnchor(null);
            }}
          >
            <bdi>{`${r}×`}</bdi>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
  const tracksButton =
    episode.tracks.length > 0 ? (
      <>
        <IconButton onClick={(e) => setTracksAnchor(e.currentTarget)} aria-label={t('listenAgain.tracklist')} aria-haspopup="menu" aria-expanded={tracksAnchor ? 'true' : undefined} sx={{ width: 44, height: 44, flexShrink: 0 }} data-testid="episode-tracklist">
          <QueueMusicIcon />
        </IconButton>
        <Menu
          anchorEl={tracksAnchor}
          open={!!tracksAnchor}
          onClose={() => setTracksAnchor(null)}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          slotProps={{ list: { 'aria-label': t('listenAgain.tracklist') }, paper: { sx: { maxHeight: '60vh', maxWidth: 'min(420px, calc(100vw - 16px))' } } }}
        >
          {episode.tracks.map((tr, i) => (
            <MenuItem
              key={`${tr.played_at}-${i}`}
              selected={i === current}
              sx={{ minHeight: 44, gap: 1.5 }}
              onClick={() => {
                setTracksAnchor(null);
                play(tr.offset_seconds);
              }}
            >
              <Typography component="span" variant="body2" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', minWidth: 44 }}>
                {clock(tr.offset_seconds)}
              </Typography>
              <ListItemText primary={<bdi>{tr.title}</bdi>} secondary={tr.artist ? <bdi>{tr.artist}</bdi> : null} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} sx={{ minWidth: 0 }} />
            </MenuItem>
          ))}
        </Menu>
      </>
    ) : null;
  const liveButton = (
    <Button onClick={onLive} startIcon={<SensorsIcon />} color="inherit" variant="outlined" size="small" sx={{ minHeight: 44, flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="episode-back-to-live">
      {t('listenAgain.backToLive')}
    </Button>
  );
  const title = (
    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
      <Typography noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid="episode-title" title={episode.title}>
        <bdi>{episode.title}</bdi>
      </Typography>
      <Typography noWrap variant="body2" color={failed ? 'error' : 'text.secondary'} role={failed ? 'alert' : undefined}>
        {failed ? t('listenAgain.playError') : current >= 0 ? <bdi>{[episode.tracks[current]!.title, episode.tracks[current]!.artist].filter(Boolean).join(' · ')}</bdi> : aired}
      </Typography>
    </Box>
  );

  const extra = EPISODE_PLAYER_HEIGHT.desktop - PLAYER_HEIGHT.desktop;
  const extraMobile = EPISODE_PLAYER_HEIGHT.mobile - PLAYER_HEIGHT.mobile;
  return (
    <>
      {/* The page keeps room for the taller bar: the footer and focused controls never sit under it. */}
      <GlobalStyles
        styles={{
          'footer.bd-footer': { marginBottom: extra },
          html: { scrollPaddingBottom: EPISODE_PLAYER_HEIGHT.desktop + 12 },
          [`@media ${MOBILE_QUERY}`]: { 'footer.bd-footer': { marginBottom: extraMobile }, html: { scrollPaddingBottom: EPISODE_PLAYER_HEIGHT.mobile + 12 } },
        }}
      />
      <audio ref={audioRef} preload="none" data-testid="episode-audio" />
      <Box role="group" aria-label={t('listenAgain.playerLabel', { title: episode.title })} sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0, gap: 0.25 }} data-testid="episode-player">
        {isMobile ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minWidth: 0 }}>
              {title}
              {liveButton}
            </Box>
            {seekBar}
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, px: 1 }}>
              {speedButton}
              {skipButton(-SKIP_SECONDS)}
              {playButton}
              {skipButton(SKIP_SECONDS)}
              {tracksButton ?? <Box sx={{ width: 44 }} />}
            </Box>
          </>
        ) : (
          <>
            {seekBar}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minWidth: 0 }}>
              {skipButton(-SKIP_SECONDS)}
              {playButton}
              {skipButton(SKIP_SECONDS)}
              <Box sx={{ width: 8, flexShrink: 0 }} />
              {title}
              {speedButton}
              {tracksButton}
              {liveButton}
            </Box>
          </>
        )}
      </Box>
    </>
  );
}
