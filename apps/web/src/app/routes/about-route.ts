import { AboutPage } from '../../features/about/components/about-page';

/** Lazy route module for /about (static content: nothing to prefetch). */
export const Component = AboutPage;
