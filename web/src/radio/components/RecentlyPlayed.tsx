import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { useHistory } from '../hooks';
import { PlayList } from './PlayList';
import { useDeferredQuery } from '../../app/deferred-query';
import { useT } from '../../i18n/state';

/** The home page's recently played list (4 tracks) with voting. */
export function RecentlyPlayed() {
  const { data, isLoading } = useDeferredQuery(useHistory(RADIO_LIMITS.recentTracks));
  const t = useT();
  return <PlayList heading={t('nowPlaying.recentlyPlayed')} plays={data} loading={isLoading} empty={t('nowPlaying.noRecent')} voting testId="recently-played" />;
}
