/**
 * Privacy (issue 37): the retention periods and analytics level the owner
 * sets, written once for the server and the forms.
 */
import { z } from 'zod';

const days = z.coerce.number().int().min(1).max(3650);

/** PUT /api/privacy/settings: any of the periods (days) and the analytics level. */
export const PrivacySettingsSchema = z
  .object({
    analytics_level: z.enum(['full', 'hashed', 'none']),
    request_days: days,
    vote_days: days,
    page_view_days: days,
    inquiry_days: days,
    application_days: days,
    failed_signin_days: days,
    audit_days: days,
    email_days: days,
  })
  .partial();

/** GET /api/privacy/settings. */
export interface PrivacySettingsView {
  analytics_level: 'full' | 'hashed' | 'none';
  request_days: number;
  vote_days: number;
  page_view_days: number;
  inquiry_days: number;
  application_days: number;
  failed_signin_days: number;
  audit_days: number;
  email_days: number;
}
