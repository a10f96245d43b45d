import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useFailedBeforeRef } from '../../ui/image-failed';
import type { PublicSponsored } from '../../../../shared/content';
import { SPONSORED_REFRESH_MS } from '../../../../shared/content-public';
import { countSponsored, useSponsoredQuery } from '../api';
import { useDeferredQuery } from '../../app/deferred-query';
import { useT } from '../../i18n/state';

/** The placeholder image the spec asks for when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/favicon.svg';

/**
 * The listener sidebar's sponsored slot (spec 000 §2, §7): one active item
 * within its dates, picked at random by the server weighted by priority,
 * refreshed every 5 minutes. Counts a view each time an item is shown and a
 * click on 'Learn more'. Shows nothing when there is no item or on failure.
 */
export function SponsoredSidebar() {
  const t = useT();
  const { data } = useDeferredQuery(useSponsoredQuery(SPONSORED_REFRESH_MS));
  const item = data?.item ?? null;
  // The image that would not load (a new item's image is tried afresh).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageFailed = item !== null && failedSrc === item.image_url;
  const failedBefore = useFailedBeforeRef(() => setFailedSrc(item?.image_url ?? null));
  const shownAt = data ? item?.id : undefined;

  useEffect(() => {
    if (shownAt) countSponsored(shownAt, 'views');
  }, [shownAt, data]);

  if (!item) return null;
  return (
    <Card component="section" aria-labelledby={`sponsored-${item.id}`} data-testid="sponsored-sidebar">
      <Box
        component="img"
        src={imageFailed ? PLACEHOLDER_IMAGE : item.image_url}
        alt=""
        loading="lazy"
        ref={imageFailed ? undefined : failedBefore}
        onError={() => setFailedSrc(item.image_url)}
        // A failed image falls back to the station's logo, shown whole and small in the frame, never blown up and cropped.
        sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', boxSizing: 'border-box', objectFit: imageFailed ? 'contain' : 'cover', p: imageFailed ? 4 : 0, bgcolor: (t) => t.airdeck.backgroundTertiary }}
      />
      <CardContent>
        <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: '0.12em' }}>
          {t('sponsored.badge')}
        </Typography>
        <Typography id={`sponsored-${item.id}`} variant="h6" component="h2" sx={{ mb: 1 }}>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {item.description}
        </Typography>
        <Link
          href={item.learn_more_url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          underline="always"
          onClick={() => countSponsored(item.id, 'clicks')}
          // Its whole name for a screen reader, one sentence in the reader's language (the visible words begin it).
          aria-label={`${t('sponsored.learnMoreAbout', { name: item.title })} ${t('auth.menu.newTab')}`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          {t('home.learnMore')}
          <OpenInNewIcon fontSize="inherit" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
