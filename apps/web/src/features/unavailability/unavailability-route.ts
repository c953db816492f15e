import { UnavailabilityPage } from './components/unavailability-page';

/** Lazy route module: React Router renders Component. A screen with queries also exports prefetch(queryClient), which the drawer calls on hover. */
export const Component = UnavailabilityPage;
