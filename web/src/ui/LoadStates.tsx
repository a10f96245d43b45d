import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError } from '../app/api';
import { useT } from '../i18n/state';

/** What a staff list shows before its rows: a load failure with Try again, skeletons while loading, the empty text. */
export interface LoadStatesProps {
  error: unknown;
  loading: boolean;
  empty: boolean;
  /** Shown when the failure carries no message of the server's. */
  failText: string;
  /** The accessible name of the loading skeletons, e.g. 'Loading users'. */
  loadingLabel: string;
  emptyText: ReactNode;
  onRetry: () => void;
  skeletons?: number;
  skeletonHeight?: number;
  children: ReactNode;
}

/** Renders the list's children only once it has loaded rows; otherwise the one state that applies. */
export function LoadStates({ error, loading, empty, failText, loadingLabel, emptyText, onRetry, skeletons = 4, skeletonHeight = 56, children }: LoadStatesProps) {
  const t = useT();
  if (error) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={onRetry}>{t('common.tryAgain')}</Button>}>
        {error instanceof ApiError ? error.message : failText}
      </Alert>
    );
  }
  if (loading) {
    return (
      <Box role="status" aria-label={loadingLabel}>
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} height={skeletonHeight} />
        ))}
      </Box>
    );
  }
  if (empty) {
    return (
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {emptyText}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return <>{children}</>;
}
