import type { Insertable, Kysely } from 'kysely';
import { Role, type RoleId } from '@uap/domain';
import type { Database } from '../schema.ts';
import { DAY, insertRows } from './batch.ts';
import * as data from './data.ts';
import type { Rng } from './random.ts';

/** A profile as the request generators need it. */
export interface Person {
  userId: number;
  email: string;
  name: string;
  lastName: string;
  isInternal: boolean;
  roleId: RoleId;
  agencyId: number | null;
  managerEmail: string | null;
  managerName: string | null;
  /** Active additional emails (possible platform emails). */
  extraEmails: string[];
  /** Directory account enabled (false = a leaver). */
  isActive: boolean;
}

export interface People {
  all: Person[];
  byEmail: Map<string, Person>;
  /** Internal, active, standard-ish people who may be subjects or requestors. */
  internal: Person[];
  guests: Person[];
  leavers: Person[];
  approvers: Person[];
  provisioners: Person[];
  masterApprovers: Person[];
  admins: Person[];
  superAdmins: Person[];
}

export const demoEmails = {
  sam: 'sam.standard@agency.example',
  alex: 'alex.approver@agency.example',
  mia: 'mia.master@agency.example',
  pat: 'pat.provisioner@agency.example',
  ada: 'ada.admin@agency.example',
  avery: 'avery.auditor@agency.example',
  sue: 'sue.super@agency.example',
  gina: 'gina.guest@client.example',
} as const;

interface DemoAccount {
  email: string;
  given: string;
  surname: string;
  roleId: RoleId;
  agency: number;
  title: string;
  department: string;
  manager: keyof typeof demoEmails | null;
}

const demoAccounts: DemoAccount[] = [
  {
    email: demoEmails.sue,
    given: 'Sue',
    surname: 'Super',
    roleId: Role.SUPERADMIN,
    agency: 3,
    title: 'Head of Platform Governance',
    department: 'Client Services',
    manager: null,
  },
  {
    email: demoEmails.ada,
    given: 'Ada',
    surname: 'Admin',
    roleId: Role.ADMIN,
    agency: 2,
    title: 'Platform Operations Lead',
    department: 'Client Services',
    manager: 'sue',
  },
  {
    email: demoEmails.alex,
    given: 'Alex',
    surname: 'Approver',
    roleId: Role.APPROVER,
    agency: 1,
    title: 'Account Director',
    department: 'Client Services',
    manager: 'sue',
  },
  {
    email: demoEmails.mia,
    given: 'Mia',
    surname: 'Master',
    roleId: Role.MASTERAPPROVER,
    agency: 1,
    title: 'Associate Director',
    department: 'Social',
    manager: 'sue',
  },
  {
    email: demoEmails.pat,
    given: 'Pat',
    surname: 'Provisioner',
    roleId: Role.PROVISIONER,
    agency: 1,
    title: 'Ad Operations Analyst',
    department: 'AdOps',
    manager: 'ada',
  },
  {
    email: demoEmails.avery,
    given: 'Avery',
    surname: 'Auditor',
    roleId: Role.AUDITOR,
    agency: 3,
    title: 'Internal Auditor',
    department: 'Finance',
    manager: 'sue',
  },
  {
    email: demoEmails.sam,
    given: 'Sam',
    surname: 'Standard',
    roleId: Role.STANDARD,
    agency: 1,
    title: 'Media Planner',
    department: 'Search',
    manager: 'alex',
  },
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** Directory entries and profiles of the demo organisation, plus admin scopes. */
export async function insertDemoPeople(db: Kysely<Database>, rng: Rng, nowMs: number): Promise<People> {
  const directory: Insertable<Database['directoryUsers']>[] = [];
  const profiles: (Insertable<Database['users']> & { userId: number })[] = [];
  const people: Person[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = iso(nowMs - 700 * DAY);

  const usedEmails = new Set<string>();
  interface Entry {
    directoryId: string;
    mail: string;
    given: string;
    surname: string;
    title: string;
    department: string;
    agency: number | null;
    company: string;
    guest: boolean;
    active: boolean;
    managerMail: string | null;
    managerName: string | null;
    phone: string;
    country: string;
    city: string;
    employeeId: string | null;
  }
  const entries: Entry[] = [];
  const addEntry = (e: Omit<Entry, 'directoryId' | 'phone' | 'country' | 'city' | 'employeeId'>) => {
    const market = e.agency
      ? data.markets[(data.agencies[e.agency - 1]?.market ?? 1) - 1]
      : data.markets[rng.int(0, 7)];
    const entry: Entry = {
      ...e,
      directoryId: rng.guid(),
      phone: `${market?.phone ?? '+1 212 555 01'}${rng.digits(2)}`,
      country: market?.description ?? 'United States',
      city: market?.city ?? 'New York',
      employeeId: e.guest ? null : `E${rng.digits(6)}`,
    };
    usedEmails.add(entry.mail);
    entries.push(entry);
    return entry;
  };

  for (const d of demoAccounts) {
    const manager = d.manager
      ? demoAccounts.find((m) => m.email === demoEmails[d.manager as keyof typeof demoEmails])
      : undefined;
    addEntry({
      mail: d.email,
      given: d.given,
      surname: d.surname,
      title: d.title,
      department: d.department,
      agency: d.agency,
      company: data.agencies[d.agency - 1]?.description ?? '',
      guest: false,
      active: true,
      managerMail: manager?.email ?? null,
      managerName: manager ? `${manager.given} ${manager.surname}` : null,
    });
  }
  addEntry({
    mail: demoEmails.gina,
    given: 'Gina',
    surname: 'Guest',
    title: 'Brand Manager',
    department: 'Marketing',
    agency: null,
    company: 'Contoso Beverages',
    guest: true,
    active: true,
    managerMail: null,
    managerName: null,
  });

  const uniqueName = (domain: string) => {
    for (;;) {
      const given = rng.pick(data.firstNames);
      const surname = rng.pick(data.lastNames);
      const mail = `${slug(given)}.${slug(surname)}@${domain}`;
      if (!usedEmails.has(mail)) {
        return { given, surname, mail };
      }
    }
  };

  // Internal members: the first 24 of each agency's people act as managers of later ones.
  const members: Entry[] = [];
  for (let i = 0; i < 197; i++) {
    const agency =
      i < 12 ? i + 1 : rng.weighted(data.agencies.map((_, a) => [a + 1, a < 4 ? 3 : 1] as const));
    const { given, surname, mail } = uniqueName('agency.example');
    const managers = members.filter((m) => m.agency === agency);
    const manager = managers.length > 0 && i >= 12 ? rng.pick(managers.slice(0, 3)) : entries[0];
    members.push(
      addEntry({
        mail,
        given,
        surname,
        title: rng.pick(data.jobTitles),
        department: rng.pick(data.departments),
        agency,
        company: data.agencies[agency - 1]?.description ?? '',
        guest: false,
        active: true,
        managerMail: manager?.mail ?? null,
        managerName: manager ? `${manager.given} ${manager.surname}` : null,
      }),
    );
  }
  // Leavers: directory accounts disabled, profiles and records still there.
  const leaverEntries = rng.sample(members.slice(40), 12);
  for (const leaver of leaverEntries) {
    leaver.active = false;
  }
  const guestEntries: Entry[] = [];
  for (let i = 0; i < 14; i++) {
    const [brand, , , domain] = data.brands[i % data.brands.length] ?? data.brands[0];
    const { given, surname, mail } = uniqueName(domain);
    guestEntries.push(
      addEntry({
        mail,
        given,
        surname,
        title: rng.pick(['Brand Manager', 'Marketing Director', 'Digital Lead', 'Analyst']),
        department: 'Marketing',
        agency: null,
        company: brand,
        guest: true,
        active: true,
        managerMail: null,
        managerName: null,
      }),
    );
  }

  for (const e of entries) {
    directory.push({
      directoryId: e.directoryId,
      mail: e.mail,
      userPrincipalName: e.guest ? `${e.mail.replace('@', '_')}#EXT#@agency.example` : e.mail,
      displayName: `${e.given} ${e.surname}`,
      givenName: e.given,
      surname: e.surname,
      jobTitle: e.title,
      companyName: e.company,
      department: e.department,
      officeLocation: e.guest ? null : e.city,
      country: e.country,
      mobilePhone: null,
      businessPhone: e.guest ? null : e.phone,
      employeeId: e.employeeId,
      userType: e.guest ? 'Guest' : 'Member',
      active: e.active ? 1 : 0,
      managerMail: e.managerMail,
      managerDisplayName: e.managerName,
      createdDate: created,
      updatedDate: e.active ? created : iso(nowMs - rng.int(5, 60) * DAY),
    });
  }
  await insertRows(db, 'directoryUsers', directory);

  // Profiles: every demo account, most members (all leavers), some guests, a few externals.
  const withoutProfile = new Set(
    rng.sample(
      members.slice(40).filter((m) => m.active),
      17,
    ),
  );
  const guestProfiles = new Set(guestEntries.slice(0, 8));
  const profileEntries = entries.filter((e) =>
    e.guest ? e.mail === demoEmails.gina || guestProfiles.has(e) : !withoutProfile.has(e),
  );
  // Roles of generated members (never leavers): approvers, provisioners, master approvers, admins.
  const eligible = rng.sample(
    members.filter((m) => m.active && !withoutProfile.has(m)),
    25,
  );
  const generatedRoles = new Map<Entry, RoleId>();
  eligible.forEach((e, i) => {
    generatedRoles.set(
      e,
      i < 12
        ? Role.APPROVER
        : i < 18
          ? Role.PROVISIONER
          : i < 22
            ? Role.MASTERAPPROVER
            : i < 24
              ? Role.ADMIN
              : Role.SUPERADMIN,
    );
  });

  const addProfile = (
    e: Entry | null,
    fields: Partial<Insertable<Database['users']>> & { email: string; name: string; lastName: string },
    person: Omit<Person, 'userId' | 'email' | 'name' | 'lastName' | 'extraEmails'>,
  ) => {
    const userId = profiles.length + 1;
    const createdDate = iso(nowMs - rng.int(200, 690) * DAY);
    profiles.push({
      userId,
      email: fields.email,
      name: fields.name,
      lastName: fields.lastName,
      title: e?.title ?? fields.title ?? null,
      organization: e?.company ?? fields.organization ?? null,
      department: e?.department ?? fields.department ?? null,
      officeNumber: e?.guest ? null : (e?.phone ?? fields.officeNumber ?? null),
      employeeId: e?.employeeId ?? null,
      locationCountry: e?.country ?? fields.locationCountry ?? null,
      isInternal: person.isInternal ? 1 : 0,
      userType: e?.guest || !person.isInternal ? 'Guest' : 'Member',
      roleId: person.roleId,
      showApprover: fields.showApprover ?? 0,
      directoryId: e?.directoryId ?? null,
      parentGuid: fields.parentGuid ?? e?.directoryId ?? null,
      childGuid: fields.childGuid ?? null,
      mergedUserId: fields.mergedUserId ?? null,
      isChild: fields.isChild ?? 0,
      managerEmail: person.managerEmail,
      managerName: person.managerName,
      isDeleted: 0,
      createdDate,
      createdBy: null,
      updatedDate: createdDate,
      updatedBy: null,
    });
    const p: Person = {
      ...person,
      userId,
      email: fields.email,
      name: fields.name,
      lastName: fields.lastName,
      extraEmails: [],
    };
    people.push(p);
    return p;
  };

  for (const e of profileEntries) {
    const demo = demoAccounts.find((d) => d.email === e.mail);
    const roleId = demo?.roleId ?? generatedRoles.get(e) ?? Role.STANDARD;
    addProfile(
      e,
      {
        email: e.mail,
        name: e.given,
        lastName: e.surname,
        showApprover:
          roleId === Role.MASTERAPPROVER && (e.mail === demoEmails.mia || rng.chance(0.5)) ? 1 : 0,
      },
      {
        isInternal: !e.guest,
        roleId,
        agencyId: e.agency,
        managerEmail: e.guest ? null : e.managerMail,
        managerName: e.guest ? null : e.managerName,
        isActive: e.active,
      },
    );
  }
  // External users saved through the wizard: not in the directory.
  for (let i = 0; i < 4; i++) {
    const domain =
      ['mediavendor.example', 'creativeshop.example', 'datapartner.example', 'freelance.example'][i] ??
      'vendor.example';
    const { given, surname, mail } = uniqueName(domain);
    usedEmails.add(mail);
    addProfile(
      null,
      {
        email: mail,
        name: given,
        lastName: surname,
        title: 'Consultant',
        organization: domain.split('.')[0] ?? null,
        department: 'Media',
        locationCountry: 'United States',
      },
      {
        isInternal: false,
        roleId: Role.STANDARD,
        agencyId: null,
        managerEmail: null,
        managerName: null,
        isActive: true,
      },
    );
  }
  // Two merged duplicates: an old profile folded into the current one.
  const merges: Insertable<Database['userMerges']>[] = [];
  const sue = people.find((p) => p.email === demoEmails.sue);
  for (const parent of rng.sample(
    people.filter((p) => p.isInternal && p.roleId === Role.STANDARD && p.isActive),
    2,
  )) {
    const parentRow = profiles[parent.userId - 1];
    const email = `${parent.email.split('@')[0] ?? 'user'}@legacy.agency.example`;
    const child = addProfile(
      null,
      {
        email,
        name: parent.name,
        lastName: parent.lastName,
        title: parentRow?.title ?? null,
        organization: parentRow?.organization ?? null,
        department: parentRow?.department ?? null,
        locationCountry: parentRow?.locationCountry ?? null,
        parentGuid: parentRow?.directoryId ?? null,
        childGuid: rng.guid(),
        mergedUserId: parent.userId,
        isChild: 1,
      },
      {
        isInternal: true,
        roleId: Role.STANDARD,
        agencyId: parent.agencyId,
        managerEmail: parent.managerEmail,
        managerName: parent.managerName,
        isActive: true,
      },
    );
    merges.push({
      parentUserId: parent.userId,
      childUserId: child.userId,
      mergedDate: iso(nowMs - rng.int(30, 200) * DAY),
      mergedBy: sue?.userId ?? null,
      unmergedDate: null,
      unmergedBy: null,
    });
  }
  await insertRows(db, 'users', profiles);
  await insertRows(db, 'userMerges', merges);

  // Additional emails: agency-branded aliases; a few deactivated.
  const extra: Insertable<Database['userAdditionalEmails']>[] = [];
  const extraLogs: Insertable<Database['userAdditionalEmailLogs']>[] = [];
  const sam = people.find((p) => p.email === demoEmails.sam);
  const withExtra = [
    ...(sam ? [sam] : []),
    ...rng.sample(
      people.filter((p) => p.isInternal && p.agencyId && p !== sam && !p.email.includes('legacy')),
      24,
    ),
  ];
  for (const person of withExtra) {
    const agency = data.agencies[(person.agencyId ?? 1) - 1]?.description ?? 'agency';
    const email = `${person.email.split('@')[0] ?? 'user'}@${slug(agency)}.example`;
    const isDeleted = person !== sam && rng.chance(0.2);
    const when = iso(nowMs - rng.int(20, 400) * DAY);
    extra.push({
      userId: person.userId,
      email,
      isDeleted: isDeleted ? 1 : 0,
      createdDate: when,
      createdBy: person.userId,
    });
    extraLogs.push({
      userId: person.userId,
      operation: 'Added',
      oldEmail: null,
      newEmail: email,
      changedBy: person.userId,
      changedDate: when,
    });
    if (isDeleted) {
      extraLogs.push({
        userId: person.userId,
        operation: 'Deactivated',
        oldEmail: email,
        newEmail: null,
        changedBy: sue?.userId ?? null,
        changedDate: iso(Date.parse(when) + 10 * DAY),
      });
    } else {
      person.extraEmails.push(email);
    }
  }
  await insertRows(db, 'userAdditionalEmails', extra);
  await insertRows(db, 'userAdditionalEmailLogs', extraLogs);

  // Profile change logs: a title change on a few profiles.
  const profileLogs: Insertable<Database['userProfileLogs']>[] = [];
  for (const person of rng.sample(
    people.filter((p) => p.isInternal),
    12,
  )) {
    const row = profiles[person.userId - 1];
    const before = {
      name: person.name,
      lastName: person.lastName,
      email: person.email,
      title: rng.pick(data.jobTitles),
      department: row?.department ?? null,
    };
    const after = { ...before, title: row?.title ?? null };
    profileLogs.push({
      userId: person.userId,
      changedBy: sue?.userId ?? null,
      changedDate: iso(nowMs - rng.int(10, 300) * DAY),
      before: JSON.stringify(before),
      after: JSON.stringify(after),
    });
  }
  await insertRows(db, 'userProfileLogs', profileLogs);

  const byEmail = new Map(people.map((p) => [p.email, p]));
  const must = (email: string) => {
    const p = byEmail.get(email);
    if (!p) {
      throw new Error(`demo profile ${email} missing`);
    }
    return p;
  };
  const admins = people.filter((p) => p.roleId === Role.ADMIN && p.isActive);
  const superAdmins = people.filter((p) => p.roleId === Role.SUPERADMIN && p.isActive);

  // Admin scopes: Ada on North America / United States; generated admins elsewhere.
  const adminRows: Insertable<Database['adminRegions']>[] = [];
  const scopes: [number, number][] = [
    [2, 3],
    [3, 6],
    [1, 2],
  ];
  for (const admin of admins) {
    if (admin.email === demoEmails.ada) {
      adminRows.push({
        userId: admin.userId,
        regionId: 1,
        marketId: 1,
        isDeleted: 0,
        createdDate: created,
        createdBy: must(demoEmails.sue).userId,
        updatedDate: created,
        updatedBy: null,
      });
      continue;
    }
    const [regionId, marketId] = scopes.shift() ?? [1, 1];
    adminRows.push({
      userId: admin.userId,
      regionId,
      marketId,
      isDeleted: 0,
      createdDate: created,
      createdBy: must(demoEmails.sue).userId,
      updatedDate: created,
      updatedBy: null,
    });
  }
  const formerAdmin = people.find((p) => p.roleId === Role.STANDARD && p.isInternal && p.isActive);
  if (formerAdmin) {
    adminRows.push({
      userId: formerAdmin.userId,
      regionId: 2,
      marketId: 4,
      isDeleted: 1,
      createdDate: created,
      createdBy: must(demoEmails.sue).userId,
      updatedDate: iso(nowMs - 90 * DAY),
      updatedBy: must(demoEmails.sue).userId,
    });
  }
  await insertRows(db, 'adminRegions', adminRows);
  await insertRows(
    db,
    'superAdmins',
    superAdmins.map((p) => ({
      userId: p.userId,
      isDeleted: 0,
      createdDate: created,
      createdBy: null,
      updatedDate: created,
      updatedBy: null,
    })),
  );

  const standardish = (p: Person) => p.isInternal && p.isActive && !p.email.includes('legacy');
  return {
    all: people,
    byEmail,
    internal: people.filter(standardish),
    guests: people.filter((p) => !p.isInternal),
    leavers: people.filter((p) => !p.isActive),
    approvers: people.filter((p) => p.roleId === Role.APPROVER && p.isActive),
    provisioners: people.filter((p) => p.roleId === Role.PROVISIONER && p.isActive),
    masterApprovers: people.filter((p) => p.roleId === Role.MASTERAPPROVER && p.isActive),
    admins,
    superAdmins,
  };
}
