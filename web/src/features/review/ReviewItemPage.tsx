import { useLocation, useNavigate, useParams } from 'react-router';
import { displayUpc, parseReviewQueueSearch, reviewQueueSearch } from '@portal/domain';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useSubmission } from '../submissions/submission-api.ts';
import { ReviewWorkspace } from './ReviewWorkspace.tsx';

/**
 * /review/:id (staff with review rights): one item to decide on a page of its own (ReviewWorkspace), the queue's
 * filters in the address so that J, K and the next item after a decision walk the same queue.
 */
export function ReviewItemPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  // The workspace reads the same detail: this is the cache's answer, no second request.
  const upc = useSubmission(id).data?.upc;
  usePageTitle(upc ? `Review ${displayUpc(upc)}` : 'Review');
  const queueSearch = reviewQueueSearch(parseReviewQueueSearch(search));
  return (
    <ReviewWorkspace
      id={id}
      search={search}
      layout="page"
      onOpen={(target) => void navigate(partnerPath(`/review/${target}${queueSearch ? `?${queueSearch}` : ''}`))}
    />
  );
}
