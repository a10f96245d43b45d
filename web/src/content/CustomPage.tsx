import { Box, Breadcrumbs, Chip, Container, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { PageLoading } from '../app/ListenerLayout';
import { MOBILE_QUERY, useIsMobile } from '../app/media';
import { usePageMeta } from '../app/meta';
import { SponsoredSidebar } from './components/SponsoredSidebar';
import { countPageView, usePublicPage } from './api';
import { PageProse } from './PageProse';
import { bootSaysMissing } from '../app/boot-data';
import { listenerSessionId } from '../platform/session';
import { aroundSlot, SLOT, useI18n } from '../i18n/state';

/** The published date in long US form, e.g. "March 4, 2025". */
export function longUsDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * A staff-written page at /page/{slug} (spec 001 §2): loading text, then the
 * breadcrumb, title, meta description, published date, Featured tag and the
 * sanitised content, with the sidebar on wide screens. Missing, unpublished
 * or failing pages go to /404. Each view is counted once per browser session
 * and day, after the page has shown.
 */
export default function CustomPage() {
  const { t, locale, intl } = useI18n();
  const { slug = '' } = useParams();
  const mobile = useIsMobile();
  // The server already said this page does not exist: no request, no spinner, the not-found page at once.
  const [missing] = useState(() => bootSaysMissing(`/page/${slug}`));
  const query = usePublicPage(slug, !missing);
  const page = query.data;
  usePageMeta({ title: page?.title ?? 'Page', ...(page?.meta_description ? { description: page.meta_description } : {}), type: 'article' });

  const pageId = page?.id;
  useEffect(() => {
    if (pageId) countPageView(slug, listenerSessionId());
  }, [pageId, slug]);

  if (missing || query.isError) return <Navigate to="/404" replace />;
  if (!page) return <PageLoading label={t('customPage.loading')} />;
  // The page in the station's default language when it has no translation in the reader's (issue 35): marked so.
  const contentLang = page.language && page.language !== locale ? page.language : undefined;
  // The sentence in the reader's language, the date in its own element where the sentence puts it.
  const published = aroundSlot(t('customPage.publishedOn', { date: SLOT }));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 1fr) 300px', alignItems: 'start', [`@media ${MOBILE_QUERY}`]: { gridTemplateColumns: '1fr' } }}>
        <Box component="article">
          <Breadcrumbs aria-label={t('customPage.breadcrumb')} sx={{ mb: 2, fontSize: '0.8rem', letterSpacing: '0.12em', textTransform: 'uppercase' }}>
            <Link component={RouterLink} to="/" underline="always" color="inherit">
              {t('nav.home')}
            </Link>
            <Typography component="span" sx={{ fontSize: 'inherit', letterSpacing: 'inherit', fontWeight: 700 }}>
              {t('customPage.pages')}
            </Typography>
          </Breadcrumbs>
          <Typography variant="h3" component="h1" lang={contentLang} sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '2.6rem' } }}>
            {page.title}
          </Typography>
          {page.meta_description && (
            <Typography color="text.secondary" lang={contentLang} sx={{ fontSize: '1.15rem', mb: 1.5 }}>
              {page.meta_description}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 4, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {/* The spec's "Published November 27, 2026" in English; the reader's own long date elsewhere. */}
              {published[0]}
              <time dateTime={page.created_at}>{locale === 'en' ? longUsDate(page.created_at) : new Date(page.created_at).toLocaleDateString(intl, { dateStyle: 'long' })}</time>
              {published[1]}
            </Typography>
            {page.is_featured && <Chip label={t('home.featured')} size="small" color="primary" />}
          </Box>
          <Box lang={contentLang}>
            <PageProse html={page.content} />
          </Box>
        </Box>
        {!mobile && (
          // Hidden by the stylesheet too: the server's render cannot measure the screen.
          <Box component="aside" aria-label={t('customPage.sidebar')} sx={{ position: 'sticky', top: 88, [`@media ${MOBILE_QUERY}`]: { display: 'none' } }}>
            <SponsoredSidebar />
          </Box>
        )}
      </Box>
    </Container>
  );
}
