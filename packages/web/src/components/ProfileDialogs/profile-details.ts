/** What a profile form shows of a person: a directory hit, a profile row, the signed-in user. */
export interface PersonDetails {
  name: string;
  lastName: string;
  title: string | null;
  organization: string | null;
  department: string | null;
  locationCountry: string | null;
  officeNumber: string | null;
}

/** The profile form's text fields of a person (the payload's names; a missing value is ''). */
export function profileDetailsOf(person: PersonDetails) {
  return {
    Name: person.name,
    LastName: person.lastName,
    Title: person.title ?? '',
    Organization: person.organization ?? '',
    Department: person.department ?? '',
    LocationCountry: person.locationCountry ?? '',
    OfficeNumber: person.officeNumber ?? '',
  };
}
