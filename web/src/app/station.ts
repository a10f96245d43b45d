/** The station's identity (General Settings), for every screen: the settings domain's hook. */
export { useStation } from '../settings/api';
