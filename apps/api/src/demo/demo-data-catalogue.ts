/**
 * Fixed ingredients of the demo data set. Every zip here is in the bundled
 * zip table (a test checks it). Customer names are invented from common US
 * hospital naming patterns so the demo names no real institution's business.
 */

/** A metro area: where customers sit and where physicists live. */
export interface DemoMetro {
  city: string;
  /** Relative job volume (bigger metros have more imaging and therapy sites). */
  weight: number;
  /** Customer site zips. */
  sites: readonly string[];
  /** Residential zips for physicists' homes. */
  homes: readonly string[];
  /** Local names used to build customer names. */
  localNames: readonly string[];
}

/** The metros of the demo, north-east to west. */
// prettier-ignore
export const DEMO_METROS: readonly DemoMetro[] = [
  { city: 'Boston', weight: 5, sites: ['02115', '02114', '02215', '02135', '01803', '01605'], homes: ['02459', '01760'], localNames: ['Back Bay', 'Charles River', 'Commonwealth', 'Brighton'] },
  { city: 'New York', weight: 8, sites: ['10016', '10032', '10065', '11203', '10461', '11030'], homes: ['07030', '11215', '10583'], localNames: ['Hudson', 'Manhattan', 'Kings County', 'Bronx Park', 'North Shore'] },
  { city: 'Philadelphia', weight: 4, sites: ['19104', '19107', '19111', '19141'], homes: ['19003', '08003'], localNames: ['Schuylkill', 'Delaware Valley', 'Penn Square'] },
  { city: 'Baltimore', weight: 3, sites: ['21201', '21287', '21215'], homes: ['21093'], localNames: ['Chesapeake', 'Inner Harbor', 'Patapsco'] },
  { city: 'Washington', weight: 3, sites: ['20010', '20007', '20016'], homes: ['20814', '22204'], localNames: ['Potomac', 'Capitol', 'Georgetown'] },
  { city: 'Pittsburgh', weight: 2, sites: ['15213', '15212', '15232'], homes: ['15217'], localNames: ['Allegheny', 'Three Rivers', 'Monongahela'] },
  { city: 'Atlanta', weight: 4, sites: ['30322', '30308', '30342'], homes: ['30306', '30062'], localNames: ['Peachtree', 'Piedmont Park', 'Chattahoochee'] },
  { city: 'Miami', weight: 3, sites: ['33136', '33176', '33140'], homes: ['33156'], localNames: ['Biscayne', 'Coral Way', 'Bayfront'] },
  { city: 'Tampa', weight: 2, sites: ['33612', '33606'], homes: ['33629'], localNames: ['Gulf Coast', 'Hillsborough'] },
  { city: 'Orlando', weight: 2, sites: ['32803', '32806'], homes: ['32789'], localNames: ['Lake Eola', 'Central Florida'] },
  { city: 'Charlotte', weight: 2, sites: ['28203', '28204'], homes: ['28207'], localNames: ['Catawba', 'Queen City'] },
  { city: 'Raleigh-Durham', weight: 2, sites: ['27710', '27607'], homes: ['27514'], localNames: ['Triangle', 'Neuse River', 'Piedmont'] },
  { city: 'Nashville', weight: 2, sites: ['37232', '37203'], homes: ['37215'], localNames: ['Cumberland', 'Music City'] },
  { city: 'Chicago', weight: 6, sites: ['60611', '60637', '60612', '60201'], homes: ['60302', '60091'], localNames: ['Lakeshore', 'Lincoln Park', 'Midway', 'North Shore'] },
  { city: 'Detroit', weight: 3, sites: ['48202', '48073'], homes: ['48067'], localNames: ['Great Lakes', 'Woodward', 'Oakland County'] },
  { city: 'Cleveland', weight: 3, sites: ['44195', '44106'], homes: ['44118'], localNames: ['Cuyahoga', 'Lake Erie', 'University Circle'] },
  { city: 'Columbus', weight: 2, sites: ['43210'], homes: ['43221'], localNames: ['Scioto', 'Buckeye'] },
  { city: 'Indianapolis', weight: 2, sites: ['46202'], homes: ['46220'], localNames: ['Hoosier', 'White River'] },
  { city: 'Minneapolis', weight: 3, sites: ['55455', '55407', '55905'], homes: ['55416'], localNames: ['North Star', 'Mississippi', 'Twin Cities'] },
  { city: 'St. Louis', weight: 2, sites: ['63110'], homes: ['63105'], localNames: ['Gateway', 'Forest Park'] },
  { city: 'Kansas City', weight: 2, sites: ['64111', '66160'], homes: ['66207'], localNames: ['Heartland', 'Missouri Valley'] },
  { city: 'Omaha', weight: 1, sites: ['68198'], homes: ['68114'], localNames: ['Platte River', 'Prairie'] },
  { city: 'Houston', weight: 5, sites: ['77030', '77024'], homes: ['77005'], localNames: ['Bayou City', 'Gulf Coast', 'Memorial'] },
  { city: 'Dallas', weight: 4, sites: ['75390', '75246'], homes: ['75205'], localNames: ['Trinity', 'North Texas', 'Lone Star'] },
  { city: 'San Antonio', weight: 2, sites: ['78229'], homes: ['78209'], localNames: ['Alamo', 'Hill Country'] },
  { city: 'New Orleans', weight: 1, sites: ['70112'], homes: ['70115'], localNames: ['Crescent City', 'Pontchartrain'] },
  { city: 'Birmingham', weight: 1, sites: ['35233'], homes: ['35209'], localNames: ['Magic City', 'Red Mountain'] },
  { city: 'Denver', weight: 3, sites: ['80045', '80218'], homes: ['80220'], localNames: ['Front Range', 'Rocky Mountain', 'Mile High'] },
  { city: 'Phoenix', weight: 3, sites: ['85006', '85054'], homes: ['85253'], localNames: ['Valley of the Sun', 'Desert', 'Camelback'] },
  { city: 'Albuquerque', weight: 1, sites: ['87106'], homes: ['87110'], localNames: ['Rio Grande', 'Sandia'] },
  { city: 'Salt Lake City', weight: 2, sites: ['84112'], homes: ['84105'], localNames: ['Wasatch', 'Intermountain'] },
  { city: 'Las Vegas', weight: 1, sites: ['89102'], homes: ['89134'], localNames: ['Silver State', 'Desert Springs'] },
  { city: 'Los Angeles', weight: 6, sites: ['90048', '90095', '91010'], homes: ['90403', '91105'], localNames: ['Pacific', 'Westside', 'San Gabriel Valley', 'Cedar Hills'] },
  { city: 'San Diego', weight: 3, sites: ['92093', '92103'], homes: ['92130'], localNames: ['Torrey Pines', 'Mission Bay', 'Balboa'] },
  { city: 'San Francisco', weight: 4, sites: ['94143', '94115'], homes: ['94114', '94025'], localNames: ['Golden Gate', 'Bay Area', 'Presidio'] },
  { city: 'Sacramento', weight: 1, sites: ['95817'], homes: ['95818'], localNames: ['Capitol Valley', 'American River'] },
  { city: 'Portland', weight: 2, sites: ['97239'], homes: ['97202'], localNames: ['Willamette', 'Cascade'] },
  { city: 'Seattle', weight: 3, sites: ['98109', '98104'], homes: ['98115'], localNames: ['Puget Sound', 'Emerald City', 'Rainier'] },
];

/** Customer name patterns; {L} is a local name, {C} the metro's city. */
export const CUSTOMER_PATTERNS: readonly string[] = [
  '{L} Regional Medical Center',
  '{L} Cancer Center',
  "St. Luke's {L} Hospital",
  'Mercy Hospital {C}',
  '{C} Imaging Associates',
  '{L} Radiation Oncology',
  '{L} Community Hospital',
  "{C} Women's Imaging Center",
  'University Hospital of {C}',
  '{L} Orthopedic & Spine Imaging',
  "{C} Children's Hospital",
  '{L} Heart & Vascular Institute',
];

/** Service packages with the usual visit length in days (1 to 3) and relative frequency. */
export const DEMO_PACKAGES: readonly { name: string; days: readonly number[]; weight: number }[] = [
  { name: 'Annual Linac QA', days: [1, 2], weight: 8 },
  { name: 'Linac Acceptance Testing', days: [2, 3], weight: 2 },
  { name: 'SRS/SBRT Commissioning', days: [3], weight: 1 },
  { name: 'CT Acceptance Testing', days: [1, 2], weight: 4 },
  { name: 'CT Annual Survey', days: [1], weight: 7 },
  { name: 'Shielding Survey', days: [1], weight: 5 },
  { name: 'MRI ACR Testing', days: [1], weight: 6 },
  { name: 'Mammography MQSA Survey', days: [1], weight: 8 },
  { name: 'Fluoroscopy Annual Survey', days: [1], weight: 5 },
  { name: 'PET/CT Acceptance Testing', days: [2, 3], weight: 2 },
  { name: 'Nuclear Medicine Camera QA', days: [1, 2], weight: 4 },
  { name: 'Brachytherapy Source Calibration', days: [1], weight: 2 },
  { name: 'Radiographic Equipment Survey', days: [1], weight: 5 },
  { name: 'Cone Beam CT Survey', days: [1], weight: 2 },
];

/** Job comments of the kind schedulers leave; most jobs have none. */
export const DEMO_COMMENTS: readonly string[] = [
  'Call radiation oncology front desk on arrival',
  'Site contact prefers early start (7 am)',
  'Bring the step wedge and extra ion chamber',
  'Follow-up from last survey: recheck door interlock',
  'Parking in garage B, badge at security',
  'New vault; shielding report due within 30 days',
  'Customer asked for the same team as last year',
];

/** First names of the demo physicists. */
// prettier-ignore
export const FIRST_NAMES: readonly string[] = [
  'Ada', 'Priya', 'Marcus', 'Elena', 'James', 'Wei', 'Sofia', 'David', 'Aisha', 'Robert',
  'Hannah', 'Carlos', 'Mei', 'Daniel', 'Grace', 'Omar', 'Laura', 'Kevin', 'Nadia', 'Thomas',
  'Rachel', 'Andre', 'Julia', 'Samuel', 'Fatima', 'Michael', 'Yuki', 'Brian', 'Chloe', 'Ravi',
  'Emily', 'Jorge', 'Anna', 'Patrick', 'Leila', 'Steven', 'Ingrid', 'Tyler', 'Monica', 'Hiro',
];

/** Last names of the demo physicists. */
// prettier-ignore
export const LAST_NAMES: readonly string[] = [
  'Park', 'Raman', 'Bennett', 'Kowalski', "O'Neill", 'Chen', 'Rossi', 'Goldberg', 'Okafor',
  'Hughes', 'Lindqvist', 'Mendoza', 'Tanaka', 'Fischer', 'Nguyen', 'Haddad', 'Sullivan', 'Patel',
  'Novak', 'Brooks', 'Alvarez', 'Murphy', 'Kim', 'Walsh', 'Dubois', 'Reyes', 'Schmidt',
  'Adeyemi', 'Larsen', 'Morgan', 'Iyer', 'Castillo', 'Weber', 'Foster', 'Sato', 'Grant',
  'Petrov', 'Hart', 'Ortiz', 'Coleman',
];

/** Kit home bases (hubs with an airport), one per kit. */
// prettier-ignore
export const KIT_BASES: readonly string[] = [
  '02115', '10016', '21201', '30322', '33612', '60611', '44106', '77030', '80218', '85006',
  '90048', '98109',
];
