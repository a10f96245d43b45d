import { GrowingTextarea } from '../ui/GrowingTextarea';
import AlbumIcon from '@mui/icons-material/Album';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { REQUEST_LIMITS, type LibraryTrack, type SpotifyTrack } from '../../../shared/requests';
import { ApiError } from '../app/api';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import type { MessageKey } from '../../../shared/i18n/format';
import { aroundSlot, SLOT, useI18n } from '../i18n/state';
import { hidesUpcomingSongs, US_REQUEST_MIN_DELAY_MINUTES } from '../../../shared/licensing';
import { searchLibrary, searchSpotify, sendSongRequest, useSpotifyStatus } from './api';
import { newIdempotencyKey, requestSessionId } from '../platform/session';
import { ClosedNotice, failureDescription, OffAirNotice, PageHeader, SendButton } from './shared-ui';
import { useToast } from '../ui/toast';

/** A search result from either source, as the list shows it. */
type Result = { source: 'library'; track: LibraryTrack } | { source: 'spotify'; track: SpotifyTrack };

const resultKey = (r: Result) => `${r.source}:${r.track.id}`;
const artOf = (r: Result) => (r.source === 'library' ? r.track.artwork_url : r.track.art);

/** The spec's toasts for the song request flow (000 §5, §8), as catalogue keys. */
const TEXT = {
  searchError: { title: 'songRequest.toast.searchError', description: 'songRequest.toast.searchErrorText' },
  spotifyError: { title: 'songRequest.toast.spotifyError', description: 'songRequest.toast.spotifyErrorText' },
  noLocal: { title: 'songRequest.toast.noLocal', description: 'songRequest.toast.noLocalText' },
  // The same toast when the station has not set up Spotify: it does not send the listener there.
  noLocalNoSpotify: { title: 'songRequest.toast.noLocal', description: 'songRequest.toast.noLocalNoSpotifyText' },
  noSpotify: { title: 'songRequest.toast.noSpotify', description: 'songRequest.toast.noSpotifyText' },
  nameRequired: { title: 'songRequest.toast.nameRequired', description: 'songRequest.toast.nameRequiredText' },
  detailsRequired: { title: 'songRequest.toast.detailsRequired', description: 'songRequest.toast.detailsRequiredText' },
  noSong: { title: 'songRequest.toast.noSong', description: 'songRequest.toast.noSongText' },
  sent: { title: 'songRequest.toast.sent', description: 'songRequest.toast.sentText' },
  failed: { title: 'songRequest.toast.failed', description: 'songRequest.toast.failedText' },
} as const;

/** /song-request: search the library or Spotify, pick a song (or type a custom one), add a name and a message, send. */
export function SongRequestPage() {
  const { t } = useI18n();
  usePageMeta({ title: t('songRequest.metaTitle'), description: t('songRequest.metaDescription') });
  const station = useStation();
  /** A toast from the table above, in the reader's language. */
  const say = (text: { title: MessageKey; description: MessageKey }) => ({ title: t(text.title), description: t(text.description) });
  const { toast, dismiss } = useToast();
  const [mode, setMode] = useState<'search' | 'custom'>('search');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[]>([]);
  const [searching, setSearching] = useState<'library' | 'spotify' | null>(null);
  const [spotifyFailedSetup, setSpotifyFailedSetup] = useState(false);
  // Spotify is offered only once the server says it is set up (no button that can only fail).
  const spotifyStatus = useSpotifyStatus();
  const spotifyOffered = spotifyStatus === true && !spotifyFailedSetup;
  const [selected, setSelected] = useState<Result | null>(null);
  const [customTitle, setCustomTitle] = useState('');
  const [customArtist, setCustomArtist] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const closed = !station.requestsOpen;

  // A changed request is a new request: forget the key of the previous attempt.
  useEffect(() => {
    idempotencyKey.current = null;
  }, [mode, selected, customTitle, customArtist, name, message]);

  const runSearch = async (source: 'library' | 'spotify') => {
    const q = query.trim();
    if (!q) return;
    // A new search: the last search's toast would sit over these results.
    dismiss();
    setSearching(source);
    try {
      if (source === 'library') {
        const tracks = await searchLibrary(q);
        setSelected(null);
        setResults(tracks.map((track) => ({ source: 'library', track })));
        if (tracks.length === 0) toast({ ...say(spotifyOffered ? TEXT.noLocal : TEXT.noLocalNoSpotify), variant: 'info' });
      } else {
        const tracks = await searchSpotify(q);
        setSelected(null);
        setResults(tracks.map((track) => ({ source: 'spotify', track })));
        if (tracks.length === 0) toast({ ...say(TEXT.noSpotify), variant: 'info' });
      }
    } catch (err) {
      console.error(`${source} search failed`, err);
      if (source === 'spotify' && err instanceof ApiError && err.code === 'not_configured') setSpotifyFailedSetup(true);
      toast({ ...say(source === 'library' ? TEXT.searchError : TEXT.spotifyError), variant: 'error' });
    } finally {
      setSearching(null);
    }
  };

  const reset = () => {
    setQuery('');
    setResults([]);
    setSelected(null);
    setCustomTitle('');
    setCustomArtist('');
    setName('');
    setMessage('');
    setMode('search');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || closed) return;
    if (!name.trim()) return toast({ ...say(TEXT.nameRequired), variant: 'error' });
    if (mode === 'custom' && (!customTitle.trim() || !customArtist.trim())) return toast({ ...say(TEXT.detailsRequired), variant: 'error' });
    if (mode === 'search' && !selected) return toast({ ...say(TEXT.noSong), variant: 'error' });
    const song =
      mode === 'custom'
        ? { title: customTitle, artist: customArtist, request_type: 'custom' as const }
        : selected!.source === 'library'
          ? { title: selected!.track.title, artist: selected!.track.artist || 'Unknown Artist', request_type: 'song' as const, track_id: selected!.track.id }
          : { title: selected!.track.title, artist: selected!.track.artist, request_type: 'song' as const, spotify_url: selected!.track.link };
    idempotencyKey.current ??= newIdempotencyKey();
    setSending(true);
    try {
      await sendSongRequest({ ...song, requester: name, message: message.trim() || undefined, user_session: requestSessionId() }, idempotencyKey.current);
      toast({ ...say(TEXT.sent), variant: 'success' });
      reset();
    } catch (err) {
      console.error('song request failed', err);
      toast({ title: t(TEXT.failed.title), description: failureDescription(err, t(TEXT.failed.description)), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  const canSend = !!name.trim() && !sending && !closed;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title={t('songRequest.title')} icon={<MusicNoteIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={t(spotifyOffered ? 'songRequest.introSpotify' : 'songRequest.intro')} />
      <OffAirNotice />
      {hidesUpcomingSongs(station.compliance_mode) && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="request-compliance">
          {t('radio.upcomingHidden')}
          {station.compliance_mode === 'us' ? ` ${t('requests.usRequestDelay', { minutes: US_REQUEST_MIN_DELAY_MINUTES })}` : ''}
        </Alert>
      )}
      {closed && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <ClosedNotice />
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate aria-label={t('songRequest.formLabel')}>
        <Stack spacing={3}>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              {mode === 'search' ? (
                <>
                  <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                    {t('songRequest.find')}
                  </Typography>
                  <TextField
                    fullWidth
                    label={t('songRequest.searchLabel')}
                    placeholder={t('songRequest.searchPlaceholder')}
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void runSearch('library');
                      }
                    }}
                    slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.searchQuery, 'aria-describedby': 'search-help' } }}
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5 }}>
                    <Button variant="contained" startIcon={searching === 'library' ? <CircularProgress size={18} color="inherit" /> : <SearchIcon />} disabled={!query.trim() || searching !== null} onClick={() => void runSearch('library')}>
                      {searching === 'library' ? t('songRequest.searching') : t('songRequest.searchLibrary')}
                    </Button>
                    {spotifyOffered && (
                      <Button variant="outlined" startIcon={searching === 'spotify' ? <CircularProgress size={18} color="inherit" /> : <LibraryMusicIcon />} disabled={!query.trim() || searching !== null} onClick={() => void runSearch('spotify')}>
                        {searching === 'spotify' ? t('songRequest.searching') : t('songRequest.searchSpotify')}
                      </Button>
                    )}
                  </Stack>
                  <Typography id="search-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {spotifyFailedSetup ? t('songRequest.spotifyUnavailable') : t('songRequest.pressEnter')}
                  </Typography>

                  {results.length > 0 && (
                    <Box sx={{ mt: 2 }}>
                      <Typography variant="subtitle2" component="h3" id="results-heading" sx={{ mb: 1 }}>
                        {t(results[0]!.source === 'library' ? 'songRequest.resultsLibrary' : 'songRequest.resultsSpotify', { count: results.length })}
                      </Typography>
                      <List
                        aria-labelledby="results-heading"
                        dense
                        sx={{ maxHeight: '16rem', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, p: 0.5, bgcolor: (t) => t.airdeck.backgroundTertiary }}
                        data-testid="song-results"
                      >
                        {results.map((r) => {
                          const isSelected = selected !== null && resultKey(selected) === resultKey(r);
                          const art = artOf(r);
                          return (
                            <ListItemButton key={resultKey(r)} selected={isSelected} aria-pressed={isSelected} onClick={() => setSelected(r)} sx={{ borderRadius: 1.5 }}>
                              <ListItemAvatar>
                                <Avatar variant="rounded" src={art ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                                  <AlbumIcon />
                                </Avatar>
                              </ListItemAvatar>
                              <ListItemText
                                primary={r.track.title}
                                secondary={[r.track.artist || t('songRequest.unknownArtist'), r.track.album || t('songRequest.unknownAlbum')].join(' · ')}
                                slotProps={{ primary: { sx: { fontWeight: 600 }, noWrap: true }, secondary: { noWrap: true } }}
                              />
                              {isSelected && <CheckCircleIcon color="primary" aria-label={t('songRequest.selectedIcon')} sx={{ ml: 1 }} />}
                            </ListItemButton>
                          );
                        })}
                      </List>
                    </Box>
                  )}

                  {selected && (
                    <Alert icon={<MusicNoteIcon />} severity="success" variant="outlined" sx={{ mt: 2 }} role="status">
                      {(() => {
                        const [before, after] = aroundSlot(t('songRequest.selected', { title: SLOT, artist: selected.track.artist || t('songRequest.unknownArtist') }));
                        return (
                          <>
                            {before}
                            <strong>{selected.track.title}</strong>
                            {after}
                          </>
                        );
                      })()}
                      {selected.source === 'spotify' && <Chip size="small" label={t('songRequest.spotifyLinkAdded')} sx={{ ml: 1 }} />}
                    </Alert>
                  )}

                  <Button variant="text" startIcon={<EditNoteIcon />} sx={{ mt: 2, textAlign: 'left', justifyContent: 'flex-start' }} onClick={() => setMode('custom')}>
                    {t('songRequest.customLink')}
                  </Button>
                </>
              ) : (
                <>
                  <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                    {t('songRequest.custom')}
                  </Typography>
                  <Stack spacing={2}>
                    <TextField required label={t('songRequest.songTitle')} value={customTitle} onChange={(e) => setCustomTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.title } }} />
                    <TextField required label={t('songRequest.artist')} value={customArtist} onChange={(e) => setCustomArtist(e.target.value)} slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.artist } }} />
                  </Stack>
                  <Button variant="text" startIcon={<ArrowBackIcon className="flip-rtl" />} sx={{ mt: 2 }} onClick={() => setMode('search')}>
                    {t('songRequest.back')}
                  </Button>
                </>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('songRequest.yourDetails')}
              </Typography>
              <Stack spacing={2}>
                <TextField required label={t('songRequest.yourName')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.requester } }} />
                <TextField
                  label={t('songRequest.message')}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  multiline
                  rows={3}
                  helperText={t('songRequest.messageHelp')}
                  slotProps={{ input: { inputComponent: GrowingTextarea }, htmlInput: { maxLength: REQUEST_LIMITS.songMessage } }}
                />
              </Stack>
            </CardContent>
          </Card>

          <Box>
            <SendButton sending={sending} disabled={!canSend} sx={{ width: { xs: '100%', sm: 'auto' }, px: 4 }}>
              {sending ? t('songRequest.sending') : t('songRequest.send')}
            </SendButton>
          </Box>
        </Stack>
      </Box>
    </Container>
  );
}
