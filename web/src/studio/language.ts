import { useEffect } from 'react';
import { setStudioLanguage } from '../platform';
import { useI18n } from '../i18n/state';

/**
 * The studio's language is the web app's (issue 35): every studio window tells the main process the language it is
 * drawn in, so the tray, the native notifications and the main process's own texts follow it.
 */
export function useStudioLanguage(): void {
  const { locale } = useI18n();
  useEffect(() => {
    void setStudioLanguage(locale).catch(() => undefined);
  }, [locale]);
}
