/** The listener pages' own reads: the privacy page's figures (issue 37). */
import type { MyDataRemoved, MyDataView, PrivacySettingsView } from '../../../shared/privacy';
import { endpoint, PUBLIC } from '../app/api';

/** The retention periods and analytics level in force. */
export const fetchPrivacyFigures = endpoint<PrivacySettingsView>('GET', () => '/api/privacy', PUBLIC);

/** What the station holds for this browser's session ids (issue 37 item 2). */
export const fetchMyData = endpoint<MyDataView, [string[]]>('GET', (ids) => `/api/my-data?${ids.map((id) => `session_id=${encodeURIComponent(id)}`).join('&')}`, PUBLIC);

/** Deletes it. */
export const deleteMyData = endpoint<{ removed: MyDataRemoved }, [string[]]>('DELETE', (ids) => ({ path: '/api/my-data', body: { session_id: ids } }), PUBLIC);
