/**
 * The staff member's language (issue 35): the panel follows their profile's language when they sign in (unless the
 * address names one with `?lang=`), and a language chosen in the menu while signed in is saved to the profile, so
 * what the server sends them (notifications, e-mails, Discord messages) follows too.
 */
import { useEffect, useRef } from 'react';
import type { MeResponse } from '../../../shared/accounts';
import { LANG_PARAM, LOCALE_CODES, type ShippedLocale } from '../../../shared/i18n/locales';
import { onLocaleChosen, useChangeLocale } from '../i18n/start';
import { useI18n } from '../i18n/state';
import { updateMe } from './api';

const isShipped = (code: string): code is ShippedLocale => (LOCALE_CODES as readonly string[]).includes(code);

/** Mounted once (AuthProvider) with the signed-in user's profile reply and its setter. */
export function useProfileLanguage(me: MeResponse | null, setMe: (me: MeResponse) => void): void {
  const change = useChangeLocale();
  const { locale } = useI18n();
  const followed = useRef<string | null>(null);
  const current = useRef(me);
  current.current = me;
  const shown = useRef(locale);
  shown.current = locale;

  useEffect(() => {
    if (!me) {
      followed.current = null;
      return;
    }
    if (followed.current === me.user.id) return;
    followed.current = me.user.id;
    const named = new URL(window.location.href).searchParams.get(LANG_PARAM);
    if (me.language && !named && me.language !== shown.current) void change(me.language);
  }, [me, change]);

  useEffect(
    () =>
      onLocaleChosen((chosen) => {
        const mine = current.current;
        if (!mine || !isShipped(chosen) || mine.language === chosen) return;
        updateMe({ language: chosen }).then(setMe, (err: unknown) => console.warn('Could not save the language to the profile', err));
      }),
    [setMe],
  );
}
