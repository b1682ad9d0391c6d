import {
  accessReviewInput,
  accessReviewScopeLists,
  messages,
  whenUndecidedNames,
  type AccessReviewDetail,
  type WhenUndecided,
} from '@uap/domain';
import type { ParseResult } from '../../components/FieldErrors.tsx';
import type { Person } from '../../components/UserSearchDialog/PersonField.tsx';
import { emptyScopeLists, type ScopeLists } from './ScopeFields.tsx';

type ParseIssue = NonNullable<ParseResult['error']>['issues'][number];

export type Field = 'name' | 'scope' | 'reviewer' | 'dueDate' | 'activeForDays';
export type ReviewerKind = 'approver' | 'manager' | 'user';

/** What the form holds of a campaign (a draft being edited gives its own). */
export interface CampaignForm {
  name: string;
  scope: ScopeLists;
  internal: 'both' | 'internal' | 'external';
  activeForDays: string;
  reviewer: ReviewerKind;
  person: Person | null;
  dueDate: string;
  whenUndecided: WhenUndecided;
  recurrence: 'once' | '3' | '6' | '12';
}

/** The values and words of the form's choices, in the order the menus show them. */
export const usersChoices: readonly [CampaignForm['internal'], string][] = [
  ['both', 'Internal and external'],
  ['internal', 'Internal only'],
  ['external', 'External only'],
];
export const recurrenceChoices: readonly [CampaignForm['recurrence'], string][] = [
  ['once', 'Once'],
  ['3', 'Every 3 months'],
  ['6', 'Every 6 months'],
  ['12', 'Every 12 months'],
];
export const whenUndecidedChoices = Object.entries(whenUndecidedNames) as [WhenUndecided, string][];

export const newCampaign = (): CampaignForm => ({
  name: '',
  scope: emptyScopeLists,
  internal: 'both',
  activeForDays: '',
  reviewer: 'approver',
  person: null,
  dueDate: '',
  whenUndecided: 'keep',
  recurrence: 'once',
});

/** What the form holds of a draft, from its detail (GET api/AccessReviews/{id}). */
export function formOf(detail: AccessReviewDetail): CampaignForm {
  const scope = { ...emptyScopeLists };
  for (const list of accessReviewScopeLists) {
    scope[list] = [...(detail.scope[list] ?? [])];
  }
  const internal = detail.scope.internal;
  return {
    name: detail.name,
    scope,
    internal: internal === true ? 'internal' : internal === false ? 'external' : 'both',
    activeForDays: detail.scope.activeForDays ? String(detail.scope.activeForDays) : '',
    reviewer: typeof detail.reviewer === 'string' ? detail.reviewer : 'user',
    person:
      typeof detail.reviewer === 'string'
        ? null
        : { userId: detail.reviewer.userId, label: detail.reviewerText },
    dueDate: detail.dueDate.slice(0, 10),
    whenUndecided: detail.whenUndecided,
    recurrence: detail.recurrenceMonths
      ? (String(detail.recurrenceMonths) as CampaignForm['recurrence'])
      : 'once',
  };
}

/** The call's body of what the form holds; the schema checks it (and the server again). */
function inputOf(form: CampaignForm): unknown {
  const named = Object.fromEntries(
    accessReviewScopeLists
      .filter((list) => form.scope[list].length > 0)
      .map((list) => [list, form.scope[list]]),
  );
  return {
    name: form.name.trim(),
    scope: {
      ...named,
      ...(form.internal === 'both' ? {} : { internal: form.internal === 'internal' }),
      ...(form.activeForDays.trim() === '' ? {} : { activeForDays: Number(form.activeForDays) }),
    },
    reviewer: form.reviewer === 'user' ? { userId: form.person?.userId ?? 0 } : form.reviewer,
    dueDate: form.dueDate,
    whenUndecided: form.whenUndecided,
    ...(form.recurrence === 'once' ? {} : { recurrenceMonths: Number(form.recurrence) }),
  };
}

/**
 * The form checked as the call's body (the domain's schema, as the server checks it), with the
 * form's own rules first: a named reviewer chosen, the days a whole number. Issues by field path.
 */
export function checkCampaign(form: CampaignForm): {
  parsed: ReturnType<typeof accessReviewInput.safeParse>;
  result: ParseResult;
} {
  const parsed = accessReviewInput.safeParse(inputOf(form));
  // A named reviewer not chosen yet: said at the search field, before what the schema says.
  const noPerson = form.reviewer === 'user' && form.person === null;
  const days = form.activeForDays.trim();
  const badDays = days !== '' && !(Number.isInteger(Number(days)) && Number(days) >= 1);
  const issues: ParseIssue[] = [
    ...(noPerson ? [{ path: ['reviewer'], message: messages.accessReviewChooseReviewer }] : []),
    ...(badDays ? [{ path: ['activeForDays'], message: messages.accessReviewActiveDays }] : []),
    // The days are checked above, in words of their own, at their field.
    ...(parsed.error?.issues ?? []).filter((issue) => issue.path[1] !== 'activeForDays'),
  ];
  return { parsed, result: { success: issues.length === 0, error: { issues } } };
}
