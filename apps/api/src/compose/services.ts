import type { Kysely } from 'kysely';
import type { RuntimeConfig } from '../config/config';
import type { DB } from '../db/schema';
import type { WriteClock } from '../db/database';
import { AnalysisRepository } from '../repositories/analysis.repository';
import { AnalyticsRepository } from '../repositories/analytics.repository';
import { AvailabilityRepository } from '../repositories/availability.repository';
import { CalendarFeedsRepository } from '../repositories/calendar-feeds.repository';
import { DataVersionsRepository } from '../repositories/data-versions.repository';
import { RevokedTokensRepository } from '../repositories/revoked-tokens.repository';
import { InstanceRepository } from '../repositories/instance.repository';
import { JobsRepository } from '../repositories/jobs.repository';
import { KitsRepository } from '../repositories/kits.repository';
import { MediaRepository } from '../repositories/media.repository';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { PhysicistsRepository } from '../repositories/physicists.repository';
import { PreferencesRepository } from '../repositories/preferences.repository';
import { RateCountersRepository } from '../repositories/rate-counters.repository';
import { RunChangesRepository } from '../plan-history/run-changes.repository';
import { RunsRepository } from '../plan-history/runs.repository';
import { ScheduleNoticesRepository } from '../repositories/schedule-notices.repository';
import { ScheduleRepository } from '../repositories/schedule.repository';
import { SettingsRepository } from '../repositories/settings.repository';
import { UsersRepository } from '../repositories/users.repository';
import { ZipDataRepository } from '../repositories/zip-data.repository';
import { counterKeys } from '../security/counter-keys';
import { LoginThrottle, type ThrottleLimits } from '../security/login-throttle';
import { TokenSigner } from '../security/jwt';
import { AnalyticsService } from '../services/analytics.service';
import { AnalyzeService } from '../services/analyze.service';
import { AssignmentChecks } from '../services/assignment-checks';
import { AssignmentsService } from '../services/assignments.service';
import { AuthService } from '../services/auth.service';
import { EmailChangeNotice } from '../mail/email-change-notice';
import { MailDeliveriesRepository } from '../mail/mail-deliveries.repository';
import { AvailabilityService } from '../services/availability.service';
import { BACKGROUND_MEDIA, BackgroundsService } from '../services/backgrounds.service';
import { MediaLibrary } from '../services/media-library';
import { ExplainService } from '../services/explain.service';
import { ExportsService } from '../services/exports.service';
import { InstanceBuilder } from '../services/instance-builder';
import { JobsService } from '../services/jobs.service';
import { KitsService } from '../services/kits.service';
import { MUSIC_MEDIA, MusicService } from '../services/music.service';
import { listSources, type ListName } from '../services/list-sources';
import { ListSnapshots } from '../services/list-snapshots';
import { SessionUsers } from '../services/session-users';
import { PhysicistsService } from '../services/physicists.service';
import { PlanHistory } from '../plan-history/plan-history.service';
import { PastCorrections } from '../plan-history/past-corrections';
import { RunRecorder } from '../plan-history/run-recorder';
import { RosterImportService } from '../services/roster-import.service';
import { RunReplay } from '../plan-history/run-replay.service';
import { RepairReplay } from '../plan-history/repair-replay';
import { ScheduleBaseline } from '../services/schedule-baseline';
import { ScheduleImportService } from '../services/schedule-import.service';
import { ScheduleService } from '../services/schedule.service';
import { SettingsService } from '../services/settings.service';
import { UsersService } from '../services/users.service';
import { PlanCalendar } from '../plan-window/plan-calendar';
import { planWindowReader } from '../plan-window/plan-window-reader';
import {
  LateNotificationSignal,
  planChangeNotices,
  type PlanChangeNotices,
} from '../plan-window/plan-change-notices';
import { PlanPublicationsRepository } from '../plan-window/plan-publications.repository';
import { PublishedNoticesRepository } from '../plan-window/published-notices.repository';
import type { PlanWindowReader } from '../services/schedule.service';

/** One repository per table (and the read models), built over one database handle. */
export interface Repositories {
  users: UsersRepository;
  settings: SettingsRepository;
  jobs: JobsRepository;
  physicists: PhysicistsRepository;
  kits: KitsRepository;
  availability: AvailabilityRepository;
  zipData: ZipDataRepository;
  calendarFeeds: CalendarFeedsRepository;
  revokedTokens: RevokedTokensRepository;
  notifications: NotificationsRepository;
  scheduleNotices: ScheduleNoticesRepository;
  /** Reads each physicist's slots (own schedule, calendar feed, notices). */
  schedule: ScheduleRepository;
  runs: RunsRepository;
  runChanges: RunChangesRepository;
  planPublications: PlanPublicationsRepository;
  publishedNotices: PublishedNoticesRepository;
  /** The days each physicist would rather not work (migration 0023). */
  preferences: PreferencesRepository;
  /** Sign-in throttle and request-limit counters every node shares (migration 0025). */
  rateCounters: RateCountersRepository;
  /** Uploaded background videos and music files, in chunks (media_files, media_chunks). */
  media: MediaRepository;
}

/**
 * Every service of the request side. Only the composition root sees this
 * type: each route plugin is handed the few services it uses.
 */
export interface AppServices {
  db: Kysely<DB>;
  repositories: Repositories;
  /** Today in ORG_TIMEZONE and the published-through date (plan-window/). */
  planWindow: PlanWindowReader;
  /** Wakes notification streams; bound to the event bus by compose/people.ts. */
  notificationSignal: LateNotificationSignal;
  /** Tells people of changes to their published jobs after a plan write. */
  changeNotices: PlanChangeNotices;
  signer: TokenSigner;
  users: UsersService;
  auth: AuthService;
  settings: SettingsService;
  /** Background videos of the login landing (in the media tables). */
  backgrounds: BackgroundsService;
  /** Built-in pieces, uploaded music files (in the media tables) and the radio station. */
  music: MusicService;
  jobs: JobsService;
  assignments: AssignmentsService;
  physicists: PhysicistsService;
  kits: KitsService;
  availability: AvailabilityService;
  rosterImport: RosterImportService;
  scheduleImport: ScheduleImportService;
  exports: ExportsService;
  analyze: AnalyzeService;
  analytics: AnalyticsService;
  /** Why each slot holds whom, and the per-physicist breakdown of F. */
  explain: ExplainService;
  /** Recorded runs: list, changes, restore. */
  planHistory: PlanHistory;
  /** Reruns a recorded optimisation to check it reproduces. */
  runReplay: RunReplay;
  /** Serialised lists kept per data version (ETag, 304, precompressed bodies). */
  lists: ListSnapshots<ListName>;
}

/** Builds the repositories over one handle (no singletons; one set per app or worker). */
export function createRepositories(db: Kysely<DB>): Repositories {
  return {
    users: new UsersRepository(db),
    settings: new SettingsRepository(db),
    jobs: new JobsRepository(db),
    physicists: new PhysicistsRepository(db),
    kits: new KitsRepository(db),
    availability: new AvailabilityRepository(db),
    zipData: new ZipDataRepository(db),
    calendarFeeds: new CalendarFeedsRepository(db),
    revokedTokens: new RevokedTokensRepository(db),
    notifications: new NotificationsRepository(db),
    scheduleNotices: new ScheduleNoticesRepository(db),
    schedule: new ScheduleRepository(db),
    runs: new RunsRepository(db),
    runChanges: new RunChangesRepository(db),
    planPublications: new PlanPublicationsRepository(db),
    publishedNotices: new PublishedNoticesRepository(db),
    preferences: new PreferencesRepository(db),
    rateCounters: new RateCountersRepository(db),
    media: new MediaRepository(db),
  };
}

/** Wires the services of the request side over one database handle. */
export function createServices(
  config: RuntimeConfig,
  db: Kysely<DB>,
  throttleLimits: ThrottleLimits = config.loginThrottle,
  writeClock?: WriteClock,
  now: () => Date = () => new Date(),
): AppServices {
  const repositories = createRepositories(db);
  const calendar = new PlanCalendar(config.orgTimeZone, now, config.planToday);
  const planWindow = planWindowReader(db, calendar);
  const notificationSignal = new LateNotificationSignal();
  const changeNotices = planChangeNotices(db, planWindow, notificationSignal);
  const {
    users: usersRepository,
    jobs: jobsRepository,
    physicists: physicistsRepository,
  } = repositories;
  const { kits: kitsRepository, availability: availabilityRepository } = repositories;
  const signer = new TokenSigner(config.jwtSecret, config.tokenTtlMinutes);
  // One reader of the change counters for auth and lists, so they share its memory.
  const versions = new DataVersionsRepository(db, writeClock);
  const users = new UsersService(
    db,
    usersRepository,
    physicistsRepository,
    new ScheduleBaseline(
      repositories.scheduleNotices,
      new ScheduleService(usersRepository, repositories.schedule, planWindow),
    ),
    new EmailChangeNotice(
      repositories.notifications,
      new MailDeliveriesRepository(db),
      notificationSignal,
    ),
  );
  const auth = new AuthService(
    usersRepository,
    users,
    signer,
    // Counted in the database, so every API node on it counts the same failures.
    new LoginThrottle(repositories.rateCounters, counterKeys(config.jwtSecret), throttleLimits),
    config.registration,
    new SessionUsers(usersRepository, versions, repositories.revokedTokens),
    repositories.revokedTokens,
  );
  const backgroundMedia = new MediaLibrary(repositories.media, BACKGROUND_MEDIA);
  const musicMedia = new MediaLibrary(repositories.media, MUSIC_MEDIA);
  const settings = new SettingsService(
    repositories.settings,
    (name) => backgroundMedia.has(name),
    (name) => musicMedia.has(name),
  );
  const physicists = new PhysicistsService(
    db,
    physicistsRepository,
    availabilityRepository,
    jobsRepository,
  );
  const kits = new KitsService(db, kitsRepository, jobsRepository, () => calendar.today());
  const builder = new InstanceBuilder(new InstanceRepository(), planWindow);
  const recorder = new RunRecorder(repositories.runs, repositories.runChanges);
  const assignments = new AssignmentsService(
    db,
    jobsRepository,
    physicistsRepository,
    kitsRepository,
    new AssignmentChecks(jobsRepository, availabilityRepository),
    planWindow,
    changeNotices,
    new PastCorrections(jobsRepository, builder, settings, recorder),
  );
  const jobs = new JobsService(db, jobsRepository, assignments, planWindow, changeNotices);
  const availability = new AvailabilityService(db, availabilityRepository, physicistsRepository);
  const lists = new ListSnapshots(
    versions,
    listSources({
      jobs,
      physicists,
      kits,
      availability,
      users,
      zipData: repositories.zipData,
      today: () => calendar.today(),
    }),
  );
  return {
    db,
    repositories,
    planWindow,
    notificationSignal,
    changeNotices,
    lists,
    signer,
    users,
    auth,
    settings,
    backgrounds: new BackgroundsService(backgroundMedia, settings),
    music: new MusicService(musicMedia, settings, repositories.settings),
    jobs,
    assignments,
    physicists,
    kits,
    availability,
    rosterImport: new RosterImportService(db, physicists, kits),
    scheduleImport: new ScheduleImportService(
      db,
      jobsRepository,
      availabilityRepository,
      physicistsRepository,
      kitsRepository,
    ),
    exports: new ExportsService(jobsRepository, availabilityRepository),
    analyze: new AnalyzeService(
      db,
      new AnalysisRepository(),
      jobsRepository,
      physicistsRepository,
      availabilityRepository,
    ),
    analytics: new AnalyticsService(new AnalyticsRepository(db)),
    explain: new ExplainService(
      db,
      new InstanceBuilder(new InstanceRepository(), planWindow),
      new InstanceRepository(),
      settings,
      versions,
    ),
    planHistory: new PlanHistory(
      db,
      repositories.runs,
      repositories.runChanges,
      jobsRepository,
      builder,
      settings,
      recorder,
      repositories.availability,
      repositories.physicists,
      repositories.kits,
      changeNotices,
    ),
    runReplay: new RunReplay(
      db,
      repositories.runs,
      builder,
      settings,
      new RepairReplay(db, repositories.runs, builder, settings),
    ),
  };
}
