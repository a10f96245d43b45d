/**
 * Every e-mail the station sends, written once (issue 30): each template
 * takes its values and the recipient's translator (issue 35: their profile's
 * language, an applicant's own, else the station's default) and answers the
 * subject and the plain-text body from the message catalogue (`mail.*`).
 */

import type { MessageKey, Translate } from '../../../shared/i18n/format';

/** A rendered e-mail. */
export interface EmailContent {
  template: string;
  subject: string;
  text: string;
}

const signature = (station: string) => `\n\n— ${station}`;

/** A new staff account: where and how to sign in (never the password), in the recipient's language (`t`). */
export function newAccountEmail(v: { station: string; username: string; email: string; role: string; signInUrl: string; dj: string | null; setPasswordUrl: string; linkDays: number; passwordGiven: boolean }, t: Translate): EmailContent {
  const values = { station: v.station, username: v.username, email: v.email, role: v.role, signInUrl: v.signInUrl, hasDj: v.dj ? 'yes' : 'no', dj: v.dj ?? '', url: v.setPasswordUrl, days: v.linkDays, passwordGiven: v.passwordGiven ? 'yes' : 'no' };
  return { template: 'new_account', subject: t('mail.newAccount.subject', values), text: t('mail.newAccount.body', values) };
}

/** An approved presenter application: the account made from it and how to sign in, in the applicant's language. */
export function applicationApprovedEmail(v: { station: string; name: string; email: string; signInUrl: string; password: string | null; setPasswordUrl?: string | null; linkDays?: number }, t: Translate): EmailContent {
  const values = { station: v.station, name: v.name, email: v.email, signInUrl: v.signInUrl, hasPassword: v.password ? 'yes' : 'no', password: v.password ?? '', hasLink: v.setPasswordUrl ? 'yes' : 'no', url: v.setPasswordUrl ?? '', days: v.linkDays ?? 7 };
  return { template: 'application_approved', subject: t('mail.applicationApproved.subject', values), text: t('mail.applicationApproved.body', values) };
}

/** A rejected presenter application, in the applicant's language. */
export function applicationRejectedEmail(v: { station: string; name: string }, t: Translate): EmailContent {
  return { template: 'application_rejected', subject: t('mail.applicationRejected.subject', v), text: t('mail.applicationRejected.body', v) };
}

/** A leave request decided, in the presenter's language (`t`: their translator; English without it). */
export function leaveDecisionEmail(v: { station: string; presenter: string; start: string; end: string; approved: boolean; panelUrl: string }, t?: Translate): EmailContent {
  if (t) {
    const values = { station: v.station, presenter: v.presenter, start: v.start, end: v.end, approved: v.approved ? 'yes' : 'no', url: v.panelUrl };
    return { template: v.approved ? 'leave_approved' : 'leave_rejected', subject: t('mail.leaveDecision.subject' as MessageKey, values), text: t('mail.leaveDecision.body' as MessageKey, values) };
  }
  return {
    template: v.approved ? 'leave_approved' : 'leave_rejected',
    subject: `Your leave from ${v.start} to ${v.end} was ${v.approved ? 'approved' : 'rejected'}`,
    text:
      `Hi ${v.presenter},\n\nYour leave of absence from ${v.start} to ${v.end} was ${v.approved ? 'approved' : 'rejected'}.` +
      (v.approved ? ' Your shows inside the leave have been adjusted on the schedule.' : ' Contact management if you would like to talk it over.') +
      `\n\nSee your requests at ${v.panelUrl}` +
      signature(v.station),
  };
}

/** A show reminder to its presenter, in their language (`t`: a server translator, so `showDay` is their long date). */
export function showReminderEmail(v: { station: string; presenter: string; title: string; date: string; start: string; end: string; zone: string; panelUrl: string }, t: Translate): EmailContent {
  const values = { station: v.station, presenter: v.presenter, show: v.title, showDay: v.date, start: v.start, end: v.end, zone: v.zone, url: v.panelUrl };
  return { template: 'show_reminder', subject: t('mail.showReminder.subject', values), text: t('mail.showReminder.body', values) };
}

/** A password reset asked for on the sign-in page (issue 37): the single-use link, valid 30 minutes. */
export function passwordResetEmail(v: { station: string; username: string; resetUrl: string; minutes: number }, t?: Translate): EmailContent {
  if (t) {
    const values = { station: v.station, username: v.username, url: v.resetUrl, minutes: v.minutes };
    return { template: 'password_reset', subject: t('mail.passwordReset.subject' as MessageKey, values), text: t('mail.passwordReset.body' as MessageKey, values) };
  }
  return {
    template: 'password_reset',
    subject: `Set a new password for ${v.station}`,
    text:
      `Hi ${v.username},\n\nSomeone (we hope you) asked to set a new password for your ${v.station} account. Open this link to choose one:\n\n${v.resetUrl}\n\n` +
      `The link works once, for ${v.minutes} minutes. Setting a new password signs your account out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.` +
      signature(v.station),
  };
}

/** Dead air (issue 33): an incident that lasted past the escalation delay, or its recovery, to the duty staff, in their language (the title and message already in it). */
export function deadAirEmail(v: { station: string; name: string; title: string; message: string; uptimeUrl: string; recovered: boolean }, t: Translate): EmailContent {
  const values = { station: v.station, name: v.name, title: v.title, message: v.message, url: v.uptimeUrl, recovered: v.recovered ? 'yes' : 'no' };
  return { template: v.recovered ? 'dead_air_recovered' : 'dead_air', subject: t('mail.deadAir.subject', values), text: t('mail.deadAir.body', values) };
}
