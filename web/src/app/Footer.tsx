import { Link as RouterLink } from 'react-router';
import { useStation } from './station';

/**
 * The site footer: legal pages and the station's social links (only those set; none, no Social list).
 * Plain elements styled by global.css (`.bd-footer`), not MUI components: it is drawn by the server with the page
 * and taken over with it (its links carry a class so that the baseline's rule for prose links leaves them alone), at the cost of a few elements rather than a tree of styled components on every page.
 */
export function Footer() {
  const station = useStation();
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
            © {new Date().getFullYear()} {station.name}.{station.tagline ? ` ${station.tagline.replace(/[.!?]+$/, '')}.` : ''}
          </p>
          <nav aria-label="Legal">
            <RouterLink className="bd-link" to="/terms-of-service">Terms of Service</RouterLink>
            <RouterLink className="bd-link" to="/privacy-policy">Privacy Policy</RouterLink>
          </nav>
          {social.length > 0 && (
            <nav aria-label="Social">
              {social.map((s) => (
                <a key={s.label} className="bd-link" href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              ))}
            </nav>
          )}
        </div>
      </div>
    </footer>
  );
}
