import { OffersRepository } from '../offers/offers.repository';
import { OffersService } from '../offers/offers.service';
import { SwapDecisions } from '../offers/swap-decisions.service';
import { SwapImpactReader } from '../offers/swap-impact';
import { RunRecorder } from '../plan-history/run-recorder';
import { InstanceRepository } from '../repositories/instance.repository';
import { AssignmentChecks } from '../services/assignment-checks';
import { InstanceBuilder } from '../services/instance-builder';
import type { PeopleServices } from './people';
import type { AppServices } from './services';

/** What the offer routes and the requests inbox use. */
export interface OfferServices {
  offers: OffersService;
  swaps: SwapDecisions;
  /** A swap's impact, read by the requests inbox's impact route. */
  impact: SwapImpactReader;
}

/**
 * Wires swaps and covers over the request side (jobs, checks, the
 * explanation's ranking, plan history's run recorder, settings) and the
 * people services (own schedule, notices).
 */
export function createOfferServices(services: AppServices, people: PeopleServices): OfferServices {
  const { db, repositories: r } = services;
  const offers = new OffersRepository(db);
  const swaps = new SwapDecisions(
    db,
    offers,
    r.jobs,
    r.physicists,
    r.users,
    new AssignmentChecks(r.jobs, r.availability),
    services.assignments,
    new InstanceBuilder(new InstanceRepository(), services.planWindow),
    services.settings,
    new RunRecorder(r.runs, r.runChanges),
    people.notifications,
    services.changeNotices,
    services.planWindow,
  );
  return {
    swaps,
    impact: new SwapImpactReader(offers, swaps, services.explain),
    offers: new OffersService(
      db,
      offers,
      r.jobs,
      r.users,
      people.schedule,
      services.planWindow,
      services.explain,
      people.notifications,
      services.settings,
      swaps,
    ),
  };
}
