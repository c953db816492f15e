import { CalendarService } from '../services/calendar.service';
import { busNotificationSignal } from '../services/notifications-stream';
import { NotificationsService } from '../services/notifications.service';
import { PreferencesService } from '../services/preferences.service';
import { ScheduleService } from '../services/schedule.service';
import type { TaskEventBus } from '../tasks/task-event-bus';
import { PlanWindowService } from '../plan-window/plan-window.service';
import { PublishedNotices } from '../plan-window/published-notices';
import type { AppServices } from './services';

/** The services of the people features: own schedule, calendar feed, notifications. */
export interface PeopleServices {
  schedule: ScheduleService;
  calendar: CalendarService;
  notifications: NotificationsService;
  /** Tells people of their published jobs (after a publish, or a change to a published job). */
  publishedNotices: PublishedNotices;
  /** The planning window: read it, publish the plan through a date. */
  planWindow: PlanWindowService;
  /** Wakes notification streams; the task machinery's bus (LISTEN/NOTIFY on PostgreSQL). */
  bus: TaskEventBus;
  /** The days physicists would rather not work. */
  preferences: PreferencesService;
}

/**
 * Wires them over the request side's repositories and the task machinery's
 * event bus, which is built after the request side (so not in createServices).
 */
export function createPeopleServices(services: AppServices, bus: TaskEventBus): PeopleServices {
  const { db, repositories: r } = services;
  const schedule = new ScheduleService(r.users, r.schedule, services.planWindow);
  const signal = busNotificationSignal(bus);
  services.notificationSignal.bind(signal);
  const publishedNotices = new PublishedNotices(
    db,
    r.users,
    schedule,
    r.publishedNotices,
    r.notifications,
    signal,
  );
  return {
    schedule,
    calendar: new CalendarService(
      r.users,
      r.calendarFeeds,
      schedule,
      services.signer.subkey('calendar feed'),
    ),
    notifications: new NotificationsService(
      db,
      r.users,
      r.notifications,
      r.scheduleNotices,
      schedule,
      signal,
    ),
    publishedNotices,
    planWindow: new PlanWindowService(
      db,
      services.planWindow,
      r.planPublications,
      publishedNotices,
    ),
    bus,
    preferences: new PreferencesService(db, r.users, r.physicists, r.preferences),
  };
}
