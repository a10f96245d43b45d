import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EMBED_DEFAULT_PARTS, EMBED_PARTS, EMBED_RECENT, EMBED_WIDGETS, embedQuery, embedSnippets, isEmbedResizeMessage, type EmbedOptions, type EmbedWidget } from '../../../../shared/embed-options';
import type { EmbedSettings } from '../../../../shared/embeds';
import { THEME_KEYS, THEMES, type ThemeKey } from '../../../../shared/themes';
import { PageLoading } from '../../app/ListenerLayout';
import { errorMessage } from '../../content/admin/form';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useT } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { fetchWidgetSettings, saveWidgetSettings } from '../api';

type Options = Omit<EmbedOptions, 'parent'>;

/** What each part is called in the builder. */
const PART_LABELS: Record<string, MessageKey> = {
  track: 'widgets.part.track',
  presenter: 'widgets.part.presenter',
  volume: 'widgets.part.volume',
  art: 'widgets.part.art',
  elapsed: 'widgets.part.elapsed',
  request: 'widgets.part.request',
  live: 'widgets.part.live',
  time: 'widgets.part.time',
  votes: 'widgets.part.votes',
  search: 'widgets.part.search',
  custom: 'widgets.part.custom',
  message: 'widgets.part.message',
};

/** Each widget's name in the builder (the widget's own page keeps the station's English title, shared/embed-options.ts). */
const WIDGET_LABELS: Record<EmbedWidget, MessageKey> = {
  'now-playing': 'widgets.kind.nowPlaying',
  player: 'widgets.kind.player',
  schedule: 'widgets.kind.schedule',
  recent: 'widgets.kind.recent',
  request: 'widgets.kind.request',
};

const defaults = (widget: EmbedWidget, theme: ThemeKey = 'neon'): Options => ({
  widget,
  theme,
  mode: THEMES[theme].mode,
  accent: null,
  layout: widget === 'player' ? 'compact' : 'full',
  show: [...EMBED_DEFAULT_PARTS[widget]],
  range: 'today',
  tz: 'visitor',
  count: EMBED_RECENT.default,
  autoplay: false,
});

/**
 * Settings → Widgets (owner and manager): build a station widget for another
 * website (its options, a live preview beside the form, the snippet to copy:
 * a plain iframe or the `/embed.js` loader) and keep the list of sites
 * allowed to frame widgets.
 */
export function WidgetsTab() {
  const [o, setO] = useState<Options>(() => defaults('now-playing'));
  const [previewWidth, setPreviewWidth] = useState<'280' | '390' | 'full'>('390');
  const [previewHeight, setPreviewHeight] = useState(200);
  const frame = useRef<HTMLIFrameElement>(null);
  const { toast } = useToast();
  const t = useT();
  const base = window.location.origin;
  const snippets = useMemo(() => embedSnippets(base, o), [base, o]);
  const src = `/embed/${o.widget}${embedQuery(o)}${embedQuery(o) ? '&' : '?'}parent=${encodeURIComponent(base)}`;
  const set = <K extends keyof Options>(k: K, v: Options[K]) => setO((x) => ({ ...x, [k]: v }));

  // The preview sizes itself with the widget's own auto-height messages, as the loader does.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow || !isEmbedResizeMessage(e.data)) return;
      setPreviewHeight(Math.min(1600, Math.max(80, e.data.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('widgets.copied'), description: what, variant: 'success' });
    } catch {
      toast({ title: t('widgets.copyFailed'), description: t('widgets.copyFailedHint'), variant: 'error' });
    }
  };

  const parts = EMBED_PARTS[o.widget] as readonly string[];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography color="text.secondary">
        {t('widgets.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
        <Card component="form" aria-label={t('widgets.options')} onSubmit={(e) => e.preventDefault()}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <FormControl fullWidth>
              <InputLabel id="widget-kind-label">{t('widgets.widget')}</InputLabel>
              <Select labelId="widget-kind-label" label={t('widgets.widget')} value={o.widget} onChange={(e) => setO((x) => ({ ...defaults(e.target.value as EmbedWidget, x.theme), mode: x.mode, accent: x.accent }))}>
                {EMBED_WIDGETS.map((w) => (
                  <MenuItem key={w} value={w}>
                    {t(WIDGET_LABELS[w])}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl fullWidth>
              <InputLabel id="widget-theme-label">{t('widgets.theme')}</InputLabel>
              <Select labelId="widget-theme-label" label={t('widgets.theme')} value={o.theme} onChange={(e) => setO((x) => ({ ...x, theme: e.target.value as ThemeKey, mode: THEMES[e.target.value as ThemeKey].mode }))}>
                {THEME_KEYS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {THEMES[k].name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Row label={t('widgets.colours')}>
              <ToggleButtonGroup exclusive size="small" value={o.mode} onChange={(_e, v: 'light' | 'dark' | null) => v && set('mode', v)} aria-label={t('widgets.lightOrDark')}>
                <ToggleButton value="light">{t('widgets.light')}</ToggleButton>
                <ToggleButton value="dark">{t('widgets.dark')}</ToggleButton>
              </ToggleButtonGroup>
            </Row>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel control={<Switch checked={o.accent !== null} onChange={(e) => set('accent', e.target.checked ? THEMES[o.theme].accent : null)} />} label={t('widgets.ownAccent')} />
              {o.accent !== null && <TextField type="color" label={t('widgets.accent')} size="small" value={o.accent} onChange={(e) => set('accent', e.target.value.toLowerCase())} sx={{ width: 120 }} />}
            </Box>
            <Row label={t('widgets.layout')}>
              <ToggleButtonGroup exclusive size="small" value={o.layout} onChange={(_e, v: 'compact' | 'full' | null) => v && set('layout', v)} aria-label={t('widgets.layout')}>
                <ToggleButton value="compact">{t('widgets.compact')}</ToggleButton>
                <ToggleButton value="full">{t('widgets.full')}</ToggleButton>
              </ToggleButtonGroup>
            </Row>
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('widgets.show')}</FormLabel>
              <FormGroup row>
                {parts.map((p) => (
                  <FormControlLabel
                    key={p}
                    control={<Checkbox checked={o.show.includes(p)} onChange={(e) => set('show', e.target.checked ? parts.filter((x) => x === p || o.show.includes(x)) : o.show.filter((x) => x !== p))} />}
                    label={PART_LABELS[p] ? t(PART_LABELS[p]) : p}
                  />
                ))}
              </FormGroup>
            </FormControl>
            {o.widget === 'schedule' && (
              <>
                <Row label={t('widgets.shows')}>
                  <ToggleButtonGroup exclusive size="small" value={o.range} onChange={(_e, v: 'today' | 'week' | null) => v && set('range', v)} aria-label={t('widgets.whichShows')}>
                    <ToggleButton value="today">{t('widgets.today')}</ToggleButton>
                    <ToggleButton value="week">{t('widgets.thisWeek')}</ToggleButton>
                  </ToggleButtonGroup>
                </Row>
                <Row label={t('widgets.timesIn')}>
                  <ToggleButtonGroup exclusive size="small" value={o.tz} onChange={(_e, v: 'visitor' | 'station' | null) => v && set('tz', v)} aria-label={t('widgets.timeZone')}>
                    <ToggleButton value="visitor">{t('widgets.visitorZone')}</ToggleButton>
                    <ToggleButton value="station">{t('widgets.stationZone')}</ToggleButton>
                  </ToggleButtonGroup>
                </Row>
              </>
            )}
            {o.widget === 'recent' && (
              <TextField
                type="number"
                label={t('widgets.songs')}
                value={o.count}
                onChange={(e) => set('count', Math.min(EMBED_RECENT.max, Math.max(EMBED_RECENT.min, Number(e.target.value) || EMBED_RECENT.min)))}
                slotProps={{ htmlInput: { min: EMBED_RECENT.min, max: EMBED_RECENT.max } }}
                helperText={t('widgets.songsRange', { min: EMBED_RECENT.min, max: EMBED_RECENT.max })}
                sx={{ maxWidth: 160 }}
              />
            )}
            {o.widget === 'player' && <FormControlLabel control={<Switch checked={o.autoplay} onChange={(e) => set('autoplay', e.target.checked)} />} label={t('widgets.autoplay')} />}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2">
                {t('widgets.preview')}
              </Typography>
              <ToggleButtonGroup exclusive size="small" value={previewWidth} onChange={(_e, v: '280' | '390' | 'full' | null) => v && setPreviewWidth(v)} aria-label={t('widgets.previewWidth')}>
                <ToggleButton value="280">{t('widgets.px', { px: 280 })}</ToggleButton>
                <ToggleButton value="390">{t('widgets.px', { px: 390 })}</ToggleButton>
                <ToggleButton value="full">{t('widgets.fullWidth')}</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1, overflowX: 'auto' }}>
              <Box
                component="iframe"
                ref={frame}
                key={src}
                src={src}
                title={t('widgets.previewTitle', { widget: t(WIDGET_LABELS[o.widget]) })}
                data-testid="widget-preview"
                sx={{ display: 'block', border: 0, width: previewWidth === 'full' ? '100%' : `${previewWidth}px`, maxWidth: '100%', height: previewHeight, borderRadius: 1 }}
              />
            </Box>
            <Snippet label={t('widgets.loader')} button={t('widgets.copyLoader')} value={snippets.loader} onCopy={() => void copy(snippets.loader, t('widgets.loaderCopied'))} />
            <Snippet label={t('widgets.iframe')} button={t('widgets.copyIframe')} value={snippets.iframe} onCopy={() => void copy(snippets.iframe, t('widgets.iframeCopied'))} />
          </CardContent>
        </Card>
      </Box>
      <AllowList />
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ minWidth: 80 }} color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Snippet({ label, button, value, onCopy }: { label: string; button: string; value: string; onCopy: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField label={label} value={value} multiline minRows={2} fullWidth slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }} />
      <Box>
        <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={onCopy}>
          {button}
        </Button>
      </Box>
    </Box>
  );
}

/** The sites allowed to frame widgets (empty: any site). */
function AllowList() {
  const { toast } = useToast();
  const t = useT();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'settings', 'widgets'], queryFn: ({ signal }) => fetchWidgetSettings(signal) });
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) setText(q.data.frameAncestors.join('\n'));
  }, [q.data]);
  const save = useMutation({
    mutationFn: (frameAncestors: string[]) => saveWidgetSettings({ frameAncestors }),
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'settings', 'widgets'], saved);
      setText(saved.frameAncestors.join('\n'));
      setError(null);
      toast({ title: t('widgets.saved'), description: saved.frameAncestors.length ? t('widgets.savedListed') : t('widgets.savedAny'), variant: 'success' });
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast({ title: t('widgets.saveFailed'), description: errorMessage(err), variant: 'error' });
    },
  });
  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common.tryAgain')}</Button>}>
        {errorMessage(q.error)}
      </Alert>
    );
  if (text === null) return <PageLoading label={t('widgets.loading')} />;
  return (
    <Card
      component="form"
      aria-label={t('widgets.allowTitle')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          text
            .split(/[\n,\s]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('widgets.allowTitle')}
        </Typography>
        <TextField
          label={t('widgets.allowLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          placeholder={t('widgets.allowPlaceholder')}
          error={error !== null}
          helperText={error ?? t('widgets.allowHelp')}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('widgets.saving') : t('widgets.saveSites')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
