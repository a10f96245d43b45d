/**
 * The privacy calls of the staff panel (issue 37): a person's data for a written request (find, export as a file,
 * erase with a reason; `privacy.subjects`) and the owner's privacy settings (`privacy.manage`). Typed with
 * shared/privacy.
 */
import type { PrivacySettingsView, SubjectDataView, SubjectErased } from '../../../shared/privacy';
import { currentAccessToken, endpoint } from '../app/api';
import { getApiBase } from '../platform';

export const findSubject = endpoint<SubjectDataView, [q: string]>('GET', (q) => `/api/privacy/subjects?q=${encodeURIComponent(q)}`);

export interface EraseInput {
  reason: string;
  song_requests: string[];
  shoutout_requests: string[];
  general_requests: string[];
  presenter_applications: string[];
}
export const eraseSubject = endpoint<{ removed: SubjectErased }, [input: EraseInput]>('POST', (body) => ({ path: '/api/privacy/subjects/erase', body }));

export const fetchPrivacySettings = endpoint<PrivacySettingsView>('GET', () => '/api/privacy/settings');
export const savePrivacySettings = endpoint<PrivacySettingsView, [patch: Partial<PrivacySettingsView>]>('PUT', (body) => ({ path: '/api/privacy/settings', body }));

/** Saves a JSON answer as a file (the server names it in Content-Disposition). */
async function download(path: string, fallbackName: string): Promise<void> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export of a search, as personal-data-{date}.json (the server audits it). */
export const downloadSubjectExport = (q: string) => download(`/api/privacy/subjects/export?q=${encodeURIComponent(q)}`, 'personal-data.json');

