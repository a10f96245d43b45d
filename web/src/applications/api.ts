import type { ApplicationInput, ApplicationSubmitted } from '../../../shared/applications';
import { endpoint, PUBLIC } from '../app/api';

/** Sends a presenter application (the public form). */
export const submitApplication = endpoint<ApplicationSubmitted, [input: ApplicationInput]>('POST', (body) => ({ path: '/api/applications', body }), PUBLIC);
