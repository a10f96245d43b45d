import { ListenerPage } from './Placeholder';

/* The listener pages. Each is its own lazy chunk through routes.tsx. */
export const Home = () => <ListenerPage title="Airdeck Radio" intro="Community radio from the UK to the world, live every day." />;
export const Shows = () => <ListenerPage title="Shows" intro="This week's shows, Monday to Sunday." />;
export const Djs = () => <ListenerPage title="DJs" intro="Meet the presenters." />;
export const MobileApp = () => <ListenerPage title="Mobile App" intro="Listen on the go with our Android app." />;
export const Terms = () => <ListenerPage title="Terms of Service" intro="Effective 20th August 2024." />;
export const Privacy = () => <ListenerPage title="Privacy Policy" intro="Effective 20th August 2024." />;
