import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MyOffersSchema,
  OfferAcceptedSchema,
  OfferSchema,
  type NewOffer,
} from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/offers: the user's own offers and those made to them, newest first. */
export const getMyOffers = (signal?: AbortSignal) =>
  apiRequest('/me/offers', MyOffersSchema, { signal });

export const myOffersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myOffers, queryFn: ({ signal }) => getMyOffers(signal) });

/** The user's offers (a notice reloads them: see queryKeys). */
export const useMyOffers = (enabled = true) => useQuery({ ...myOffersQueryOptions(), enabled });

/** POST /api/v1/me/offers. */
export const makeOffer = (body: NewOffer) =>
  apiRequest('/me/offers', OfferSchema, { method: 'POST', json: body });

/** POST /api/v1/me/offers/{id}/withdraw. */
export const withdrawOffer = (id: number) =>
  apiRequest(`/me/offers/${id}/withdraw`, OfferSchema, { method: 'POST' });

/** POST /api/v1/offers/{id}/accept. */
export const acceptOffer = (id: number) =>
  apiRequest(`/offers/${id}/accept`, OfferAcceptedSchema, { method: 'POST' });

/** Offers one of the user's slots; the list reloads. */
export const useMakeOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOffers }),
  });
};

/** Withdraws an undecided offer; the list reloads. */
export const useWithdrawOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOffers }),
  });
};

/** Accepts an offer made to the user; the list and (an automatic approval) the schedule reload. */
export const useAcceptOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.myOffers });
      await queryClient.invalidateQueries({ queryKey: queryKeys.mySchedule });
    },
  });
};
