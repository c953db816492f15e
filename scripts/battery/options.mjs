// The battery's flags: which parts, which databases, and how many of each
// attack. Full counts (FULL below) by default; --quick for a short run.
import { parseArgs } from 'node:util';

export const PARTS = [
  'crash-import',
  'crash-put',
  'crash-first',
  'bad-files',
  'hostile-xlsx',
  'edits',
  'streams',
  'load',
  'abuse',
  'planted',
];
export const DATABASES = ['embedded', 'postgres'];
/** The load part's targets: the job list, an SSE stream, sign-in. */
export const LOAD_TARGETS = ['list', 'sse', 'token'];

/** The self-test's broken builds (scripts/battery/fault-proxy.mjs). */
export const FAULTS = ['list-401', 'drop-final', 'partial-import'];

/**
 * The full counts: what a figure at fewer is marked against. First-start
 * kills are 20, not the 10 first asked for, so that their rows rest on 20
 * samples; hostile workbooks are uploaded again and again for
 * `xlsx-seconds` each, health checked every 100 ms meanwhile.
 */
export const FULL = {
  'import-kills': 50,
  'put-kills': 20,
  'first-kills': 20,
  generated: 1000,
  mutated: 1000,
  rounds: 100,
  writers: 50,
  disconnects: 100,
  streams: 200,
  jobs: 10_000,
  connections: '20,200',
  seconds: 60,
  signins: 10_000,
  addresses: 25,
  concurrency: 50,
  'xlsx-seconds': 20,
};

const QUICK = {
  'import-kills': 3,
  'put-kills': 2,
  'first-kills': 2,
  generated: 20,
  mutated: 20,
  rounds: 5,
  disconnects: 10,
  streams: 20,
  jobs: 2000,
  seconds: 5,
  signins: 200,
  'xlsx-seconds': 5,
};

const USAGE = `npm run battery -- [options]
  --parts a,b        parts to run (default all): ${PARTS.join(', ')}
  --db a,b           databases (default both): ${DATABASES.join(', ')}
                     PostgreSQL: BATTERY_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
                     names the server; each part gets a fresh database battery_<part>_<port>
  --port N           server port (default 18140)
  --targets a,b      the load part's targets (default all): ${LOAD_TARGETS.join(', ')}
  --quick            small counts, for a try-out
  --no-write         print the table only; leave docs/reliability.* alone
  --fault NAME       for the self-test only: put a broken proxy in front of the
                     server (${FAULTS.join(', ')}); implies --no-write
  counts (default issue 12's): ${Object.entries(FULL)
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ')}`;

export function readOptions(argv) {
  const countOptions = Object.fromEntries(Object.keys(FULL).map((k) => [k, { type: 'string' }]));
  const { values } = parseArgs({
    args: argv,
    options: {
      parts: { type: 'string' },
      db: { type: 'string' },
      port: { type: 'string' },
      targets: { type: 'string' },
      quick: { type: 'boolean' },
      'no-write': { type: 'boolean' },
      fault: { type: 'string' },
      help: { type: 'boolean' },
      ...countOptions,
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const list = (text, allowed, name) => {
    const items = text === undefined ? allowed : text.split(',').map((s) => s.trim());
    const bad = items.filter((i) => !allowed.includes(i));
    if (bad.length > 0)
      throw new Error(`--${name}: unknown ${bad.join(', ')} (known: ${allowed.join(', ')})`);
    return items;
  };
  const counts = {};
  for (const key of Object.keys(FULL)) {
    const raw = values[key] ?? (values.quick ? QUICK[key] : undefined) ?? FULL[key];
    if (key === 'connections') {
      counts.connections = String(raw).split(',').map(Number);
      if (counts.connections.some((n) => !Number.isInteger(n) || n < 1))
        throw new Error('--connections: whole numbers, comma-separated');
    } else {
      counts[key] = Number(raw);
      if (!Number.isInteger(counts[key]) || counts[key] < 1)
        throw new Error(`--${key}: a whole number of at least 1, got '${raw}'`);
    }
  }
  counts.targets = list(values.targets, LOAD_TARGETS, 'targets');
  const fault = values.fault === undefined ? undefined : list(values.fault, FAULTS, 'fault')[0];
  return {
    parts: list(values.parts, PARTS, 'parts'),
    databases: list(values.db, DATABASES, 'db'),
    port: Number(values.port ?? 18140),
    // A broken build's figures never go into docs/reliability.*.
    write: !values['no-write'] && fault === undefined,
    counts,
    ...(fault === undefined ? {} : { fault }),
  };
}

/** The counts one part uses, and whether any is below FULL. */
export function partCounts(part, counts) {
  const keys = {
    'crash-import': ['import-kills'],
    'crash-put': ['put-kills'],
    'crash-first': ['first-kills'],
    'bad-files': ['generated', 'mutated'],
    'hostile-xlsx': ['xlsx-seconds'],
    edits: ['rounds', 'writers'],
    streams: ['disconnects', 'streams'],
    load: ['jobs', 'connections', 'seconds'],
    abuse: ['signins', 'addresses', 'concurrency'],
    planted: [],
  }[part];
  const used = Object.fromEntries(keys.map((k) => [k, counts[k]]));
  const fewerTargets = part === 'load' && counts.targets.length < LOAD_TARGETS.length;
  if (fewerTargets) used.targets = counts.targets;
  const reduced =
    fewerTargets ||
    keys.some((k) =>
      k === 'connections'
        ? String(counts[k]) !== FULL[k]
        : k !== 'concurrency' && k !== 'addresses' && counts[k] < FULL[k],
    );
  return { used, reduced };
}
