/** The listener pages' own reads: the privacy page's figures (issue 37). */
import type { MyDataRemoved, MyDataView, PrivacySettingsView } from '../../../shared/privacy';
import { endpoint, PUBLIC } from '../app/api';

/** The retention periods and analytics level in force. */
export const fetchPrivacyFigures = endpoint<PrivacySettingsView>('GET', () => '/api/privacy', PUBLIC);

/** What the station holds for this browser's session ids (issue 37 item 2). */
export const fetchMyData = endpoint<MyDataView, [string[], string | null]>(
  'GET',
  (ids, push) => `/api/my-data?${[...ids.map((id) => `session_id=${encodeURIComponent(id)}`), ...(push ? [`push_endpoint=${encodeURIComponent(push)}`] : [])].join('&')}`,
  PUBLIC,
);

/** Deletes it (and the follows of the browser's push subscription, when it has one). */
export const deleteMyData = endpoint<{ removed: MyDataRemoved }, [string[], string | null]>('DELETE', (ids, push) => ({ path: '/api/my-data', body: { session_id: ids, ...(push ? { push_endpoint: push } : {}) } }), PUBLIC);
