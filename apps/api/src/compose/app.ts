import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createServices, type AppServices } from './services';
import { installAuthentication } from '../http/authenticate';
import type { ThrottleLimits } from '../security/login-throttle';
import type { RuntimeConfig, TrustProxy } from '../config/config';
import type { Database } from '../db/database';
import { installErrorHandling } from '../http/error-handler';
import { installLoadShedding } from '../http/load-shedding';
import { installRefusalPause } from '../http/refusal-pause';
import { sharedRateLimitStore } from '../http/rate-limit-store';
import { counterKeys } from '../security/counter-keys';
import { installStaticWeb } from '../http/static-web';
import { installTextGuard } from '../http/text-guard';
import { contractTransform } from '../http/openapi-contract';
import { UserStreams, type StreamTicker } from '../http/user-streams';
import {
  RouteMethods,
  clientErrorHandler,
  frameworkErrors,
  installJsonOnlyBodies,
} from '../http/strict-http';
import type { TaskSettings } from '../config/task-settings';
import { registerRoutes } from './routes';
import { installWork } from './work-plugin';
import { createMailServices, type MailServices } from './mail';
import { publicBaseUrl } from '../config/public-url';

/** What buildApp needs; everything else is derived. */
export interface BuildAppOptions {
  config: RuntimeConfig;
  database: Database;
  /** false silences logs (tests); default: pino at config.logLevel with redaction. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to check the redaction). */
  logStream?: { write(line: string): void };
  /** Login failure limits (tests use small windows). */
  throttle?: ThrottleLimits;
  /** Requests per minute per address on /token and /auth/register over config's. */
  authRatePerMinute?: number;
  /** Folder of the built web app (default apps/web/dist). */
  webDistDir?: string;
  /** Task settings over those of the environment (tests: short time limits). */
  tasks?: Partial<TaskSettings>;
  /** The clock "today" is read from (tests fix it); default: the system clock. */
  now?: () => Date;
  /** What drives the re-check of open streams' tokens (tests drive it by hand); default: a 2 s interval. */
  streamTicker?: StreamTicker;
  /** false: no mail drains run by themselves (tests call app.mail.outbox.drain with a time). */
  drainMail?: boolean;
}

/** The app instance with its services attached, for routes that later engineers register. */
export type App = FastifyInstance & { services: AppServices };

declare module 'fastify' {
  interface FastifyInstance {
    /** Repositories and services built for this app (see compose/services.ts). */
    services: AppServices;
    /** Notices' e-mail: outbox, pump and notice settings (compose/mail.ts). */
    mail: MailServices;
  }
}

const loggerOptions = (
  level: string,
  stream: BuildAppOptions['logStream'],
): FastifyServerOptions['logger'] => ({
  level,
  ...(stream === undefined ? {} : { stream }),
  // Never log credentials: bearer tokens and any password field, wherever it sits.
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      '*.password',
      '*.new_password',
      '*.access_token',
    ],
    censor: '[redacted]',
  },
});

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts the nearest N addresses
 * of the chain, the socket's peer first (as Express does): Fastify 5 treats a
 * number as trusting nobody, since it cannot tell a proxy from a client that
 * connects directly, so operations.md says to use a count only when the
 * server is reachable through the proxies alone.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * zod's validator compiler, except that a request without a body is validated
 * as undefined: Fastify hands validators null for a missing body, which an
 * optional body schema (a restore's `{force}`) would refuse.
 */
const bodyOptionalValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => validate(data === null ? undefined : data);
};

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * The zod compilers as Fastify's compiler factories. Fastify types these
 * factories after ajv's, whose schemas are JSON objects; ours take zod
 * schemas, which is what setValidatorCompiler and setSerializerCompiler
 * install anyway, hence the cast.
 */
const zodCompilersFactory = {
  buildValidator: () => bodyOptionalValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Strict-Transport-Security over HTTPS (helmet's default value): a year, subdomains too. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** media-src: our own files, plus the radio station's origin when one is set. */
export const mediaSources = (stationOrigin: string | null): string =>
  stationOrigin === null ? "'self'" : `'self' ${stationOrigin}`;

/** Builds the Fastify app on an open database: plugins, auth, routes, errors, static web. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    // Fastify's default; stated because docs/security.md relies on it: __proto__ payloads are 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    bodyLimit: 1024 * 1024,
    // request.ip is the client's address only through the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Every schema is zod's: given its compilers here, Fastify never loads ajv and
    // fast-json-stringify, which it otherwise requires at construction (a third of a
    // second of start-up CPU and their code in memory, for compilers nothing calls).
    schemaController: { compilersFactory: zodCompilersFactory },
    // Failures answered before any hook (414, a bad URL, malformed HTTP) carry {detail} too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const routeMethods = new RouteMethods();
  routeMethods.install(app);
  app.setValidatorCompiler(bodyOptionalValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(
    config,
    database.db,
    options.throttle,
    database.writeClock,
    options.now,
  );
  app.decorate('services', services);
  // First start of a database: copy the bundled zip table in (one bulk insert, timed in the log).
  const zips = await services.repositories.zipData.ensureLoaded();
  if (zips.inserted > 0) {
    app.log.info({ rows: zips.inserted, ms: Math.round(zips.milliseconds) }, 'zip table loaded');
  }

  // Media an earlier version kept as files in DATA_DIR/media move into the database, once.
  for (const [folder, library] of [
    ['backgrounds', services.backgrounds],
    ['music', services.music],
  ] as const) {
    const moved = await library.importFolder(path.join(config.dataDir, 'media', folder));
    if (moved.imported.length > 0 || moved.refused.length > 0) {
      app.log.info({ folder, ...moved }, 'media files imported into the database');
    }
  }

  installErrorHandling(app);
  // First of the onRequest hooks: an overloaded class is refused before any other work.
  installLoadShedding(app, config.loadShedding);
  // A connection refused 429 or 503 is read again only after a pause: floods cannot re-ask at once.
  installRefusalPause(app);
  // The CSP's media-src names the radio station's origin from the current settings. A page
  // load reads them first (one small read), so a station saved elsewhere is not missed;
  // this hook is added before helmet's so it runs first.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      await services.settings.getAppearance();
    }
  });
  // Security headers from helmet's middleware, built once: @fastify/helmet builds a new one
  // on every request, about an eighth of the CPU of a cached list answer.
  const securityHeaders = helmet({
    // Sent below only over HTTPS: on plain HTTP it means nothing and misleads a reviewer.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'media-src': [() => mediaSources(services.settings.stationOrigin())],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Installations on a LAN often run plain HTTP; upgrading would break every asset there.
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // HTTPS directly, or X-Forwarded-Proto from a peer TRUST_PROXY trusts (Fastify's protocol).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // Answers over 1 KB go br or gzip when asked; cached lists arrive precompressed and pass through.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: brotli's default (11) costs far more CPU per answer than it saves in bytes.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // JSON routes take JSON only (415 otherwise); the sign-in form has its own scope (auth.routes.ts).
  installJsonOnlyBodies(app);
  // Every string of a body, query or path is valid Unicode without NUL or other C0 controls.
  installTextGuard(app);
  // Request limits counted in rate_counters: every API node on the database shares them.
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore({
      counters: services.repositories.rateCounters,
      keys: counterKeys(config.jwtSecret),
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meridian Scheduler API', version: '1' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // The full contract: implied errors, Retry-After, uploads, streams, public routes.
    transform: contractTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.addHook('onSend', async (request, reply) => {
    // API answers carry personal data and tokens: never store them in any cache.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  installAuthentication(app, (header) => services.auth.userFromBearer(header));
  // Every kind of event stream: one cap per user, and each ends once its token is revoked.
  const userStreams = new UserStreams(config.loadShedding.streamsPerUser, options.streamTicker);
  app.addHook('preClose', (done) => {
    userStreams.close();
    done();
  });

  const work = await installWork(app, {
    db: database.db,
    kind: database.kind,
    databaseUrl: config.databaseUrl,
    settings: services.settings,
    userStreams,
    planWindow: services.planWindow,
    ...(options.tasks === undefined ? {} : { overrides: options.tasks }),
  });
  const mail = createMailServices({
    db: database.db,
    config,
    // Links in mail start at PUBLIC_URL, else the address this server is bound to.
    baseUrl: () => {
      const bound = app.server.address();
      return publicBaseUrl(
        config,
        typeof bound === 'object' && bound !== null ? bound.port : config.port,
      );
    },
    log: app.log,
  });
  app.decorate('mail', mail);
  app.addHook('preClose', () => mail.close());
  // Mail goes out where tasks run: this process, or the workers (RUN_WORKERS=false here).
  if (work.settings.runWorkers && options.drainMail !== false) mail.start(work.tasks.bus);
  await registerRoutes(app, {
    config,
    database,
    services,
    mail,
    work,
    userStreams,
    authRatePerMinute: options.authRatePerMinute ?? config.authRatePerMinute,
  });
  await installStaticWeb(app, options.webDistDir, routeMethods);
  return app;
}
