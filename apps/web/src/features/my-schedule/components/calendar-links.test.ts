import { describe, expect, it } from 'vitest';
import { calendarLinks } from './calendar-links';

describe('calendarLinks', () => {
  const url = 'https://meridian.example.org/api/v1/calendar/AbC-_123.ics';

  it('turns the https URL into webcal:// for calendar apps', () => {
    expect(calendarLinks(url).webcal).toBe(
      'webcal://meridian.example.org/api/v1/calendar/AbC-_123.ics',
    );
    expect(calendarLinks('http://127.0.0.1:8000/api/v1/calendar/x.ics').webcal).toBe(
      'webcal://127.0.0.1:8000/api/v1/calendar/x.ics',
    );
  });

  it('gives Google the webcal URL as cid and Outlook the https URL, each encoded', () => {
    const links = calendarLinks(url);
    const google = new URL(links.google);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/r');
    expect(google.searchParams.get('cid')).toBe(links.webcal);
    const outlook = new URL(links.outlook);
    expect(outlook.origin + outlook.pathname).toBe(
      'https://outlook.live.com/calendar/0/addfromweb',
    );
    expect(outlook.searchParams.get('url')).toBe(url);
    expect(outlook.searchParams.get('name')).toBe('Meridian jobs');
  });
});
