import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { themeKeyAtom } from '../app/atoms';
import { i18nAtom } from '../i18n/state';
import { rtlCacheIfLoaded } from '../i18n/rtl';
import { buildMuiTheme } from '../ui/theme';
import { MiniWindow } from './MiniWindow';
import { ServerSetupScreen } from './ServerSetupScreen';
import { useStudioLanguage } from './language';

/**
 * The studio's pages outside the site: the station address screen and the mini window, in the chosen theme and the
 * app's language (mirrored in a right-to-left one, as the site is: web/src/app/App.tsx AppFrame).
 */
export default function StudioShell({ page, firstRun }: { page: 'server' | 'mini'; firstRun: boolean }) {
  const themeKey = useAtomValue(themeKeyAtom);
  const { dir } = useAtomValue(i18nAtom);
  const theme = useMemo(() => buildMuiTheme(themeKey, dir), [themeKey, dir]);
  const ltrCache = useEmotionCache();
  const cache = dir === 'rtl' ? (rtlCacheIfLoaded() ?? ltrCache) : ltrCache;
  useStudioLanguage();
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {page === 'mini' ? <MiniWindow /> : <ServerSetupScreen firstRun={firstRun} />}
      </ThemeProvider>
    </CacheProvider>
  );
}
