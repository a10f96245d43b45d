import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { LOCALES, LANG_PARAM, type Locale } from '../../../shared/i18n/locales';
import { useI18n } from '../i18n/state';
import { useChangeLocale } from '../i18n/start';

// The menu (popover, focus trap, list) loads when a listener first opens it, not with every page.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

const nameOf = (locale: Locale) => LOCALES.find((l) => l.code === locale)?.name ?? locale;

/** The navigation bar's language menu: every shipped language by its own name, the choice remembered on the device. */
export function LanguagePicker() {
  const { locale, t } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const label = t('language.change', { current: nameOf(locale) });
  return (
    <>
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(e) => {
          setEverOpened(true);
          setAnchor(e.currentTarget);
        }}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        color="inherit"
        data-testid="language-button"
      >
        <TranslateIcon />
      </IconButton>
      {everOpened && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The footer's language links: plain links to the page in each language (`?lang=`), which work before the app
 * has started and tell crawlers the page exists in each; with the app running, a click switches in place.
 */
export function FooterLanguages() {
  const { locale, t } = useI18n();
  const change = useChangeLocale();
  return (
    <nav aria-label={t('language.label')} className="bd-footer-langs">
      {LOCALES.map((l) => (
        <a
          key={l.code}
          className="bd-link"
          href={`?${LANG_PARAM}=${l.code}`}
          hrefLang={l.code}
          lang={l.code}
          aria-current={l.code === locale ? 'true' : undefined}
          onClick={(e) => {
            e.preventDefault();
            void change(l.code);
          }}
        >
          {l.name}
        </a>
      ))}
    </nav>
  );
}
