/** The settings domain's staff screen, for the admin layout to mount (/admin/settings). */
export { SettingsPage } from './SettingsPage';
