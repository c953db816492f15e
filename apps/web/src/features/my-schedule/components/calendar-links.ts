/** The name calendar apps show for the subscribed feed. */
export const FEED_NAME = 'Meridian jobs';

/** The ways to subscribe to one feed URL (https), in the forms each calendar app takes. */
export interface CalendarLinks {
  /** webcal:// opens the device's calendar app (Apple Calendar, Outlook on the desktop). */
  webcal: string;
  /** Google Calendar's "add by URL" page, with the webcal URL as cid. */
  google: string;
  /** Outlook.com's "add from web" page, with the https URL and a name. */
  outlook: string;
}

/** Builds the subscribe links of a feed from its https (or http) URL. */
export function calendarLinks(url: string): CalendarLinks {
  const webcal = url.replace(/^https?:\/\//, 'webcal://');
  return {
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent(FEED_NAME)}`,
  };
}
