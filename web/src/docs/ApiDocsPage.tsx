import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Link,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { Fragment, useState, type ReactNode } from 'react';
import type { MessageKey, Translate } from '../../../shared/i18n/format';
import { useOpenApiDoc } from './api';
import { useEpisodes } from '../listen-again/api';
import { useI18n, useT } from '../i18n/state';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { EMBED_DEFAULT_PARTS, EMBED_PARTS, EMBED_RECENT, EMBED_WIDGETS, embedSnippets, parseEmbedOptions, type EmbedWidget } from '../../../shared/embed-options';
import { THEME_KEYS } from '../../../shared/themes';
import { allOperations, codeSample, EXAMPLE_LANGUAGES, operationsByTag, sampleOf, typeLabel, type ExampleLanguage, type JsonSchema, type OpenApiDoc, type OperationEntry } from './openapi-view';

/** The tabs: the OpenAPI tag each stands for (Schedule API, Song Requests) and its name in the reader's language. */
const TABS = [
  { id: 'Overview', label: 'apiDocs.tab.overview' },
  { id: 'Schedule API', label: 'apiDocs.tab.schedule' },
  { id: 'Song Requests', label: 'apiDocs.tab.requests' },
  { id: 'Examples', label: 'apiDocs.tab.examples' },
  { id: 'Widgets', label: 'apiDocs.tab.widgets' },
] as const satisfies readonly { id: string; label: MessageKey }[];

/** Where a placeholder's element goes: a translated text with `{name}` placeholders holding code, split around them. */
function withParts(t: Translate, key: MessageKey, parts: Record<string, ReactNode>): ReactNode {
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((n, i) => [n, String.fromCharCode(0xe000 + i)]));
  const text = t(key, marks);
  return text.split(/([\uE000-\uE0FF])/).map((piece, i) => {
    const at = piece.length === 1 ? piece.charCodeAt(0) - 0xe000 : -1;
    return <Fragment key={i}>{at >= 0 && at < names.length ? parts[names[at]!] : piece}</Fragment>;
  });
}

/** A field's type in the reader's language: "string or null", "array of integer", "string, up to 120 characters". */
function typeText(t: Translate, intl: string, s: JsonSchema): string {
  if (s.anyOf) return new Intl.ListFormat(intl, { type: 'disjunction' }).format(s.anyOf.map((x) => typeText(t, intl, x)));
  if (s.items && s.type === 'array') return t('apiDocs.type.arrayOf', { item: typeText(t, intl, s.items) });
  if (s.maxLength !== undefined && !s.enum && s.const === undefined) {
    const rest = { ...s };
    delete rest.maxLength;
    return t('apiDocs.type.maxLength', { type: typeLabel(rest), max: s.maxLength });
  }
  return typeLabel(s);
}

/* The code inside the translated texts (examples and JSON shapes: not language). */
// eslint-disable-next-line airdeck/no-jsx-text -- a JSON shape, not language
const ERROR_SHAPE = <code>{'{ "success": false, "message", "error": { "code", "message", "details" } }'}</code>;
// eslint-disable-next-line airdeck/no-jsx-text -- a URL query, not language
const OPTION_QUERY = <code>?theme=aurora&amp;range=week</code>;
// eslint-disable-next-line airdeck/no-jsx-text -- an HTML attribute prefix, not language
const OPTION_DATA = <code>data-</code>;
// eslint-disable-next-line airdeck/no-jsx-text -- an HTML attribute, not language
const OPTION_ATTRIBUTE = <code>data-theme=&quot;aurora&quot;</code>;
// eslint-disable-next-line airdeck/no-jsx-text -- a JavaScript call, not language
const RESIZE_MESSAGE = <code>{'postMessage({ type: "airdeck:resize", widget, height })'}</code>;

const WIDGET_NAMES: Record<EmbedWidget, MessageKey> = { player: 'widgets.kind.player', 'now-playing': 'widgets.kind.nowPlaying', schedule: 'widgets.kind.schedule', recent: 'widgets.kind.recent', request: 'widgets.kind.request' };

function baseUrl(doc: OpenApiDoc): string {
  const server = doc.servers?.[0]?.url ?? '/';
  return /^https?:\/\//.test(server) ? server.replace(/\/+$/, '') : window.location.origin;
}

/**
 * Public API documentation at /api-docs (spec 001 §2): tabs Overview,
 * Schedule API, Song Requests and Examples (curl, JavaScript, Python, PHP),
 * all read from the OpenAPI document the server generates from the same zod
 * schemas its routes parse with; and Widgets, read from the widgets' own
 * option table (shared/embed-options.ts).
 */
export default function ApiDocsPage() {
  const t = useT();
  usePageMeta({ title: t('apiDocs.title'), description: t('apiDocs.metaDescription') });
  const [tab, setTab] = useState(0);
  const { data: doc, isError, refetch } = useOpenApiDoc();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('apiDocs.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('apiDocs.intro')}
      </Typography>
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('apiDocs.tryAgain')}</Button>}>
          {t('apiDocs.loadFailed')}
        </Alert>
      )}
      {!doc && !isError && <PageLoading label={t('apiDocs.loading')} />}
      {doc && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('apiDocs.sections')}>
              {TABS.map((x, i) => (
                <Tab key={x.id} label={t(x.label)} id={`api-tab-${i}`} aria-controls={`api-panel-${i}`} />
              ))}
            </Tabs>
          </Box>
          {TABS.map(({ id }, i) => (
            <Box key={id} role="tabpanel" id={`api-panel-${i}`} aria-labelledby={`api-tab-${i}`} hidden={tab !== i}>
              {tab === i && id === 'Overview' && <Overview doc={doc} />}
              {tab === i && (id === 'Schedule API' || id === 'Song Requests') && operationsByTag(doc, id).map((e) => <OperationCard key={`${e.method} ${e.path}`} entry={e} />)}
              {tab === i && id === 'Examples' && <Examples doc={doc} />}
              {tab === i && id === 'Widgets' && <Widgets base={baseUrl(doc)} />}
            </Box>
          ))}
        </>
      )}
    </Container>
  );
}

function Overview({ doc }: { doc: OpenApiDoc }) {
  const base = baseUrl(doc);
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {/* The OpenAPI document's own texts are the server's English reference: marked as such for screen readers. */}
      <Typography lang="en">{doc.info.description}</Typography>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apiDocs.endpoints')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {allOperations(doc).map((e) => (
              <li key={`${e.method} ${e.path}`}>
                <Box component="code" sx={{ fontWeight: 700 }}>
                  {e.method} {e.path}
                </Box>{' '}
                — <span lang="en">{e.op.summary}</span>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
      {doc['x-realtime'] && <Realtime realtime={doc['x-realtime']} />}
      <PodcastFeeds />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apiDocs.basics')}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, '& dt': { fontWeight: 700 }, '& dd': { m: 0 } }}>
            <dt>{t('apiDocs.baseUrl')}</dt>
            <dd>
              <code>{base}</code>
            </dd>
            <dt>{t('apiDocs.auth')}</dt>
            <dd>{t('apiDocs.authNone')}</dd>
            <dt>{t('apiDocs.format')}</dt>
            <dd>{t('apiDocs.formatText')}</dd>
            <dt>{t('apiDocs.errors')}</dt>
            <dd>{withParts(t, 'apiDocs.errorsText', { shape: ERROR_SHAPE })}</dd>
            <dt>{t('apiDocs.cors')}</dt>
            <dd>{t('apiDocs.corsText')}</dd>
            <dt>{t('apiDocs.version')}</dt>
            <dd>
              {t('apiDocs.versionText', { title: doc.info.title, version: doc.info.version, openapi: doc.openapi })}{' '}
              <Link href="/api/openapi.json" underline="always">
                {t('apiDocs.download')}
              </Link>
            </dd>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * The podcast feeds (issue 32: "links on show pages and in /api-docs"): the station's feed and one per show, RSS for
 * Apple Podcasts and Podcasting 2.0 apps, only while the station's downloads and feeds are on (GET /api/episodes
 * names the station feed then, else null).
 */
function PodcastFeeds() {
  const t = useT();
  const episodes = useEpisodes({ limit: 1 });
  const feed = episodes.data?.feed_url ?? null;
  if (!episodes.data) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('apiDocs.podcasts')}
        </Typography>
        {feed ? (
          <>
            <Typography sx={{ mb: 1 }}>{t('apiDocs.podcastsOn')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              <li>
                <Link href={feed} underline="always">
                  {t('apiDocs.stationFeed')}
                </Link>{' '}
                (<code>{new URL(feed, window.location.origin).pathname}</code>)
              </li>
              <li>
                {t('apiDocs.showFeed')} <code>{t('apiDocs.showFeedPath')}</code>
              </li>
            </Box>
          </>
        ) : (
          <Typography color="text.secondary">{t('apiDocs.podcastsOff')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The realtime WebSocket's public channels, from the document's x-realtime (the typed events). */
function Realtime({ realtime }: { realtime: NonNullable<OpenApiDoc['x-realtime']> }) {
  const t = useT();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {withParts(t, 'apiDocs.realtime', { url: <code>{realtime.url}</code> })}
        </Typography>
        <Typography lang="en" sx={{ mb: 1, overflowWrap: 'anywhere' }}>{realtime.description}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
          {Object.entries(realtime.channels).map(([channel, c]) => (
            <li key={channel}>
              <Box component="code" sx={{ fontWeight: 700 }}>
                {channel}
              </Box>{' '}
              — {Object.entries(c.events).map(([name, schema], i) => (
                <span key={name}>
                  {i > 0 ? ', ' : ''}
                  <code>{name}</code>
                  {schema.properties ? ` {${Object.keys(schema.properties as Record<string, unknown>).join(', ')}}` : ''}
                </span>
              ))}
              {c.description ? '. ' : ''}
              {c.description ? <span lang="en">{c.description}</span> : null}
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function FieldTable({ caption, rows }: { caption: string; rows: { name: string; schema: JsonSchema; required: boolean; description?: string | undefined }[] }) {
  const t = useT();
  const { intl } = useI18n();
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px', fontWeight: 700 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('apiDocs.col.name')}</TableCell>
            <TableCell>{t('apiDocs.col.type')}</TableCell>
            <TableCell>{t('apiDocs.col.required')}</TableCell>
            <TableCell>{t('apiDocs.col.default')}</TableCell>
            <TableCell>{t('apiDocs.col.description')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.name} data-param={r.name}>
              <TableCell>
                <code>{r.name}</code>
              </TableCell>
              <TableCell>{typeText(t, intl, r.schema)}</TableCell>
              <TableCell>{r.required ? t('apiDocs.yes') : t('apiDocs.no')}</TableCell>
              <TableCell>{r.schema.default === undefined ? '—' : <code>{String(r.schema.default)}</code>}</TableCell>
              <TableCell lang="en">{r.description ?? r.schema.description ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  return (
    // The Copy button has its own row above the sample: laid over it, it covered the first line on a phone.
    <Box sx={{ borderRadius: 1, bgcolor: (t) => t.airdeck.backgroundTertiary }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 0.5 }}>
        <Button
          size="small"
          startIcon={<ContentCopyIcon fontSize="small" />}
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true));
          }}
          aria-label={t('apiDocs.copyLabel', { label })}
        >
          {copied ? t('apiDocs.copied') : t('apiDocs.copy')}
        </Button>
      </Box>
      <Box component="pre" aria-label={label} tabIndex={0} sx={{ m: 0, px: 2, pt: 0.5, pb: 2, overflowX: 'auto', fontSize: '0.85rem' }}>
        <code>{code}</code>
      </Box>
    </Box>
  );
}

function MethodChip({ method }: { method: string }) {
  return <Chip label={method} size="small" color={method === 'GET' ? 'success' : 'primary'} sx={{ fontWeight: 800, fontFamily: 'monospace' }} />;
}

function OperationCard({ entry }: { entry: OperationEntry }) {
  const { op } = entry;
  const t = useT();
  const body = op.requestBody?.content['application/json'].schema;
  return (
    <Card component="section" aria-labelledby={`op-${op.operationId}`} sx={{ mb: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <MethodChip method={entry.method} />
          <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.05rem' }}>
            {entry.path}
          </Typography>
        </Box>
        <Typography id={`op-${op.operationId}`} variant="h6" component="h2" lang="en">
          {op.summary}
        </Typography>
        {op.description && <Typography lang="en" sx={{ mb: 2 }}>{op.description}</Typography>}
        {op.parameters && op.parameters.length > 0 && <FieldTable caption={t('apiDocs.queryParams')} rows={op.parameters.map((p) => ({ name: p.name, schema: p.schema, required: p.required, description: p.description }))} />}
        {body?.properties && (
          <FieldTable caption={t('apiDocs.body')} rows={Object.entries(body.properties).map(([name, schema]) => ({ name, schema, required: (body.required ?? []).includes(name) }))} />
        )}
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('apiDocs.responses')}
        </Typography>
        {Object.entries(op.responses).map(([status, r]) => (
          <Box key={status} sx={{ mb: 2 }}>
            <Typography sx={{ mb: 0.5 }}>
              <Box component="strong">{status}</Box> — <span lang="en">{r.description}</span>
            </Typography>
            {r.content?.['application/json'] && status.startsWith('2') && <CodeBlock label={t('apiDocs.responseExample', { status })} code={JSON.stringify(sampleOf(r.content['application/json'].schema), null, 2)} />}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

function Examples({ doc }: { doc: OpenApiDoc }) {
  const [lang, setLang] = useState<ExampleLanguage>('curl');
  const base = baseUrl(doc);
  const t = useT();
  let panel: ReactNode = null;
  // Examples for the two public data APIs (their JSON operations); the listener routes are documented, not exemplified.
  const examples = [...operationsByTag(doc, 'Schedule API'), ...operationsByTag(doc, 'Song Requests')].filter((e) => !e.path.endsWith('.ics'));
  panel = examples.map((e) => (
    <Box key={`${e.method} ${e.path}`} sx={{ mb: 3 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        <span lang="en">{e.op.summary}</span>{' '}
        <Box component="code" sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
          {e.method} {e.path}
        </Box>
      </Typography>
      <CodeBlock label={t('apiDocs.example', { lang, summary: e.op.summary })} code={codeSample(e, base, lang)} />
    </Box>
  ));
  return (
    <Box>
      <Tabs value={lang} onChange={(_e, v: ExampleLanguage) => setLang(v)} aria-label={t('apiDocs.exampleLanguage')} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {EXAMPLE_LANGUAGES.map((l) => (
          <Tab key={l} value={l} label={l} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={t('apiDocs.examples', { lang })}>
        {panel}
      </Box>
    </Box>
  );
}

/** What each widget shows, for the Widgets tab. */
const WIDGET_SUMMARY: Record<EmbedWidget, (t: Translate) => string> = {
  player: (t) => t('apiDocs.widget.player'),
  'now-playing': (t) => t('apiDocs.widget.nowPlaying'),
  schedule: (t) => t('apiDocs.widget.schedule'),
  recent: (t) => t('apiDocs.widget.recent', { min: EMBED_RECENT.min, max: EMBED_RECENT.max }),
  request: (t) => t('apiDocs.widget.request'),
};

/** Widgets: the pages other websites embed, their options and the two ways to embed them. */
function Widgets({ base }: { base: string }) {
  const t = useT();
  const example = embedSnippets(base, parseEmbedOptions('schedule', new URLSearchParams('range=week&theme=aurora')));
  // The option names are the URL's own (not language); what they do is.
  const options: [string, string][] = [
    ['theme', t('apiDocs.option.theme', { themes: THEME_KEYS.join(', ') })],
    ['mode', t('apiDocs.option.mode')],
    ['accent', t('apiDocs.option.accent')],
    ['layout', t('apiDocs.option.layout')],
    ['show', t('apiDocs.option.show')],
    ['range', t('apiDocs.option.range')],
    ['tz', t('apiDocs.option.tz')],
    ['count', t('apiDocs.option.count', { min: EMBED_RECENT.min, max: EMBED_RECENT.max, default: EMBED_RECENT.default })],
    ['autoplay', t('apiDocs.option.autoplay')],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography>{t('apiDocs.widgetsIntro')}</Typography>
      <CodeBlock label={t('apiDocs.loaderSnippet')} code={example.loader} />
      <Typography>{t('apiDocs.plainIframe')}</Typography>
      <CodeBlock label={t('apiDocs.iframeSnippet')} code={example.iframe} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apiDocs.widgetsTitle')}
          </Typography>
          <TableContainer>
            <Table size="small">
              <caption>{t('apiDocs.widgetsCaption')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell>{t('apiDocs.col.widget')}</TableCell>
                  <TableCell>{t('apiDocs.col.address')}</TableCell>
                  {/* eslint-disable-next-line airdeck/no-jsx-text -- the URL parameter's name, not language */}
                  <TableCell>show=</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {EMBED_WIDGETS.map((w) => (
                  <TableRow key={w} data-widget={w}>
                    <TableCell sx={{ minWidth: 180 }}>
                      <Box component="strong" sx={{ display: 'block' }}>
                        {t(WIDGET_NAMES[w])}
                      </Box>
                      <Typography variant="body2" color="text.secondary" component="span">
                        {WIDGET_SUMMARY[w](t)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {/* eslint-disable-next-line airdeck/no-jsx-text -- the widget's address, not language */}
                      <code>/embed/{w}</code>
                    </TableCell>
                    <TableCell>
                      {(EMBED_PARTS[w] as readonly string[]).map((p, i) => (
                        <span key={p}>
                          {i > 0 && ', '}
                          {(EMBED_DEFAULT_PARTS[w] as readonly string[]).includes(p) ? <strong>{p}</strong> : p}
                        </span>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apiDocs.optionsTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {withParts(t, 'apiDocs.optionsIntro', { example: OPTION_QUERY, data: OPTION_DATA, attribute: OPTION_ATTRIBUTE })}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' }, gap: 1, '& dt': { fontWeight: 700 }, '& dd': { m: 0 } }}>
            {options.map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <dt>
                  <code>{k}</code>
                </dt>
                <dd>{v}</dd>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apiDocs.framingTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{withParts(t, 'apiDocs.framingText', { message: RESIZE_MESSAGE })}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
