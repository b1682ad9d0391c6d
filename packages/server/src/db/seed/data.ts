/** Static facts of the demo agency group: master data, names and the words of comments. */

export const regions = ['North America', 'EMEA', 'APAC'] as const;

/** Markets with their region (1-based index into `regions`), city, country and phone prefix. */
export const markets = [
  { description: 'United States', code: 'US', region: 1, city: 'New York', phone: '+1 212 555 01' },
  { description: 'Canada', code: 'CA', region: 1, city: 'Toronto', phone: '+1 416 555 01' },
  { description: 'United Kingdom', code: 'UK', region: 2, city: 'London', phone: '+44 20 7946 0' },
  { description: 'Germany', code: 'DE', region: 2, city: 'Berlin', phone: '+49 30 9018 2' },
  { description: 'France', code: 'FR', region: 2, city: 'Paris', phone: '+33 1 7091 0' },
  { description: 'Australia', code: 'AU', region: 3, city: 'Sydney', phone: '+61 2 9876 5' },
  { description: 'Singapore', code: 'SG', region: 3, city: 'Singapore', phone: '+65 6123 4' },
  { description: 'Japan', code: 'JP', region: 3, city: 'Tokyo', phone: '+81 3 4567 8' },
] as const;

export const practices = ['Search', 'Social', 'Programmatic', 'AdOps', 'Data', 'Commerce'] as const;
export type PracticeName = (typeof practices)[number];

/** Agencies with their market (1-based index into `markets`) and the practices they run. */
export const agencies: readonly {
  description: string;
  market: number;
  logoKey: string;
  practices: PracticeName[];
}[] = [
  {
    description: 'Northwind Media',
    market: 1,
    logoKey: 'northwind',
    practices: ['Search', 'Social', 'Programmatic', 'AdOps'],
  },
  {
    description: 'Blue Harbor Digital',
    market: 1,
    logoKey: 'blue-harbor',
    practices: ['Search', 'Social', 'Programmatic', 'Commerce'],
  },
  {
    description: 'Essence Partners',
    market: 1,
    logoKey: 'essence',
    practices: ['Search', 'Social', 'Programmatic', 'Data', 'AdOps'],
  },
  {
    description: 'Copperleaf Commerce',
    market: 1,
    logoKey: 'copperleaf',
    practices: ['Search', 'Social', 'Commerce'],
  },
  {
    description: 'Maple Lane Media',
    market: 2,
    logoKey: 'maple-lane',
    practices: ['Search', 'Social', 'Programmatic'],
  },
  {
    description: 'Kingsway Media',
    market: 3,
    logoKey: 'kingsway',
    practices: ['Search', 'Social', 'Programmatic', 'AdOps'],
  },
  {
    description: 'Thames Street Digital',
    market: 3,
    logoKey: 'thames-street',
    practices: ['Search', 'Social', 'Data'],
  },
  {
    description: 'Spree Digital',
    market: 4,
    logoKey: 'spree',
    practices: ['Search', 'Social', 'Programmatic'],
  },
  {
    description: 'Atelier Lumen Media',
    market: 5,
    logoKey: 'atelier-lumen',
    practices: ['Search', 'Social', 'AdOps'],
  },
  {
    description: 'Southern Cross Media',
    market: 6,
    logoKey: 'southern-cross',
    practices: ['Search', 'Social', 'Programmatic', 'Commerce'],
  },
  {
    description: 'Lion City Digital',
    market: 7,
    logoKey: 'lion-city',
    practices: ['Search', 'Social', 'Programmatic'],
  },
  {
    description: 'Sakura Performance',
    market: 8,
    logoKey: 'sakura',
    practices: ['Search', 'Social', 'Programmatic', 'Data'],
  },
];

export type ReferenceFormat =
  'google' | 'meta' | 'metaGroup' | 'page' | 'tiktok' | 'dv360' | 'amazon' | 'retail' | 'none';

export interface AssetDef {
  description: string;
  assetName: string | null;
  isSystemRecord: boolean;
  reference: ReferenceFormat;
  /** [description, basicName] of the platform user types of this asset. */
  userTypes: readonly (readonly [string, string])[];
}

export interface PlatformDef {
  description: string;
  logoKey: string;
  businessAccess: {
    name: string;
    id: string;
    userTypes: readonly (readonly [string, string])[];
    /** Only internal users may get it (Meta's Business Manager). */
    isInternalOnly: boolean;
  } | null;
  isWorkManagement: boolean;
  /** Practices on which the platform is offered; '*' = every practice of the agency. */
  practices: readonly PracticeName[] | '*';
  assets: readonly AssetDef[];
}

const standardTypes = [
  ['Administrator', 'Admin'],
  ['Standard', 'Standard'],
  ['Read only', 'Read Only'],
  ['Email only', 'Email Only'],
] as const;
const superTypes = [['Super Administrator', 'Super Admin'], ...standardTypes] as const;

export const platforms: readonly PlatformDef[] = [
  {
    description: 'Google Ads',
    logoKey: 'google-ads',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Search'],
    assets: [
      {
        description: 'Ad Account',
        assetName: 'Ad Account',
        isSystemRecord: false,
        reference: 'google',
        userTypes: standardTypes,
      },
      {
        description: 'Client Center (MCC)',
        assetName: 'MCC',
        isSystemRecord: false,
        reference: 'google',
        userTypes: superTypes,
      },
    ],
  },
  {
    description: 'Meta',
    logoKey: 'meta',
    businessAccess: {
      name: 'Business Manager',
      id: '104729385610293',
      userTypes: [
        ['Business Manager Admin', 'Admin'],
        ['Business Manager Employee', 'Standard'],
      ],
      isInternalOnly: true,
    },
    isWorkManagement: false,
    practices: ['Social'],
    assets: [
      {
        description: 'Ad Account',
        assetName: 'Ad Account',
        isSystemRecord: false,
        reference: 'meta',
        userTypes: standardTypes,
      },
      {
        description: 'Business Asset Group',
        assetName: 'Asset Group',
        isSystemRecord: false,
        reference: 'metaGroup',
        userTypes: superTypes,
      },
      {
        description: 'Page',
        assetName: 'Page',
        isSystemRecord: false,
        reference: 'page',
        userTypes: standardTypes.slice(0, 3),
      },
    ],
  },
  {
    description: 'TikTok',
    logoKey: 'tiktok',
    businessAccess: {
      name: 'Business Center',
      id: '7012345678901234567',
      userTypes: [
        ['Business Center Admin', 'Admin'],
        ['Business Center Member', 'Standard'],
      ],
      isInternalOnly: false,
    },
    isWorkManagement: false,
    practices: ['Social'],
    assets: [
      {
        description: 'Ad Account',
        assetName: 'Ad Account',
        isSystemRecord: false,
        reference: 'tiktok',
        userTypes: standardTypes,
      },
    ],
  },
  {
    description: 'DV360',
    logoKey: 'dv360',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Programmatic', 'AdOps'],
    assets: [
      {
        description: 'Advertiser',
        assetName: 'Advertiser',
        isSystemRecord: false,
        reference: 'dv360',
        userTypes: standardTypes,
      },
      {
        description: 'Partner',
        assetName: 'Partner',
        isSystemRecord: false,
        reference: 'dv360',
        userTypes: superTypes.slice(0, 4),
      },
    ],
  },
  {
    description: 'Amazon DSP',
    logoKey: 'amazon-dsp',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Programmatic', 'Commerce'],
    assets: [
      {
        description: 'Advertiser',
        assetName: 'Advertiser',
        isSystemRecord: false,
        reference: 'amazon',
        userTypes: standardTypes.slice(0, 3),
      },
    ],
  },
  {
    description: 'Roundel',
    logoKey: 'roundel',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Commerce', 'Programmatic'],
    assets: [
      {
        description: 'Ad Account',
        assetName: 'Ad Account',
        isSystemRecord: false,
        reference: 'retail',
        userTypes: standardTypes.slice(0, 3),
      },
    ],
  },
  {
    description: 'The Bench',
    logoKey: 'the-bench',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Social', 'AdOps', 'Data'],
    assets: [
      {
        description: 'Workspace',
        assetName: 'Workspace',
        isSystemRecord: false,
        reference: 'retail',
        userTypes: standardTypes.slice(0, 3),
      },
    ],
  },
  {
    description: 'Workfront',
    logoKey: 'workfront',
    businessAccess: null,
    isWorkManagement: true,
    practices: '*',
    assets: [
      {
        description: 'Agency Workspace',
        assetName: null,
        isSystemRecord: true,
        reference: 'none',
        userTypes: [
          ['Regular/Full License', 'Full License'],
          ['Collaborator', 'Collaborator'],
        ],
      },
    ],
  },
  {
    description: 'Open Workspace',
    logoKey: 'open-workspace',
    businessAccess: null,
    isWorkManagement: false,
    practices: ['Data', 'Search', 'Programmatic'],
    assets: [
      {
        description: 'Agency Workspace',
        assetName: null,
        isSystemRecord: true,
        reference: 'none',
        userTypes: [
          ['Editor', 'Standard'],
          ['Viewer', 'Read Only'],
        ],
      },
    ],
  },
];

/** Invented brands: [description, short name, code prefix, email domain]. */
export const brands = [
  ['Contoso Beverages', 'Contoso', 'CTB', 'client.example'],
  ['Fabrikam Snacks', 'Fabrikam', 'FBS', 'fabrikam.example'],
  ['Tailspin Travel', 'Tailspin', 'TST', 'tailspin.example'],
  ['Woodgrove Bank', 'Woodgrove', 'WGB', 'woodgrove.example'],
  ['Litware Software', 'Litware', 'LTW', 'litware.example'],
  ['Adventure Works Outdoors', 'Adventure Works', 'AWO', 'adventure-works.example'],
  ['Wingtip Toys', 'Wingtip', 'WTT', 'wingtip.example'],
  ['Proseware Health', 'Proseware', 'PRH', 'proseware.example'],
  ['Alpine Ski House', 'Alpine', 'ASH', 'alpineski.example'],
  ['Coho Winery', 'Coho', 'CHW', 'coho.example'],
  ["Margie's Travel", 'Margies', 'MGT', 'margies.example'],
  ['Fourth Coffee', 'Fourth Coffee', 'FTC', 'fourthcoffee.example'],
  ['Wide World Importers', 'Wide World', 'WWI', 'wideworld.example'],
  ['Humongous Insurance', 'Humongous', 'HMI', 'humongous.example'],
  ['VanArsdel Cosmetics', 'VanArsdel', 'VAC', 'vanarsdel.example'],
  ['Relecloud Telecom', 'Relecloud', 'RCT', 'relecloud.example'],
  ['Lucerne Publishing', 'Lucerne', 'LCP', 'lucerne.example'],
  ['Trey Research Labs', 'Trey', 'TRL', 'treyresearch.example'],
  ['Northwind Traders', 'Northwind Traders', 'NWT', 'nwtraders.example'],
  ['Graphic Design Institute', 'GDI', 'GDI', 'gdi.example'],
] as const;

export const accountSuffixes = [
  'Search',
  'Brand',
  'Performance',
  'Prospecting',
  'Retargeting',
  'Always On',
  'Promotions',
  'Seasonal',
  'Launch',
  'Loyalty',
] as const;

export const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Harper',
  'James',
  'Evelyn',
  'Benjamin',
  'Aria',
  'Henry',
  'Chloe',
  'Daniel',
  'Priya',
  'Arjun',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Sofia',
  'Lukas',
  'Hannah',
  'Leon',
  'Camille',
  'Louis',
  'Chiara',
  'Marco',
  'Aisha',
  'Omar',
  'Fatima',
  'Ravi',
  'Ananya',
  'Grace',
  'Jack',
  'Zoe',
  'Ryan',
  'Nora',
  'Caleb',
  'Layla',
  'Isaac',
  'Lily',
  'Owen',
] as const;

export const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Patel',
  'Shah',
  'Chen',
  'Wang',
  'Tanaka',
  'Sato',
  'Kim',
  'Nguyen',
  'Muller',
  'Schmidt',
  'Dubois',
  'Laurent',
  'Rossi',
  'Bianchi',
  "O'Brien",
  'Murphy',
  'Kelly',
  'Campbell',
  'Hughes',
  'Evans',
] as const;

export const jobTitles = [
  'Media Planner',
  'Senior Media Planner',
  'Media Buyer',
  'Account Manager',
  'Account Director',
  'Search Specialist',
  'Paid Social Manager',
  'Programmatic Trader',
  'Ad Operations Analyst',
  'Data Analyst',
  'Campaign Manager',
  'Client Services Director',
  'Commerce Strategist',
  'Associate Director',
  'Planning Director',
] as const;

export const departments = [
  'Search',
  'Social',
  'Programmatic',
  'AdOps',
  'Data',
  'Commerce',
  'Client Services',
  'Finance',
] as const;

export const requestorComments = [
  'Need access to manage the Q3 campaign launch for this client.',
  'Joining the client team, will run weekly performance reporting.',
  'Taking over the account from a colleague who is moving teams.',
  'Required to build audiences and optimise bids for the new brief.',
  'Covering campaign optimisation while the account lead is on leave.',
  'Need read access to pull monthly billing and delivery reports.',
  'Setting up tracking and conversion tags for the relaunch.',
  'New starter on the activation team, needs access to daily trading.',
  'Client requested our team to audit the account structure.',
  'Access needed to QA creatives and trafficking before go live.',
] as const;

export const approverComments = [
  'Approved, user is on the client team.',
  'Approved for the campaign period.',
  'Approved as requested.',
  'Looks good, approved.',
  'Approved, please keep access to the minimum needed.',
] as const;

export const approverRejections = [
  'Please request Read only access instead.',
  'User is not on this client team.',
  'Duplicate of an existing record, please modify that record.',
  'Client has not signed off on third party access.',
] as const;

export const provisionerComments = [
  'Access granted in the platform.',
  'User invited, invitation accepted.',
  'Added to the account with the requested role.',
  'Done, access confirmed with the user.',
  'Provisioned and notified the requestor.',
] as const;

export const provisionerRejections = [
  'Platform email is not a valid login for this platform.',
  'Account has reached its maximum number of users.',
  'The requested account was closed by the client.',
] as const;

export const standardComments = [
  'Access granted in the platform.',
  'User invited, awaiting acceptance.',
  'Access removed from the platform.',
  'Role updated in the platform.',
  'Could not find the user in the platform, please check the platform email.',
  'Account is managed by the client, access requested from the client admin.',
] as const;
