import { Box, Container, Divider, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useEffect, useState } from 'react';
import type { PrivacySettingsView } from '../../../shared/privacy';
import type { MessageKey } from '../../../shared/i18n/format';
import { aroundSlot, SLOT, useT } from '../i18n/state';
import { fetchPrivacyFigures } from './api';

/** The date both legal pages take effect (spec 000 §9): 20th August 2024, written in each language (`legal.effectiveDate`). */

/** One numbered section of a legal page. */
interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, effective date, a contents list and the sections, at a readable width. */
function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: Section[] }) {
  const t = useT();
  const date = t('legal.effectiveDate');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, fontWeight: 600 }}>
        {t('legal.effective', { date })}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      <Paper component="nav" aria-label={t('legal.contents')} variant="outlined" sx={{ p: 2, mb: 4, borderRadius: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('legal.contents')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {sections.map((s) => (
            <li key={s.id}>
              <Link href={`#${s.id}`} underline="always">
                {s.title}
              </Link>
            </li>
          ))}
        </Box>
      </Paper>
      {sections.map((s, i) => (
        <Box component="section" key={s.id} aria-labelledby={s.id} sx={{ mb: 4, scrollMarginTop: 80 }}>
          <Typography id={s.id} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
            {i + 1}. {s.title}
          </Typography>
          <Box sx={{ '& p': { mb: 1.5, lineHeight: 1.7 }, '& ul': { mt: 0, mb: 1.5, pl: 3 }, '& li': { mb: 0.5, lineHeight: 1.7 } }}>{s.body}</Box>
        </Box>
      ))}
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" color="text.secondary">
        {t('legal.lastUpdated', { date })}
      </Typography>
    </Container>
  );
}

/**
 * A sentence that ends by saying how to reach the station: at the contact address as a mail link (`emailKey`,
 * `{email}`), or through the contact form while General Settings have no address (`formKey`, `{form}`).
 */
function ContactSentence({ emailKey, formKey }: { emailKey: MessageKey; formKey: MessageKey }) {
  const { contactEmail } = useStation();
  const t = useT();
  if (!contactEmail) {
    const [before, after] = aroundSlot(t(formKey, { form: SLOT }));
    return (
      <>
        {before}
        <Link component={RouterLink} to="/general-request" underline="always">
          {t('legal.contactForm')}
        </Link>
        {after}
      </>
    );
  }
  const [before, after] = aroundSlot(t(emailKey, { email: SLOT }));
  return (
    <>
      {before}
      <Link href={`mailto:${contactEmail}`} underline="always">
        {contactEmail}
      </Link>
      {after}
    </>
  );
}

/** /terms-of-service: age, acceptable use, data in short, and UK law. */
export function TermsPage() {
  const station = useStation();
  const t = useT();
  usePageMeta({ title: t('footer.terms'), description: t('legal.terms.metaDescription', { station: station.name, date: t('legal.effectiveDate') }) });
  const [infoBefore, infoAfter] = aroundSlot(t('legal.terms.infoText', { link: SLOT }));
  return (
    <LegalPage
      title={t('footer.terms')}
      intro={t('legal.terms.intro', { station: station.name })}
      sections={[
        {
          id: 'terms-eligibility',
          title: t('legal.terms.eligibility'),
          body: <p>{t('legal.terms.eligibilityText')}</p>,
        },
        {
          id: 'terms-use',
          title: t('legal.terms.use'),
          body: (
            <>
              <p>{t('legal.terms.useLead')}</p>
              <ul>
                <li>{t('legal.terms.useRespect')}</li>
                <li>{t('legal.terms.useUnlawful')}</li>
                <li>{t('legal.terms.useDisrupt')}</li>
              </ul>
              <p>{t('legal.terms.useRequests')}</p>
            </>
          ),
        },
        {
          id: 'terms-content',
          title: t('legal.terms.content'),
          body: <p>{t('legal.terms.contentText')}</p>,
        },
        {
          id: 'terms-privacy',
          title: t('legal.terms.info'),
          body: (
            <p>
              {infoBefore}
              <Link component={RouterLink} to="/privacy-policy" underline="always">
                {t('footer.privacy')}
              </Link>
              {infoAfter}
            </p>
          ),
        },
        {
          id: 'terms-availability',
          title: t('legal.terms.availability'),
          body: <p>{t('legal.terms.availabilityText')}</p>,
        },
        {
          id: 'terms-changes',
          title: t('legal.terms.changes'),
          body: <p>{t('legal.terms.changesText')}</p>,
        },
        {
          id: 'terms-law',
          title: t('legal.terms.law'),
          body: <p>{t('legal.terms.lawText')}</p>,
        },
        {
          id: 'terms-contact',
          title: t('legal.terms.contact'),
          body: (
            <p>
              <ContactSentence emailKey="legal.terms.contactEmail" formKey="legal.terms.contactForm" />
            </p>
          ),
        },
      ]}
    />
  );
}

/** /privacy-policy: what is collected, why, that it cannot yet be deleted, and how to ask for access or correction. */
export function PrivacyPage() {
  const station = useStation();
  const t = useT();
  usePageMeta({ title: t('footer.privacy'), description: t('legal.privacy.metaDescription', { station: station.name, date: t('legal.effectiveDate') }) });
  const [figures, setFigures] = useState<PrivacySettingsView | null>(null);
  useEffect(() => {
    fetchPrivacyFigures().then(setFigures, () => setFigures(null));
  }, []);
  const standardIntro = t('legal.privacy.intro', { station: station.name });
  return (
    <LegalPage
      title={t('footer.privacy')}
      intro={figures?.policy_intro ? <OwnText text={figures.policy_intro} testId="privacy-intro" /> : standardIntro}
      sections={[
        {
          id: 'privacy-age',
          title: t('legal.privacy.age'),
          body: <p>{t('legal.privacy.ageText')}</p>,
        },
        {
          id: 'privacy-collect',
          title: t('legal.privacy.collect'),
          body: <Inventory figures={figures} />,
        },
        {
          id: 'privacy-use',
          title: t('legal.privacy.use'),
          body: (
            <ul>
              <li>{t('legal.privacy.useStream')}</li>
              <li>{t('legal.privacy.useListeners')}</li>
              <li>{t('legal.privacy.useRequests')}</li>
            </ul>
          ),
        },
        {
          id: 'privacy-retention',
          title: t('legal.privacy.retention'),
          body: <Retention />,
        },
        ...(figures?.policy_extra
          ? [{ id: 'privacy-extra', title: t('privacy.extraTitle'), body: <OwnText text={figures.policy_extra} testId="privacy-extra" /> }]
          : []),
        {
          id: 'privacy-your-data',
          title: t('yourData.title'),
          body: (
            <p>
              <Link component={RouterLink} to="/your-data" underline="always">
                {t('privacy.yourData')}
              </Link>
            </p>
          ),
        },
        {
          id: 'privacy-rights',
          title: t('legal.privacy.rights'),
          body: (
            <p>
              <ContactSentence emailKey="legal.privacy.rightsEmail" formKey="legal.privacy.rightsForm" />
            </p>
          ),
        },
        {
          id: 'privacy-law',
          title: t('legal.terms.law'),
          body: <p>{t('legal.privacy.lawText')}</p>,
        },
        {
          id: 'privacy-changes',
          title: t('legal.privacy.changes'),
          body: <p>{t('legal.privacy.changesText')}</p>,
        },
      ]}
    />
  );
}

/** The owner's own words: plain text, a paragraph per blank-line-separated block. */
function OwnText({ text, testId }: { text: string; testId: string }) {
  return (
    <Box component="span" data-testid={testId} sx={{ display: 'block', '& p': { mb: 1.5 } }}>
      {text.split(/\n\s*\n/).map((para, i) => (
        <Box component="p" key={i} sx={{ whiteSpace: 'pre-line', m: 0 }}>
          {para}
        </Box>
      ))}
    </Box>
  );
}

/**
 * What the station holds, who sees it and for how long (issue 37 item 3), drawn from the data inventory
 * (README "Personal data") and the retention settings and analytics level in force, so it stays true when
 * the owner changes them.
 */
function Inventory({ figures }: { figures: PrivacySettingsView | null }) {
  const t = useT();
  if (!figures) return <p>{t('privacy.collect.lead')}</p>;
  const rows: { id: string; keep: string; who: string }[] = [
    { id: 'requests', keep: t('privacy.keep.requests', { days: figures.request_days }), who: t('privacy.who.staff') },
    { id: 'inquiries', keep: t('privacy.keep.inquiries', { days: figures.inquiry_days }), who: t('privacy.who.staff') },
    { id: 'votes', keep: t('privacy.keep.votes', { days: figures.vote_days }), who: t('privacy.who.nobody') },
    {
      id: 'page-views',
      keep:
        figures.analytics_level === 'none'
          ? t('privacy.analytics.none')
          : `${t(figures.analytics_level === 'hashed' ? 'privacy.analytics.hashed' : 'privacy.analytics.full')} ${t('privacy.keep.pageViews', { days: figures.page_view_days })}`,
      who: t('privacy.who.nobody'),
    },
    { id: 'limits', keep: t('privacy.keep.limits'), who: t('privacy.who.nobody') },
    { id: 'applications', keep: t('privacy.keep.applications', { days: figures.application_days }), who: t('privacy.who.reviewers') },
    { id: 'logs', keep: t('privacy.keep.logs'), who: t('privacy.who.operator') },
  ];
  return (
    <>
      <p>{t('privacy.collect.lead')}</p>
      <ul data-testid="privacy-retention">
        {rows.map((r) => (
          <li key={r.id} data-inventory={r.id}>
            {r.keep} {r.who}
          </li>
        ))}
      </ul>
    </>
  );
}

/** How to ask for deletion or a copy. */
function Retention() {
  return (
    <p>
      <ContactSentence emailKey="legal.privacy.retentionEmail" formKey="legal.privacy.retentionForm" />
    </p>
  );
}
