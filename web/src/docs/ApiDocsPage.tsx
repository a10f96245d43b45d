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
import { useState, type ReactNode } from 'react';
import { useOpenApiDoc } from './api';
import { useEpisodes } from '../listen-again/api';
import { useT } from '../i18n/state';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { EMBED_DEFAULT_PARTS, EMBED_PARTS, EMBED_RECENT, EMBED_WIDGET_LABELS, EMBED_WIDGETS, embedSnippets, parseEmbedOptions } from '../../../shared/embed-options';
import { THEME_KEYS } from '../../../shared/themes';
import { allOperations, codeSample, EXAMPLE_LANGUAGES, operationsByTag, sampleOf, typeLabel, type ExampleLanguage, type JsonSchema, type OpenApiDoc, type OperationEntry } from './openapi-view';

const TABS = ['Overview', 'Schedule API', 'Song Requests', 'Examples', 'Widgets'] as const;

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
  usePageMeta({ title: 'API Documentation', description: 'Public schedule and song-request APIs: parameters, responses and code samples.' });
  const [tab, setTab] = useState(0);
  const { data: doc, isError, refetch } = useOpenApiDoc();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        API Documentation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Build on the station&apos;s schedule and song requests: open JSON APIs, no key needed.
      </Typography>
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          The API description could not be loaded.
        </Alert>
      )}
      {!doc && !isError && <PageLoading label="Loading API documentation..." />}
      {doc && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="API documentation sections">
              {TABS.map((label, i) => (
                <Tab key={label} label={label} id={`api-tab-${i}`} aria-controls={`api-panel-${i}`} />
              ))}
            </Tabs>
          </Box>
          {TABS.map((label, i) => (
            <Box key={label} role="tabpanel" id={`api-panel-${i}`} aria-labelledby={`api-tab-${i}`} hidden={tab !== i}>
              {tab === i && label === 'Overview' && <Overview doc={doc} />}
              {tab === i && (label === 'Schedule API' || label === 'Song Requests') && operationsByTag(doc, label).map((e) => <OperationCard key={`${e.method} ${e.path}`} entry={e} />)}
              {tab === i && label === 'Examples' && <Examples doc={doc} />}
              {tab === i && label === 'Widgets' && <Widgets base={baseUrl(doc)} />}
            </Box>
          ))}
        </>
      )}
    </Container>
  );
}

function Overview({ doc }: { doc: OpenApiDoc }) {
  const base = baseUrl(doc);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{doc.info.description}</Typography>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Endpoints
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {allOperations(doc).map((e) => (
              <li key={`${e.method} ${e.path}`}>
                <Box component="code" sx={{ fontWeight: 700 }}>
                  {e.method} {e.path}
                </Box>{' '}
                — {e.op.summary}
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
            Basics
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, '& dt': { fontWeight: 700 }, '& dd': { m: 0 } }}>
            <dt>Base URL</dt>
            <dd>
              <code>{base}</code>
            </dd>
            <dt>Authentication</dt>
            <dd>None. These APIs are public.</dd>
            <dt>Format</dt>
            <dd>JSON in and out (UTF-8). Send bodies with Content-Type: application/json.</dd>
            <dt>Errors</dt>
            <dd>
              <code>{'{ "success": false, "message", "error": { "code", "message", "details" } }'}</code> with the HTTP status (400 invalid input, 429 too many requests, 503 not configured); each operation lists its own.
            </dd>
            <dt>Cross-origin</dt>
            <dd>Allowed from any website.</dd>
            <dt>Version</dt>
            <dd>
              {doc.info.title} {doc.info.version}, OpenAPI {doc.openapi}.{' '}
              <Link href="/api/openapi.json" underline="always">
                Download the OpenAPI document
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
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Realtime: <code>{realtime.url}</code>
        </Typography>
        <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>{realtime.description}</Typography>
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
              {c.description ? `. ${c.description}` : ''}
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function FieldTable({ caption, rows }: { caption: string; rows: { name: string; schema: JsonSchema; required: boolean; description?: string | undefined }[] }) {
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px', fontWeight: 700 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Required</TableCell>
            <TableCell>Default</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.name} data-param={r.name}>
              <TableCell>
                <code>{r.name}</code>
              </TableCell>
              <TableCell>{typeLabel(r.schema)}</TableCell>
              <TableCell>{r.required ? 'Yes' : 'No'}</TableCell>
              <TableCell>{r.schema.default === undefined ? '—' : <code>{String(r.schema.default)}</code>}</TableCell>
              <TableCell>{r.description ?? r.schema.description ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
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
          aria-label={`Copy ${label}`}
        >
          {copied ? 'Copied' : 'Copy'}
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
        <Typography id={`op-${op.operationId}`} variant="h6" component="h2">
          {op.summary}
        </Typography>
        {op.description && <Typography sx={{ mb: 2 }}>{op.description}</Typography>}
        {op.parameters && op.parameters.length > 0 && <FieldTable caption="Query parameters" rows={op.parameters.map((p) => ({ name: p.name, schema: p.schema, required: p.required, description: p.description }))} />}
        {body?.properties && (
          <FieldTable caption="Request body (JSON)" rows={Object.entries(body.properties).map(([name, schema]) => ({ name, schema, required: (body.required ?? []).includes(name) }))} />
        )}
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          Responses
        </Typography>
        {Object.entries(op.responses).map(([status, r]) => (
          <Box key={status} sx={{ mb: 2 }}>
            <Typography sx={{ mb: 0.5 }}>
              <Box component="strong">{status}</Box> — {r.description}
            </Typography>
            {r.content?.['application/json'] && status.startsWith('2') && <CodeBlock label={`${status} response example`} code={JSON.stringify(sampleOf(r.content['application/json'].schema), null, 2)} />}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

function Examples({ doc }: { doc: OpenApiDoc }) {
  const [lang, setLang] = useState<ExampleLanguage>('curl');
  const base = baseUrl(doc);
  let panel: ReactNode = null;
  // Examples for the two public data APIs (their JSON operations); the listener routes are documented, not exemplified.
  const examples = [...operationsByTag(doc, 'Schedule API'), ...operationsByTag(doc, 'Song Requests')].filter((e) => !e.path.endsWith('.ics'));
  panel = examples.map((e) => (
    <Box key={`${e.method} ${e.path}`} sx={{ mb: 3 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {e.op.summary}{' '}
        <Box component="code" sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
          {e.method} {e.path}
        </Box>
      </Typography>
      <CodeBlock label={`${lang} example: ${e.op.summary}`} code={codeSample(e, base, lang)} />
    </Box>
  ));
  return (
    <Box>
      <Tabs value={lang} onChange={(_e, v: ExampleLanguage) => setLang(v)} aria-label="Example language" sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {EXAMPLE_LANGUAGES.map((l) => (
          <Tab key={l} value={l} label={l} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={`${lang} examples`}>
        {panel}
      </Box>
    </Box>
  );
}

/** What each widget shows, for the Widgets tab. */
const WIDGET_SUMMARY: Record<(typeof EMBED_WIDGETS)[number], string> = {
  player: 'Play and pause, volume, the current track, the presenter and the LIVE or off-air state.',
  'now-playing': 'Title, artist, artwork, presenter and elapsed time; optionally a "Request a song" link.',
  schedule: "Today's shows or the week's, in the visitor's time zone or the station's, with a LIVE mark.",
  recent: `The last songs played (${EMBED_RECENT.min}–${EMBED_RECENT.max}), optionally with voting.`,
  request: "The station's song request form (library search or a custom song), with the site's rules.",
};

/** Widgets: the pages other websites embed, their options and the two ways to embed them. */
function Widgets({ base }: { base: string }) {
  const example = embedSnippets(base, parseEmbedOptions('schedule', new URLSearchParams('range=week&theme=aurora')));
  const options: [string, string][] = [
    ['theme', `One of the 15 themes: ${THEME_KEYS.join(', ')} (default neon).`],
    ['mode', "light or dark (default: the theme's own)."],
    ['accent', 'An accent colour, six hex digits without # (e.g. ff8800).'],
    ['layout', 'compact or full (the player is compact by default, the others full).'],
    ['show', 'What to show, comma-separated (see each widget).'],
    ['range', 'schedule: today (default) or week.'],
    ['tz', "schedule: visitor (default, the visitor's time zone) or station."],
    ['count', `recent: how many songs, ${EMBED_RECENT.min}–${EMBED_RECENT.max} (default ${EMBED_RECENT.default}).`],
    ['autoplay', 'player: 1 to start playing on load (off by default; most browsers block it).'],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography>
        Put the station on any website: small pages made for an iframe, at least 280 px wide, that follow the station live (no polling), set no cookies and never use a staff account. Paste the loader where a widget should go; it makes
        the iframe and keeps it as tall as its content.
      </Typography>
      <CodeBlock label="Loader snippet" code={example.loader} />
      <Typography>Or a plain iframe (fixed height):</Typography>
      <CodeBlock label="Iframe snippet" code={example.iframe} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Widgets
          </Typography>
          <TableContainer>
            <Table size="small">
              <caption>Each widget, its address and the parts it can show (defaults in bold)</caption>
              <TableHead>
                <TableRow>
                  <TableCell>Widget</TableCell>
                  <TableCell>Address</TableCell>
                  <TableCell>show=</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {EMBED_WIDGETS.map((w) => (
                  <TableRow key={w} data-widget={w}>
                    <TableCell sx={{ minWidth: 180 }}>
                      <Box component="strong" sx={{ display: 'block' }}>
                        {EMBED_WIDGET_LABELS[w]}
                      </Box>
                      <Typography variant="body2" color="text.secondary" component="span">
                        {WIDGET_SUMMARY[w]}
                      </Typography>
                    </TableCell>
                    <TableCell>
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
            Options
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            In the iframe&apos;s address (<code>?theme=aurora&amp;range=week</code>) or as <code>data-</code> attributes of the loader&apos;s element (<code>data-theme=&quot;aurora&quot;</code>).
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
            Framing and auto-height
          </Typography>
          <Typography sx={{ mb: 1 }}>
            Any website may frame the widgets unless the station lists the sites allowed (Settings → Widgets); no other page of the station can be framed. A widget tells the page that embeds it its height with{' '}
            <code>{'postMessage({ type: "airdeck:resize", widget, height })'}</code>, sent only to the origin the loader named and accepted by the loader only from the station&apos;s origin and that very iframe.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
