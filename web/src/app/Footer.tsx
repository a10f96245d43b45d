import { Link as RouterLink } from 'react-router';
import { useStation } from './station';
import { useT } from '../i18n/state';
import { FooterLanguages } from './LanguagePicker';

/**
 * The site footer: legal pages and the station's social links (only those set; none, no Social list).
 * Plain elements styled by global.css (`.bd-footer`), not MUI components: it is drawn by the server with the page
 * and taken over with it (its links carry a class so that the baseline's rule for prose links leaves them alone), at the cost of a few elements rather than a tree of styled components on every page.
 */
export function Footer() {
  const station = useStation();
  const t = useT();
  const social = [
    { label: 'Discord', href: station.social.chat },
    { label: 'Mixcloud', href: station.social.streaming },
    { label: 'Instagram', href: station.social.instagram },
    { label: 'Facebook', href: station.social.facebook },
    { label: 'X', href: station.social.x },
  ].filter((s): s is { label: string; href: string } => Boolean(s.href));
  return (
    <footer className="bd-footer">
      <div className="bd-footer-in">
        <div className="bd-footer-row">
          <p>
            <bdi>{t('footer.copyright', { year: String(new Date().getFullYear()), station: station.name })}</bdi>
            {station.tagline ? <bdi>{` ${station.tagline.replace(/[.!?]+$/, '')}.`}</bdi> : null}
          </p>
          <nav aria-label={t('footer.listen')}>
            <RouterLink className="bd-link" to="/listen-again">{t('listenAgain.title')}</RouterLink>
          </nav>
          <nav aria-label={t('footer.legal')}>
            <RouterLink className="bd-link" to="/terms-of-service">{t('footer.terms')}</RouterLink>
            <RouterLink className="bd-link" to="/privacy-policy">{t('footer.privacy')}</RouterLink>
            <RouterLink className="bd-link" to="/your-data">{t('footer.yourData')}</RouterLink>
          </nav>
          {social.length > 0 && (
            <nav aria-label={t('footer.social')}>
              {social.map((s) => (
                <a key={s.label} className="bd-link" href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              ))}
            </nav>
          )}
          <FooterLanguages />
        </div>
      </div>
    </footer>
  );
}
