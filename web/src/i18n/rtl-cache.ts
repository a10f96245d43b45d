import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

/**
 * Right-to-left: MUI's styles pass through stylis-plugin-rtl (left ↔ right, margins, paddings, borders, transforms)
 * in an emotion cache of their own (key `muirtl`). A chunk of its own, fetched only for a right-to-left language.
 */
export function createRtlCache(): EmotionCache {
  return createCache({ key: 'muirtl', stylisPlugins: [prefixer as never, rtlPlugin] });
}
