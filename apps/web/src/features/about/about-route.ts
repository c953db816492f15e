import { AboutPage } from './components/about-page';

/** Lazy route module for /about (static content: nothing to prefetch). */
export const Component = AboutPage;
