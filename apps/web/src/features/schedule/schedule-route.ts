import { SchedulePage } from './components/schedule-page';

/** Lazy route module: React Router renders Component. A screen with queries also exports prefetch(queryClient), which the drawer calls on hover. */
export const Component = SchedulePage;
