/**
 * Every e-mail the station sends, written once (issue 30): each template
 * takes its values and answers the subject and the plain-text body. The
 * languages work moves these texts into the message catalogue; until then
 * this module is the one place they live.
 */

import type { MessageKey, Translate } from '../../../shared/i18n/format';

/** A rendered e-mail. */
export interface EmailContent {
  template: string;
  subject: string;
  text: string;
}

const signature = (station: string) => `\n\n— ${station}`;

/** A new staff account: where and how to sign in (never the password). */
export function newAccountEmail(v: { station: string; username: string; email: string; role: string; signInUrl: string; dj: string | null; setPasswordUrl: string; linkDays: number; passwordGiven: boolean }): EmailContent {
  return {
    template: 'new_account',
    subject: `Your ${v.station} presenter panel account`,
    text:
      `Hi ${v.username},\n\nAn account has been created for you on ${v.station}'s presenter panel as ${v.role}.` +
      (v.dj ? ` Your DJ profile is ${v.dj}: you can book shows and request leave as ${v.dj}.` : '') +
      `\n\nChoose your password with this link (it works once, for ${v.linkDays} days):\n${v.setPasswordUrl}\n\n` +
      `Then sign in at ${v.signInUrl} with this e-mail address (${v.email}).` +
      (v.passwordGiven ? ' If the person who created your account gave you a first password, that works too until you choose your own.' : '') +
      ` If the link has expired, use "Forgot password?" on the sign-in page.` +
      signature(v.station),
  };
}

/** An approved presenter application: the account made from it and how to sign in. */
export function applicationApprovedEmail(v: { station: string; name: string; email: string; signInUrl: string; password: string | null; setPasswordUrl?: string | null; linkDays?: number }): EmailContent {
  return {
    template: 'application_approved',
    subject: `Your application to ${v.station} has been approved`,
    text:
      `Hi ${v.name},\n\nGreat news: your presenter application to ${v.station} has been approved.` +
      `\n\nYour presenter panel account is ready. Sign in at ${v.signInUrl} with this e-mail address (${v.email})` +
      (v.password ? ` and this temporary password: ${v.password}\nYou will be asked to choose your own password after signing in.` : '. A member of the team will give you your first password.') +
      (v.setPasswordUrl ? `\n\nOr choose your password straight away with this link (it works once, for ${v.linkDays ?? 7} days):\n${v.setPasswordUrl}` : '') +
      `\n\nFrom the panel you can book your shows and see your hours.` +
      signature(v.station),
  };
}

/** A rejected presenter application. */
export function applicationRejectedEmail(v: { station: string; name: string }): EmailContent {
  return {
    template: 'application_rejected',
    subject: `Your application to ${v.station}`,
    text: `Hi ${v.name},\n\nThank you for applying to present on ${v.station}. We're not able to offer you a slot at the moment, but we'd love to hear from you again in the future. Keep listening!` + signature(v.station),
  };
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

/** A show reminder to its presenter. */
export function showReminderEmail(v: { station: string; presenter: string; title: string; when: string; panelUrl: string }): EmailContent {
  return {
    template: 'show_reminder',
    subject: `Reminder: ${v.title} ${v.when}`,
    text: `Hi ${v.presenter},\n\nA reminder that you are on air: "${v.title}", ${v.when}.\n\nYour shows: ${v.panelUrl}` + signature(v.station),
  };
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

/** Dead air (issue 33): an incident that lasted past the escalation delay, or its recovery, to the duty staff. */
export function deadAirEmail(v: { station: string; name: string; title: string; message: string; uptimeUrl: string; recovered: boolean }): EmailContent {
  return {
    template: v.recovered ? 'dead_air_recovered' : 'dead_air',
    subject: `${v.station}: ${v.title}`,
    text:
      `Hi ${v.name},\n\n${v.message}` +
      (v.recovered ? '' : '\n\nListeners may be hearing nothing. Check the studio, the playout and the stream now.') +
      `\n\nUptime and incidents: ${v.uptimeUrl}\n\nYou receive this as duty staff; turn off System Alert in your notification preferences to stop these e-mails.` +
      signature(v.station),
  };
}
