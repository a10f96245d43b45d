import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page, PageAnalytics } from '../../../../shared/content';
import { ApiError } from '../../app/api';
import { fetchPageAnalytics, pagesAdmin } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { useI18n, useT } from '../../i18n/state';
import { usePageMeta } from '../../app/meta';
import { AccessDenied } from './AccessDenied';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorMessage } from './form';
import { ListHeader, useListAdmin, type ListAdmin } from './ListAdmin';
import { PageFormDialog } from './PageFormDialog';

/**
 * Pages (admin) at /admin/pages (spec 001 §2): tabs Manage Pages and
 * Analytics. Owner, manager and admin; everyone else sees the server's
 * refusal. Each row shows title, Published or Draft, Featured, display
 * order, /slug and the first 100 characters of the text, with view (published
 * only, new tab), edit and delete.
 */
export function PagesAdmin() {
  const t = useT();
  usePageMeta({ title: t('pagesAdmin.title') });
  const [tab, setTab] = useState(0);
  const admin = useListAdmin({ collection: pagesAdmin, deleted: t('pagesAdmin.deleted'), deleteFailed: t('pagesAdmin.deleteFailed') });
  const pages = useQuery({ queryKey: pagesAdmin.key, queryFn: ({ signal }) => pagesAdmin.list(signal), retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2 });

  if (pages.error instanceof ApiError && (pages.error.status === 403 || pages.error.status === 401)) {
    return (
      <Box sx={{ p: { xs: 0, md: 4 } }}>
        <AccessDenied message={pages.error.message} />
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 0, md: 4 }, maxWidth: 1200 }}>
      <ListHeader title={t('pagesAdmin.title')} variant="h4" component="h1" addLabel={t('pagesAdmin.add')} onAdd={admin.add} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={t('pagesAdmin.sections')}>
          <Tab label={t('pagesAdmin.manage')} id="pages-tab-0" aria-controls="pages-panel-0" />
          <Tab label={t('pagesAdmin.analytics')} id="pages-tab-1" aria-controls="pages-panel-1" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="pages-panel-0" aria-labelledby="pages-tab-0" hidden={tab !== 0}>
        {tab === 0 && <PageList query={pages} admin={admin} />}
      </Box>
      <Box role="tabpanel" id="pages-panel-1" aria-labelledby="pages-tab-1" hidden={tab !== 1}>
        {tab === 1 && <AnalyticsPanel />}
      </Box>
      <PageFormDialog open={admin.formOpen} page={admin.editing} onClose={admin.closeForm} />
    </Box>
  );
}

function PageList({ query, admin }: { query: { data?: Page[] | undefined; isError: boolean; error: unknown; refetch: () => unknown }; admin: ListAdmin<Page> }) {
  const t = useT();

  if (query.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('common.tryAgain')}</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  if (!query.data) return <PageLoading label={t('pagesAdmin.loading')} />;
  if (query.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('pagesAdmin.empty')}
      </Typography>
    );

  return (
    <Box component="ul" aria-label={t('pagesAdmin.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {query.data.map((p) => (
        <Card component="li" key={p.id} data-testid="page-row">
          {/* On a phone the actions go under the text, which keeps the card's whole width. */}
          <CardContent sx={{ display: 'flex', gap: { xs: 1, sm: 2 }, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '&:last-child': { pb: 2 } }}>
            <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
                  {p.title}
                </Typography>
                <Chip size="small" label={p.is_published ? t('pagesAdmin.published') : t('pagesAdmin.draft')} color={p.is_published ? 'success' : 'default'} variant={p.is_published ? 'filled' : 'outlined'} />
                {p.is_featured && <Chip size="small" label={t('pagesAdmin.featured')} color="primary" />}
                <Typography variant="body2" color="text.secondary">
                  {t('pagesAdmin.order', { order: p.display_order })}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', mb: 0.5 }} color="text.secondary">
                /{p.slug}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-prose sx={{ overflowWrap: 'anywhere' }}>
                {p.excerpt}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
              {p.is_published && (
                <Tooltip title={t('pagesAdmin.view')}>
                  <IconButton component="a" href={`/page/${p.slug}`} target="_blank" rel="noopener noreferrer" aria-label={t('pagesAdmin.viewNamed', { title: p.title })}>
                    <OpenInNewIcon />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={t('rowActions.edit')}>
                <IconButton aria-label={t('rowActions.editNamed', { title: p.title })} onClick={() => admin.edit(p)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('rowActions.delete')}>
                <IconButton aria-label={t('rowActions.deleteNamed', { title: p.title })} onClick={() => admin.askDelete(p)} color="error">
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Box>
          </CardContent>
        </Card>
      ))}
      <ConfirmDialog title={t('pagesAdmin.deleteTitle')} {...admin.confirmDelete} />
    </Box>
  );
}

function AnalyticsPanel() {
  const t = useT();
  const { intl } = useI18n();
  const n = (v: number) => v.toLocaleString(intl);
  const q = useQuery({ queryKey: ['admin', 'pages', 'analytics'], queryFn: ({ signal }) => fetchPageAnalytics(signal) });
  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common.tryAgain')}</Button>}>
        {errorMessage(q.error)}
      </Alert>
    );
  if (!q.data) return <PageLoading label={t('pagesAdmin.loadingAnalytics')} />;
  if (q.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('pagesAdmin.noAnalytics')}
      </Typography>
    );
  return (
    <TableContainer component={Card}>
      <Table aria-label={t('pagesAdmin.pageViews')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('pagesAdmin.page')}</TableCell>
            <TableCell align="right">{t('pagesAdmin.totalViews')}</TableCell>
            <TableCell align="right">{t('pagesAdmin.today')}</TableCell>
            <TableCell align="right">{t('pagesAdmin.thisWeek')}</TableCell>
            <TableCell align="right">{t('pagesAdmin.thisMonth')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.data.map((r) => (
            <TableRow key={r.page_id} data-testid="analytics-row">
              <TableCell component="th" scope="row">
                <Typography sx={{ fontWeight: 600 }}>{r.page_title}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  /{r.page_slug}
                </Typography>
              </TableCell>
              <TableCell align="right">{n(r.total_views)}</TableCell>
              <TableCell align="right">{n(r.views_today)}</TableCell>
              <TableCell align="right">{n(r.views_this_week)}</TableCell>
              <TableCell align="right">{n(r.views_this_month)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
