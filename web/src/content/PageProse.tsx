import { Box, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { inAppTarget } from './in-app-links';
import { sanitizeForDisplay } from './sanitize';

/** Typography for staff-written HTML: readable headings, quotes, code and images that never overflow. */
export const proseSx = (t: Theme) => ({
  fontSize: '1.05rem',
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  '& h1, & h2, & h3, & h4, & h5, & h6': { lineHeight: 1.25, mt: 3, mb: 1.5, fontWeight: 700 },
  '& h1': { fontSize: '2rem' },
  '& h2': { fontSize: '1.6rem' },
  '& h3': { fontSize: '1.3rem' },
  '& h4, & h5, & h6': { fontSize: '1.1rem' },
  '& p': { my: 1.5 },
  '& ul, & ol': { pl: 3, my: 1.5 },
  '& li': { my: 0.5 },
  '& blockquote': { borderLeft: `4px solid ${t.airdeck.accentText}`, m: 0, my: 2, pl: 2, py: 0.5, color: 'text.secondary', fontStyle: 'italic' },
  '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em', bgcolor: t.airdeck.backgroundTertiary, px: 0.5, borderRadius: 0.5 },
  '& pre': { bgcolor: t.airdeck.backgroundTertiary, p: 2, borderRadius: 1, overflowX: 'auto' },
  '& pre code': { bgcolor: 'transparent', p: 0 },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
  '& a': { color: t.airdeck.accentText, textDecoration: 'underline', textUnderlineOffset: '0.15em' },
  '& > :first-of-type': { mt: 0 },
}) as const;

/**
 * Renders page HTML after sanitising it in the browser with the shared
 * configuration (the server already sanitised it on save: this is the
 * second line, on display).
 */
export function PageProse({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return useInRouterContext() ? <RoutedProse clean={clean} label={label} /> : <Box className="page-content" aria-label={label} sx={proseSx} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Links to this site's own pages open in the app (no reload: the player plays on). */
function RoutedProse({ clean, label }: { clean: string; label: string | undefined }) {
  const navigate = useNavigate();
  return (
    <Box
      className="page-content"
      aria-label={label}
      sx={proseSx}
      dangerouslySetInnerHTML={{ __html: clean }}
      onClick={(e) => {
        const to = inAppTarget(e.nativeEvent, window.location.origin);
        if (!to) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
}
