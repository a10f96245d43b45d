import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { useHistory } from '../hooks';
import { PlayList } from './PlayList';
import { useDeferredQuery } from '../../app/deferred-query';

/** The home page's recently played list (4 tracks) with voting. */
export function RecentlyPlayed() {
  const { data, isLoading } = useDeferredQuery(useHistory(RADIO_LIMITS.recentTracks));
  return <PlayList heading="Recently Played" plays={data} loading={isLoading} empty="No recent tracks" voting testId="recently-played" />;
}
