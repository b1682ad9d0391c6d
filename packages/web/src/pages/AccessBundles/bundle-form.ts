import {
  accessBundleInput,
  type AccessBundleDetail,
  type AccessBundleInputBody,
  type AccessBundleItemInput,
} from '@uap/domain';
import { ApiError } from '../../api/client.ts';

/** One access of the bundle being edited: what is sent, and the names it is shown by. */
export interface BundleItemDraft {
  key: number;
  item: AccessBundleItemInput;
  /** Practice, platform, client, asset type, account and user type, as far as they are named. */
  names: string[];
  /** Why a part of it was deactivated since the bundle was saved, or null. */
  unavailable: string | null;
}

/** The create/edit form's values. */
export interface BundleForm {
  name: string;
  regionId: number | null;
  marketId: number | null;
  agencyId: number | null;
  items: BundleItemDraft[];
}

/** The fields a failed check points at. */
export type BundleField = 'name' | 'regionId' | 'marketId' | 'agencyId' | 'items';

/** The input's keys (the schema's and the server's issue paths) by field. */
export const fieldOfKey: Partial<Record<string, BundleField>> = {
  Name: 'name',
  RegionId: 'regionId',
  MarketId: 'marketId',
  AgencyId: 'agencyId',
  Items: 'items',
};

export const emptyBundle: BundleForm = {
  name: '',
  regionId: null,
  marketId: null,
  agencyId: null,
  items: [],
};

let nextKey = 1;
export const newItemKey = () => nextKey++;

/** A bundle's detail as the form's values (the edit). */
export function formOf(detail: AccessBundleDetail): BundleForm {
  return {
    name: detail.name,
    regionId: detail.regionId,
    marketId: detail.marketId,
    agencyId: detail.agencyId,
    items: detail.items.map((i) => ({
      key: newItemKey(),
      item: {
        PracticeId: i.practiceId,
        PlatformId: i.platformId,
        ClientId: i.clientId,
        AssetId: i.assetId,
        ClientAccountId: i.clientAccountId,
        PlatformUserTypeId: i.platformUserTypeId,
        IsPlatformRequest: i.isPlatformRequest,
      },
      names: [
        i.practiceName,
        i.platformName,
        i.clientName,
        i.assetName,
        i.clientAccountName,
        i.platformUserTypeName,
      ].filter((n): n is string => n !== null && n !== ''),
      unavailable: i.unavailable,
    })),
  };
}

/** The form checked by the shared schema (the server's own), as the body of POST or PUT. */
export function checkBundle(form: BundleForm) {
  const body: Record<keyof AccessBundleInputBody, unknown> = {
    Name: form.name,
    RegionId: form.regionId,
    MarketId: form.marketId,
    AgencyId: form.agencyId,
    Items: form.items.map((d) => d.item),
  };
  return accessBundleInput.safeParse(body);
}

/**
 * A refused save as a parse result, so its issues go to their fields like the client's check:
 * a 400's issues by their paths ('/Name'), a taken name at the name; anything else has no field.
 */
export function refusalIssues(failure: unknown): { message: string; path: string[] }[] | null {
  if (!(failure instanceof ApiError)) {
    return null;
  }
  if (failure.status === 409) {
    return [{ message: failure.message, path: ['Name'] }];
  }
  if (failure.status !== 400) {
    return null;
  }
  const data = failure.data as { issues?: unknown } | null;
  const issues = Array.isArray(data?.issues) ? (data.issues as { path?: unknown; message?: unknown }[]) : [];
  const placed = issues
    .filter((i) => typeof i.message === 'string' && typeof i.path === 'string')
    .map((i) => ({
      message: i.message as string,
      path: (i.path as string).split('/').filter((part) => part !== ''),
    }));
  return placed.length > 0 ? placed : [{ message: failure.message, path: [] }];
}
