import { CssBaseline, ThemeProvider } from '@mui/material';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { themeKeyAtom } from '../app/atoms';
import { buildMuiTheme } from '../ui/theme';
import { MiniWindow } from './MiniWindow';
import { ServerSetupScreen } from './ServerSetupScreen';

/** The studio's pages outside the site: the station address screen and the mini window, in the chosen theme. */
export default function StudioShell({ page, firstRun }: { page: 'server' | 'mini'; firstRun: boolean }) {
  const themeKey = useAtomValue(themeKeyAtom);
  const theme = useMemo(() => buildMuiTheme(themeKey), [themeKey]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {page === 'mini' ? <MiniWindow /> : <ServerSetupScreen firstRun={firstRun} />}
    </ThemeProvider>
  );
}
