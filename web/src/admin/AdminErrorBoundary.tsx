import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { resetFailedChunks } from '../ui/ChunkBoundary';
import { useT } from '../i18n/state';
import { useAccountText } from '../auth/texts';

interface State {
  error: Error | null;
}

/**
 * The content area's error boundary (001 §2): 'Something went wrong', the
 * error message, Try Again (render the screen again) and Refresh Page. The
 * sidebar and header stay usable.
 */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Staff panel screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorCard error={error} onRetry={() => this.setState({ error: null })} />;
  }
}

/** The failure card, in the reader's language (the error's own message as it came). */
function ErrorCard({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  const text = useAccountText();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" role="alert" sx={{ p: { xs: 3, md: 4 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <ErrorIcon aria-hidden sx={{ fontSize: 40, color: 'error.main', mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {t('admin.error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
          {error.message ? text(error.message) : t('auth.account.unexpected')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <Button
            variant="contained"
            onClick={() => {
              // A screen whose code would not load is fetched again.
              resetFailedChunks();
              onRetry();
            }}
          >
            {t('admin.error.tryAgain')}
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('admin.error.refresh')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
