import { useMemo } from 'react';
import type { MessageKey, Translate } from '../../../../shared/i18n/format';
import { formatQueueDate } from '../../../../shared/time';
import { useI18n, useT } from '../../i18n/state';

/**
 * The request queues' words that are values in the data (statuses, subjects, reasons, roles) and their dates, in
 * the reader's language (issue 35). A value the catalogue does not name yet shows as it is stored, never as a key.
 */
const STATUS: Record<string, MessageKey> = {
  pending: 'queue.status.pending',
  approved: 'queue.status.approved',
  rejected: 'queue.status.rejected',
  played: 'queue.status.played',
  completed: 'queue.status.completed',
  responded: 'queue.status.responded',
  closed: 'queue.status.closed',
  archived: 'queue.status.archived',
  cancelled: 'queue.status.cancelled',
};
const SUBJECT: Record<string, MessageKey> = {
  general: 'queue.subject.general',
  feedback: 'queue.subject.feedback',
  technical: 'queue.subject.technical',
  advertising: 'queue.subject.advertising',
  other: 'queue.subject.other',
};
const REASON: Record<string, MessageKey> = {
  personal: 'loa.reason.personal',
  medical: 'loa.reason.medical',
  family: 'loa.reason.family',
  vacation: 'loa.reason.vacation',
  education: 'loa.reason.education',
  other: 'loa.reason.other',
};
const ROLE: Record<string, MessageKey> = {
  owner: 'loa.role.owner',
  manager: 'loa.role.manager',
  admin: 'loa.role.admin',
  moderator: 'loa.role.moderator',
  presenter: 'loa.role.presenter',
  guest: 'loa.role.guest',
  probation: 'loa.role.probation',
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lookup = (table: Record<string, MessageKey>, fallback: (v: string) => string) => (t: Translate, value: string) => (table[value] ? t(table[value]) : fallback(value));

export const statusText = lookup(STATUS, capital);
export const subjectText = lookup(SUBJECT, (v) => v);
export const reasonText = lookup(REASON, capital);
export const roleText = lookup(ROLE, () => '');

/** A status as a badge or menu item says it ("Pending"). */
export function useStatusLabel(): (status: string) => string {
  const t = useT();
  return (status) => statusText(t, status);
}

/**
 * A queue's date: month, day and 24-hour time in the reader's clock ("Mar 10, 14:05" in English, 001 §2), in the
 * reader's language.
 */
export function useQueueDate(): (iso: string) => string {
  const { locale, intl } = useI18n();
  return useMemo(() => {
    if (locale === 'en' || locale === 'en-XA') return formatQueueDate;
    const f = new Intl.DateTimeFormat(intl, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return (iso: string) => f.format(new Date(iso));
  }, [locale, intl]);
}

/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "10 Mar 2026" or "Tue 10 Mar". */
export function useCalendarDate(options: Intl.DateTimeFormatOptions): (date: string) => string {
  const { intl } = useI18n();
  const key = JSON.stringify(options);
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(intl, { ...options, timeZone: 'UTC' });
    return (date: string) => f.format(new Date(`${date}T12:00:00Z`));
  }, [intl, key]);
}
