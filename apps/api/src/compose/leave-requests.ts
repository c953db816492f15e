import { WhatIfRequests } from '../kinds/what-if/what-if-requests.service';
import { LeaveRequestsRepository } from '../leave-requests/leave-requests.repository';
import { LeaveRequestsService } from '../leave-requests/leave-requests.service';
import { RequestDecisions, type SwapInbox } from '../leave-requests/request-decisions.service';
import { RequestImpactReader, type SwapImpacts } from '../leave-requests/request-impact';
import { AnalysisRepository } from '../repositories/analysis.repository';
import type { PeopleServices } from './people';
import type { AppServices } from './services';
import type { WorkServices } from './work';

/** What the leave-request routes use. */
export interface LeaveRequestServices {
  leave: LeaveRequestsService;
  decisions: RequestDecisions;
  impact: RequestImpactReader;
}

/**
 * Wires leave requests over the request side, the people services (own
 * schedule, notices) and the task machinery: an approval queues a what-if.
 * Swaps share the inbox, its impact and its decision routes.
 */
export function createLeaveRequestServices(
  services: AppServices,
  people: PeopleServices,
  work: WorkServices,
  swaps: SwapInbox,
  swapImpacts: SwapImpacts,
): LeaveRequestServices {
  const { db, repositories: r } = services;
  const requests = new LeaveRequestsRepository(db);
  const k = work.kindRoutes;
  return {
    leave: new LeaveRequestsService(db, requests, people.schedule, services.planWindow),
    decisions: new RequestDecisions(
      db,
      requests,
      services.availability,
      people.notifications,
      new WhatIfRequests(k.tasks, k.settings, k.physicists, k.kits, k.proposals),
      swaps,
    ),
    impact: new RequestImpactReader(
      db,
      requests,
      people.schedule,
      services.planWindow,
      new AnalysisRepository(),
      r.physicists,
      r.availability,
      swapImpacts,
    ),
  };
}
