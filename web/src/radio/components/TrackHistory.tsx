import { RADIO_LIMITS } from '../../../../shared/radio-constants';
import { useHistory } from '../hooks';
import { PlayList } from './PlayList';
import { useDeferredQuery } from '../../app/deferred-query';

/** The full track history (15 plays). */
export function TrackHistory() {
  const { data, isLoading } = useDeferredQuery(useHistory(RADIO_LIMITS.fullHistory));
  return <PlayList heading="Track History" plays={data} loading={isLoading} empty="No track history available" voting={false} dense testId="track-history" />;
}
