import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { useHistory } from '../hooks';
import { PlayList } from './PlayList';
import { useDeferredQuery } from '../../app/deferred-query';
import { useT } from '../../i18n/state';

/** The full track history (15 plays). */
export function TrackHistory() {
  const { data, isLoading } = useDeferredQuery(useHistory(RADIO_LIMITS.fullHistory));
  const t = useT();
  return <PlayList heading={t('nowPlaying.trackHistory')} plays={data} loading={isLoading} empty={t('nowPlaying.noHistory')} voting={false} dense testId="track-history" />;
}
