/** Settings → Get listed's calls (issue 36 item 3), typed with shared/listed. */
import type { ListingInput, ListingView, StreamCheckResult } from '../../../../shared/listed';
import { endpoint } from '../../app/api';

export const fetchListing = endpoint<ListingView>('GET', () => '/api/settings/listing');
export const saveListing = endpoint<ListingView, [input: ListingInput]>('PUT', (input) => ({ path: '/api/settings/listing', body: input }));
export const runStreamChecks = endpoint<StreamCheckResult>('POST', () => ({ path: '/api/settings/listing/check', body: {} }));
export const registerRadioBrowser = endpoint<ListingView>('POST', () => ({ path: '/api/settings/listing/radio-browser', body: {} }));
