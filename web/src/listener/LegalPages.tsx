import { Box, Container, Divider, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useEffect, useState } from 'react';
import type { PrivacySettingsView } from '../../../shared/privacy';
import { useT } from '../i18n/state';
import { fetchPrivacyFigures } from './api';

/** The date both legal pages take effect (spec 000 §9). */
export const LEGAL_EFFECTIVE_DATE = '20th August 2024';

/** One numbered section of a legal page. */
interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, effective date, a contents list and the sections, at a readable width. */
function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: Section[] }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, fontWeight: 600 }}>
        Effective {LEGAL_EFFECTIVE_DATE}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      <Paper component="nav" aria-label="Contents" variant="outlined" sx={{ p: 2, mb: 4, borderRadius: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Contents
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
        Last updated {LEGAL_EFFECTIVE_DATE}.
      </Typography>
    </Container>
  );
}

/**
 * How to reach the station inside running text ("write to us …"): at the
 * contact address as a mail link, or through the contact form while General
 * Settings have no address.
 */
function Contact() {
  const { contactEmail } = useStation();
  if (!contactEmail)
    return (
      <>
        through our{' '}
        <Link component={RouterLink} to="/general-request" underline="always">
          contact form
        </Link>
      </>
    );
  return (
    <>
      at{' '}
      <Link href={`mailto:${contactEmail}`} underline="always">
        {contactEmail}
      </Link>
    </>
  );
}

/** /terms-of-service: age, acceptable use, data in short, and UK law. */
export function TermsPage() {
  const station = useStation();
  usePageMeta({ title: 'Terms of Service', description: `The terms for using ${station.name}'s website, player and apps. Effective ${LEGAL_EFFECTIVE_DATE}.` });
  return (
    <LegalPage
      title="Terms of Service"
      intro={<>These terms apply to everyone who uses the {station.name} website, live player and apps (the "service"). By using the service you agree to them.</>}
      sections={[
        {
          id: 'terms-eligibility',
          title: 'Who can use the service',
          body: <p>You must be 18 or over to use the service. If you are under 18, you may use it only with the consent of a parent or guardian, who accepts these terms on your behalf.</p>,
        },
        {
          id: 'terms-use',
          title: 'Using the service',
          body: (
            <>
              <p>You may listen, vote on tracks and send song requests, shoutouts and messages. When you do, please:</p>
              <ul>
                <li>be respectful to presenters and other listeners;</li>
                <li>not send anything unlawful, hateful, abusive or misleading;</li>
                <li>not try to disrupt, overload or get unauthorised access to the service.</li>
              </ul>
              <p>Requests and shoutouts are suggestions: presenters decide what goes on air. We may remove content or limit access for anyone who breaks these terms.</p>
            </>
          ),
        },
        {
          id: 'terms-content',
          title: 'Content',
          body: <p>The music, shows and other material on the service belong to their respective owners. You may listen for personal, non-commercial use; you may not record, redistribute or rebroadcast the stream.</p>,
        },
        {
          id: 'terms-privacy',
          title: 'Your information',
          body: (
            <p>
              Using the service means we collect your IP address, device information and approximate location. How we use this, and your rights, are explained in our{' '}
              <Link component={RouterLink} to="/privacy-policy" underline="always">
                Privacy Policy
              </Link>
              .
            </p>
          ),
        },
        {
          id: 'terms-availability',
          title: 'Availability and liability',
          body: <p>We run the station as a community service and do our best to keep it online, but we cannot promise that it will always be available or free of errors. As far as the law allows, we are not liable for losses that come from using or being unable to use the service.</p>,
        },
        {
          id: 'terms-changes',
          title: 'Changes to these terms',
          body: <p>We may update these terms. The date at the top of this page shows when they last changed; using the service after a change means you accept the new terms.</p>,
        },
        {
          id: 'terms-law',
          title: 'Governing law',
          body: <p>These terms are governed by the law of the United Kingdom, and any dispute is for the UK courts.</p>,
        },
        {
          id: 'terms-contact',
          title: 'Contact',
          body: (
            <p>
              Questions about these terms? Write to us <Contact />.
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
  usePageMeta({ title: 'Privacy Policy', description: `What ${station.name} collects about you, why, and your rights. Effective ${LEGAL_EFFECTIVE_DATE}.` });
  const t = useT();
  const [figures, setFigures] = useState<PrivacySettingsView | null>(null);
  useEffect(() => {
    fetchPrivacyFigures().then(setFigures, () => setFigures(null));
  }, []);
  const standardIntro = <>This policy explains what information {station.name} collects when you use our website, live player and apps, what we use it for, and what you can ask of us.</>;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={figures?.policy_intro ? <OwnText text={figures.policy_intro} testId="privacy-intro" /> : standardIntro}
      sections={[
        {
          id: 'privacy-age',
          title: 'Age',
          body: <p>The service is for people aged 18 or over. If you are under 18, please use it only with the consent of a parent or guardian.</p>,
        },
        {
          id: 'privacy-collect',
          title: 'What we collect',
          body: <Inventory figures={figures} />,
        },
        {
          id: 'privacy-use',
          title: 'How we use it',
          body: (
            <ul>
              <li>to run the stream and the website, and keep them secure and free of abuse;</li>
              <li>to understand how many people listen and from roughly where;</li>
              <li>to handle your requests and reply to your messages.</li>
            </ul>
          ),
        },
        {
          id: 'privacy-retention',
          title: 'Keeping and deleting your data',
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
          title: 'Your rights: access and correction',
          body: (
            <p>
              You may ask for a copy of the information we hold about you, or ask us to correct anything that is wrong, by writing to us <Contact />.
            </p>
          ),
        },
        {
          id: 'privacy-law',
          title: 'Governing law',
          body: <p>This policy and how we handle your information are governed by the law of the United Kingdom.</p>,
        },
        {
          id: 'privacy-changes',
          title: 'Changes to this policy',
          body: <p>We may update this policy. The date at the top of this page shows when it last changed.</p>,
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
  const t = useT();
  return (
    <p>
      {t('privacy.keep.ask')} <Contact />.
    </p>
  );
}
