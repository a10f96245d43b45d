/* The presenter application page (one lazy chunk for /presenter-application and /become-a-dj). */
export { PresenterApplicationPage } from './PresenterApplicationPage';
