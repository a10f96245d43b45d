/* Listener pages of the integrations: the Discord callback and the donate page (one lazy chunk). */
export { DiscordCallbackPage } from './DiscordCallbackPage';
export { DonatePage } from './DonatePage';
