import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICES_API, type CreateFeedbackRequest, type Feedback, type FeedbackForm } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/feedbacks/new: the form's kinds and limits, and how many the account may still send today. */
export const feedbackFormQuery = () =>
  queryOptions({
    queryKey: queryKeys.feedback.form,
    queryFn: ({ signal }) => api.get<FeedbackForm>(NOTICES_API.feedbacksNew, { signal }),
    retry: false,
  });
export const useFeedbackForm = () => useQuery(feedbackFormQuery());

/** POST /api/feedbacks; afterwards the form's "remaining today" is read again. */
export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feedback: CreateFeedbackRequest['feedback']) => api.post<Feedback>(NOTICES_API.feedbacks, { feedback }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.feedback.form }),
  });
}
