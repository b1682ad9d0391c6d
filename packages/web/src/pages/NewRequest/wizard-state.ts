import type { z } from 'zod';
import { messages, userDetailsFields, type UserSearchItem } from '@uap/domain';
import { profileDetailsOf, type PersonDetails } from '../../components/ProfileDialogs/profile-details.ts';

/** The person the request is for, once step 0 has been completed. */
export interface RequestUser {
  /** Null until the profile exists (an external user is saved, a colleague's profile made, on Next). */
  userId: number | null;
  /** Primary email. */
  email: string;
  isInternal: boolean;
  manager: { displayName: string; mail: string } | null;
  /** Active additional emails: the other choices for the request's platform email. */
  additionalEmails: string[];
}

export interface Manager {
  displayName: string;
  mail: string;
}

/** The user-details form values (the six text fields and the phone). */
export type UserDetails = z.input<typeof userDetailsFields>;

export const emptyDetails: UserDetails = {
  Name: '',
  LastName: '',
  Title: '',
  Organization: '',
  Department: '',
  LocationCountry: '',
  OfficeNumber: '',
};

/** The domain's field rules plus the one the form adds: a phone is required for me/internal. */
export function userDetailsSchema(isPhoneRequired: boolean) {
  return userDetailsFields.superRefine((v, ctx) => {
    if (isPhoneRequired && !v.OfficeNumber) {
      ctx.addIssue({ code: 'custom', message: messages.completeRequiredFields, path: ['OfficeNumber'] });
    }
  });
}

/** Form values of a search hit or the signed-in user. */
export function detailsOf(person: PersonDetails): UserDetails {
  return profileDetailsOf(person);
}

export function requestUserOf(item: UserSearchItem): RequestUser {
  return {
    userId: item.userId,
    email: item.mail ?? '',
    isInternal: item.isInternal,
    manager: item.manager,
    additionalEmails: item.userAditionalEmail.filter((e) => !e.isDeleted).map((e) => e.email),
  };
}

/** The labelled fields of the details form, in order. */
export const detailFields: { name: keyof UserDetails; label: string }[] = [
  { name: 'Name', label: 'First Name' },
  { name: 'LastName', label: 'Last Name' },
  { name: 'Title', label: 'User Title' },
  { name: 'Organization', label: 'User Agency or Organization' },
  { name: 'Department', label: 'Department' },
  { name: 'LocationCountry', label: 'Location' },
  { name: 'OfficeNumber', label: 'Phone Number' },
];
