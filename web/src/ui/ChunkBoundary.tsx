import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { createPortal } from 'react-dom';
import { Component, lazy, type ComponentProps, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { builtFileStatus } from '../app/api';
import { useT } from '../i18n/state';
import type { MessageKey } from '../../../shared/i18n/format';
import { buildIsStale, chunkUrlOf, isChunkLoadError, retryImport } from './chunks';

/** The column under the bar where the notices of parts that would not open stack (never over one another). */
function noticeHost(): HTMLElement {
  let host = document.getElementById('chunk-notices');
  if (!host) {
    host = document.createElement('div');
    host.id = 'chunk-notices';
    Object.assign(host.style, { position: 'fixed', top: '72px', right: '8px', left: '8px', zIndex: '1400', display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '8px', pointerEvents: 'none' });
    document.body.appendChild(host);
  }
  return host;
}

/** How often a part that failed checks whether the server has its code again. */
const AUTO_RETRY_MS = 3000;

/** Failed lazy components, made afresh when a listener presses Retry (React.lazy keeps a failure for good). */
const resets = new Set<() => void>();
/** A lazy part whose code failed to load: `reset` lets its next render try again (called by Retry, not at once). */
export function registerFailedChunk(reset: () => void): void {
  resets.add(reset);
}
/** Lets every lazy part whose code failed to load try again on its next render. */
export function resetFailedChunks(): void {
  const all = [...resets];
  resets.clear();
  for (const reset of all) reset();
}

/**
 * React.lazy whose import is retried with backoff (ui/chunks.ts) and, after a failure, can be tried again: the
 * ChunkBoundary's Retry makes a new lazy component for it. `preload()` fetches the code ahead of a render.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> & { preload: () => Promise<unknown> } {
  const attempt = retryImport(load);
  let pending: Promise<{ default: C }> | null = null;
  const fetchOnce = () => (pending ??= attempt().catch((err: unknown) => {
    resets.add(reset);
    throw err;
  }));
  let Current: LazyExoticComponent<C> = lazy(fetchOnce);
  function reset() {
    pending = null;
    Current = lazy(fetchOnce);
  }
  function Chunk(props: ComponentProps<C>) {
    const C = Current as unknown as ComponentType<ComponentProps<C>>;
    return <C {...props} />;
  }
  return Object.assign(Chunk, { preload: () => fetchOnce().catch(() => undefined) });
}

/** The parts whose failure has words of its own (shared/i18n: chunk.*). */
export type ChunkPart = 'page' | 'themeMenu' | 'menu' | 'accountMenu' | 'part';

interface Props {
  children?: ReactNode;
  /** What could not load, for the message. */
  what: ChunkPart;
  /** A small notice floating under the bar (a menu that would not open) rather than a block in the page. */
  floating?: boolean;
  /** Closes a floating notice (the part is given up until the listener asks for it again). */
  onDismiss?: () => void;
  /** When this changes (the page's address), a failure shown is cleared and the children tried again. */
  resetKey?: string;
  /** Called when the part failed because a new build replaced this one (the page decides: reload, or wait). */
  onStaleBuild?: () => void;
  /** Retries by itself as soon as the server has the chunk again (after an outage), without a click. */
  autoRetry?: boolean;
  /** Replaces the default message (e.g. the player keeps its own bar). */
  fallback?: (retry: () => void) => ReactNode;
}
interface State {
  error: unknown;
  resetKey: string | undefined;
}

/**
 * One part of the page whose code (or render) failed: it shows a calm message with Retry in place of that part
 * only, so the rest of the page, the player above all, carries on. Retry loads the part's code again.
 */
export class ChunkBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      // A navigation: parts that failed before get a fresh attempt in this very render.
      if (state.error) resetFailedChunks();
      return { resetKey: props.resetKey, error: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A chunk that would not load is an expected condition (a blip); anything else is a defect worth a log line.
    if (isChunkLoadError(error)) console.warn(`Could not load ${this.props.what}`, error instanceof Error ? error.message : error);
    else console.error(`${this.props.what} failed`, error, info.componentStack);
    if (isChunkLoadError(error) && buildIsStale()) this.props.onStaleBuild?.();
  }

  private probe: ReturnType<typeof setInterval> | null = null;

  override componentDidUpdate(): void {
    const want = Boolean(this.props.autoRetry && this.state.error && isChunkLoadError(this.state.error));
    if (want && !this.probe) {
      const url = chunkUrlOf(this.state.error);
      // Asks the server for the chunk every few seconds (a HEAD, nothing drawn): once it answers, the part loads.
      this.probe = setInterval(() => {
        void (url ? builtFileStatus(url) : Promise.resolve(200)).then((status) => {
          if (status === 200 && this.probe) this.retry();
        });
      }, AUTO_RETRY_MS);
    } else if (!want) this.stopProbe();
  }

  override componentWillUnmount(): void {
    this.stopProbe();
  }

  private stopProbe(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  retry = (): void => {
    this.stopProbe();
    resetFailedChunks();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry);
    return <ChunkError error={this.state.error} what={this.props.what} floating={this.props.floating} onRetry={this.retry} onDismiss={this.props.onDismiss} />;
  }
}

const TEXT: Record<ChunkPart, MessageKey> = { page: 'chunk.page', themeMenu: 'chunk.themeMenu', menu: 'chunk.menu', accountMenu: 'chunk.accountMenu', part: 'chunk.part' };

/** The calm message in place of a part that failed: a block in the page, or a notice under the bar for a menu. */
function ChunkError({ error, what, floating, onRetry, onDismiss }: { error: unknown; what: ChunkPart; floating?: boolean | undefined; onRetry: () => void; onDismiss?: (() => void) | undefined }) {
  const t = useT();
  const text = isChunkLoadError(error) ? t(TEXT[what]) : t('chunk.broken');
  if (floating) {
    return createPortal(
      <Box
        role="alert"
        data-testid="chunk-error"
        sx={{ pointerEvents: 'auto', maxWidth: { sm: 380 }, display: 'flex', alignItems: 'center', gap: 1, p: 1.5, pl: 2, borderRadius: 2, boxShadow: 6, bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider', fontSize: '0.875rem' }}
      >
        <Box component="span" sx={{ flexGrow: 1 }}>
          {text}
        </Box>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry} sx={{ minHeight: 44, flexShrink: 0 }}>
          {t('chunk.retry')}
        </Button>
        {onDismiss && (
          <Button size="small" color="inherit" aria-label={t('chunk.close')} onClick={onDismiss} sx={{ minWidth: 44, minHeight: 44, flexShrink: 0 }}>
            <CloseIcon fontSize="small" />
          </Button>
        )}
      </Box>,
      noticeHost(),
    );
  }
  return (
    <Box role="alert" data-testid="chunk-error" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8, px: 2, textAlign: 'center' }}>
      <Typography sx={{ maxWidth: 480 }}>{text}</Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry}>
        {t('chunk.retry')}
      </Button>
    </Box>
  );
}
