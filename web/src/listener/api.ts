/** The listener pages' own reads: the privacy page's figures (issue 37). */
import type { PrivacySettingsView } from '../../../shared/privacy';
import { endpoint, PUBLIC } from '../app/api';

/** The retention periods and analytics level in force. */
export const fetchPrivacyFigures = endpoint<PrivacySettingsView>('GET', () => '/api/privacy', PUBLIC);
