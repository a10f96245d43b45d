/** The content domain's staff screens, for the admin layout to mount (/admin/pages). */
export { PagesAdmin } from './PagesAdmin';
