import { accountAccessRow, messages, type AccountAccessRowInput, type Platform } from '@uap/domain';

type Asset = Platform['assets'][number];

/** One row of the Add Account(s) dialog, and once confirmed one pending line of the cart. */
export interface AccountRowDraft {
  key: number;
  assetId: number | null;
  assetDescription: string;
  /** An agency-level asset (no client accounts to pick). */
  isSystemAsset: boolean;
  platformUserTypeId: number | null;
  userTypeDescription: string;
  accountIds: number[];
  accountNames: string[];
  isUnlimited: boolean;
  beginningDate: string;
  expirationDate: string;
  /** The more-than-5 warning clears the selection once per row. */
  hasWarned: boolean;
}

let nextKey = 1;
export const newRow = (): AccountRowDraft => ({
  key: nextKey++,
  assetId: null,
  assetDescription: '',
  isSystemAsset: false,
  platformUserTypeId: null,
  userTypeDescription: '',
  accountIds: [],
  accountNames: [],
  isUnlimited: true,
  beginningDate: '',
  expirationDate: '',
  hasWarned: false,
});

/** The row as the Create payload's RequestAccountAccess entry. */
export function toPayloadRow(row: AccountRowDraft): AccountAccessRowInput {
  return {
    AssetId: row.assetId,
    AssetDescription: row.assetDescription,
    PlatformUserTypeId: row.platformUserTypeId ?? 0,
    PlatformTypeDescription: row.userTypeDescription,
    ClientAccountsIds: row.accountIds,
    ClientDescription: row.accountNames,
    isUnlimitedAccess: row.isUnlimited,
    BeginningDate: row.isUnlimited ? null : row.beginningDate || null,
    ExpirationDate: row.isUnlimited ? null : row.expirationDate || null,
  };
}

/** A field of an account row that the Confirm check can point at. */
export type AccountRowField = 'asset' | 'userType' | 'accounts' | 'start' | 'end';

/** The key of one row's field in the dialog's field errors. */
export const rowFieldKey = (row: AccountRowDraft, field: AccountRowField) => `${row.key}.${field}`;

/** Which field a schema issue is about, by the payload's key. */
const fieldOfPayloadKey: Record<string, AccountRowField> = {
  AssetId: 'asset',
  PlatformUserTypeId: 'userType',
  ClientAccountsIds: 'accounts',
  BeginningDate: 'start',
  ExpirationDate: 'end',
};

/**
 * The dialog's Confirm rules (spec 1 §5), then the shared schema's date rules: each offending
 * field's message by `rowFieldKey` (`messages.completeRequiredFields` on every empty required
 * field), and a message for the dialog when no field can show it (no rows at all).
 */
export function rowsProblems(rows: AccountRowDraft[]): {
  message: string | null;
  fields: Record<string, string>;
} {
  if (rows.length === 0) {
    return { message: messages.chooseAllOption, fields: {} };
  }
  const fields: Record<string, string> = {};
  let message: string | null = null;
  for (const row of rows) {
    const missing: AccountRowField[] = [
      ...(row.assetId === null ? (['asset'] as const) : []),
      ...(row.platformUserTypeId === null ? (['userType'] as const) : []),
      ...(!row.isSystemAsset && row.accountIds.length === 0 ? (['accounts'] as const) : []),
      ...(!row.isUnlimited && !row.beginningDate ? (['start'] as const) : []),
      ...(!row.isUnlimited && !row.expirationDate ? (['end'] as const) : []),
    ];
    for (const field of missing) {
      fields[rowFieldKey(row, field)] = messages.completeRequiredFields;
    }
    if (missing.length > 0) {
      continue;
    }
    const parsed = accountAccessRow.safeParse(toPayloadRow(row));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = fieldOfPayloadKey[String(issue.path[0])];
      if (field) {
        fields[rowFieldKey(row, field)] ??= issue.message;
      } else {
        message ??= issue.message;
      }
    }
  }
  return { message, fields };
}

/** What to ask for instead of many single assets (spec 1 §5), or null when no advice applies. */
export function bulkSuggestion(platform: Platform, asset: Asset): string | null {
  if (platform.assets.length < 2) {
    return null;
  }
  const hasAssetGroup = platform.assets.some((a) => /asset group/i.test(a.description));
  const hasClientCenter = platform.assets.some((a) => /client center/i.test(a.description));
  if (/ad account/i.test(asset.description) && platform.businessAccess && hasAssetGroup) {
    return 'a Business Asset Group';
  }
  if (/advertiser/i.test(asset.description)) {
    return 'an Asset Group';
  }
  if (/ad account/i.test(asset.description) && hasClientCenter) {
    return 'a Client Center (MCC) account';
  }
  return null;
}

/** The work-management licence advice by practice (spec 1 §5). */
export function licenceAdvice(platform: Platform | undefined, practice: string | undefined): string | null {
  if (!platform || !practice || !/workfront/i.test(platform.description)) {
    return null;
  }
  const isFull = ['search', 'social', 'adops', 'programmatic'].includes(practice.toLowerCase());
  return messages.workManagementLicence(isFull ? 'Regular/Full License' : 'Collaborator');
}
