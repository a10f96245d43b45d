/* The listener request pages, one lazy chunk through app/routes.tsx. */
export { RequestHub } from './RequestHub';
export { SongRequestPage } from './SongRequestPage';
export { ShoutoutRequestPage } from './ShoutoutRequestPage';
export { GeneralRequestPage } from './GeneralRequestPage';
