import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LeaveRequestSchema,
  MyLeaveRequestsSchema,
  type NewLeaveRequest,
} from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/leave-requests: the user's own requests, newest first. */
export const getMyLeaveRequests = (signal?: AbortSignal) =>
  apiRequest('/me/leave-requests', MyLeaveRequestsSchema, { signal });

export const myLeaveRequestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myLeaveRequests,
    queryFn: ({ signal }) => getMyLeaveRequests(signal),
  });

/** The user's own leave requests (a decision's notice reloads them: see queryKeys). */
export const useMyLeaveRequests = (enabled = true) =>
  useQuery({ ...myLeaveRequestsQueryOptions(), enabled });

/** POST /api/v1/me/leave-requests. */
export const askForLeave = (body: NewLeaveRequest) =>
  apiRequest('/me/leave-requests', LeaveRequestSchema, { method: 'POST', json: body });

/** POST /api/v1/me/leave-requests/{id}/withdraw. */
export const withdrawLeave = (id: number) =>
  apiRequest(`/me/leave-requests/${id}/withdraw`, LeaveRequestSchema, { method: 'POST' });

/** Asks for leave; the list reloads. */
export const useAskForLeave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askForLeave,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myLeaveRequests }),
  });
};

/** Withdraws a pending request; the list reloads. */
export const useWithdrawLeave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawLeave,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myLeaveRequests }),
  });
};
