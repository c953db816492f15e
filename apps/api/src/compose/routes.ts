import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../config/config';
import type { Database } from '../db/database';
import type { UserStreams } from '../http/user-streams';
import { publicBaseUrl } from '../config/public-url';
import { adminUsersRoutes } from '../routes/admin-users.routes';
import { analyticsRoutes } from '../routes/analytics.routes';
import { authRoutes } from '../routes/auth.routes';
import { availabilityRoutes } from '../routes/availability.routes';
import { backgroundsRoutes } from '../routes/backgrounds.routes';
import { backupRoutes } from '../routes/backup.routes';
import { calendarRoutes } from '../routes/calendar.routes';
import { exportsRoutes } from '../routes/exports.routes';
import { healthRoutes } from '../routes/health.routes';
import { taskKindModules } from '../kinds/registry';
import { jobsRoutes } from '../routes/jobs.routes';
import { kitsRoutes } from '../routes/kits.routes';
import { meRoutes } from '../routes/me.routes';
import { myScheduleRoutes } from '../routes/my-schedule.routes';
import { notificationsRoutes } from '../routes/notifications.routes';
import { preferencesRoutes } from '../routes/preferences.routes';
import { planHistoryRoutes } from '../plan-history/plan-history.routes';
import { proposalsRoutes } from '../plan-history/proposals.routes';
import { rosterRoutes } from '../routes/roster.routes';
import { settingsRoutes } from '../routes/settings.routes';
import { musicRoutes } from '../routes/music.routes';
import { tasksRoutes } from '../routes/tasks.routes';
import { uploadRoutes } from '../routes/upload.routes';
import { BackupService } from '../services/backup.service';
import { createPeopleServices } from './people';
import { createLeaveRequestServices } from './leave-requests';
import { leaveRequestsRoutes } from '../leave-requests/leave-requests.routes';
import { createOfferServices } from './offers';
import { offersRoutes } from '../offers/offers.routes';
import { planWindowRoutes } from '../plan-window/plan-window.routes';
import type { AppServices } from './services';
import type { WorkServices } from './work';
import type { MailServices } from './mail';
import { mailRoutes } from '../mail/mail.routes';
import { myAppearanceRoutes } from '../routes/my-appearance.routes';
import { UserAppearanceRepository } from '../repositories/user-appearance.repository';
import { UserAppearanceService } from '../services/user-appearance.service';

/** What the route table is built from. */
export interface RouteWiring {
  config: RuntimeConfig;
  database: Database;
  services: AppServices;
  /** Notice settings and the mail status. */
  mail: MailServices;
  work: WorkServices;
  /** The per-user cap and revocation check every event stream shares. */
  userStreams: UserStreams;
  /** Requests per minute per address on /token and /auth/register. */
  authRatePerMinute: number;
}

/** Registers every route plugin, handing each only the services it uses. */
export async function registerRoutes(app: FastifyInstance, wiring: RouteWiring): Promise<void> {
  const { config, database, services: s, work } = wiring;
  const taskRate = work.settings.taskRatePerMinute;
  await app.register(healthRoutes, { db: database.db, kind: database.kind });
  await app.register(authRoutes, { auth: s.auth, maxPerMinute: wiring.authRatePerMinute });
  await app.register(meRoutes, { kitEditors: config.kitEditorUsernames, auth: s.auth });
  await app.register(adminUsersRoutes, { users: s.users, lists: s.lists });
  await app.register(backupRoutes, {
    backup: new BackupService(database.kind, database.dumpEmbedded),
  });
  const people = createPeopleServices(s, work.tasks.bus);
  // Links handed out (the calendar feed's URL) start at PUBLIC_URL, else the listen address.
  const publicBase = () => {
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound !== null ? bound.port : config.port;
    return publicBaseUrl(config, port);
  };
  await app.register(myScheduleRoutes, {
    schedule: people.schedule,
    calendar: people.calendar,
    publicBase,
  });
  await app.register(calendarRoutes, { calendar: people.calendar });
  await app.register(preferencesRoutes, { preferences: people.preferences });
  await app.register(planWindowRoutes, { planWindow: people.planWindow });
  const offers = createOfferServices(s, people);
  await app.register(offersRoutes, { offers: offers.offers });
  await app.register(
    leaveRequestsRoutes,
    createLeaveRequestServices(s, people, work, offers.swaps, offers.impact),
  );
  await app.register(notificationsRoutes, {
    notifications: people.notifications,
    bus: people.bus,
    streams: wiring.userStreams,
  });
  await app.register(mailRoutes, { noticeSettings: wiring.mail.noticeSettings });
  await app.register(settingsRoutes, { settings: s.settings });
  await app.register(myAppearanceRoutes, {
    appearance: new UserAppearanceService(new UserAppearanceRepository(database.db), s.settings),
  });
  await app.register(backgroundsRoutes, { backgrounds: s.backgrounds });
  await app.register(musicRoutes, { music: s.music });
  await app.register(jobsRoutes, {
    jobs: s.jobs,
    assignments: s.assignments,
    analyze: s.analyze,
    explain: s.explain,
    lists: s.lists,
  });
  await app.register(rosterRoutes, { physicists: s.physicists, lists: s.lists });
  await app.register(kitsRoutes, {
    kits: s.kits,
    assignments: s.assignments,
    lists: s.lists,
    kitEditors: config.kitEditorUsernames,
  });
  await app.register(availabilityRoutes, { availability: s.availability, lists: s.lists });
  await app.register(exportsRoutes, { exports: s.exports });
  await app.register(uploadRoutes, {
    scheduleImport: s.scheduleImport,
    rosterImport: s.rosterImport,
    maxPerMinute: config.importRatePerMinute,
  });
  await app.register(tasksRoutes, { tasks: work.tasks });
  // Each long-running kind's start, stream and cancel routes (src/kinds/, one module each).
  for (const kind of taskKindModules()) {
    await app.register(kind.routes({ ...work.kindRoutes, maxPerMinute: taskRate }));
  }
  await app.register(proposalsRoutes, { proposals: work.proposals });
  await app.register(analyticsRoutes, { analytics: s.analytics, explain: s.explain });
  await app.register(planHistoryRoutes, {
    history: s.planHistory,
    replay: s.runReplay,
    maxPerMinute: taskRate,
  });
}
