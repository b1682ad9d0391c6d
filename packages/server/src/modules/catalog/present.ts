import type {
  Agency,
  AgencyPractice,
  Client,
  ClientAccount,
  Market,
  Platform,
  PlatformUserType,
  Region,
} from '@uap/domain';

const bool = (flag: number) => flag === 1;

export const presentRegion = (r: { regionId: number; description: string; isDeleted: number }): Region => ({
  ...r,
  isDeleted: bool(r.isDeleted),
});

export const presentMarket = (m: {
  marketId: number;
  regionId: number;
  description: string;
  code: string;
  isDeleted: number;
}): Market => ({ ...m, isDeleted: bool(m.isDeleted) });

export const presentAgency = (a: {
  agencyId: number;
  marketId: number;
  description: string;
  isDeleted: number;
}): Agency => ({
  ...a,
  isDeleted: bool(a.isDeleted),
});

export const presentAgencyPractice = (p: {
  agencyPracticeId: number;
  practiceId: number;
  description: string;
  isDeleted: number;
}): AgencyPractice => ({
  agencyPracticeId: p.agencyPracticeId,
  practice: { practiceId: p.practiceId, description: p.description },
  isDeleted: bool(p.isDeleted),
});

interface AssetRow {
  assetId: number;
  platformId: number;
  description: string;
  assetName: string | null;
  isSystemRecord: number;
  isDeleted: number;
}

export function presentPlatform(
  p: {
    platformId: number;
    description: string;
    businessAccess: number;
    bussinesAccessName: string | null;
    bussinesAccessId: string | null;
    businessAccessInternalOnly: number;
    isDeleted: number;
    platformAgencyId?: number | null;
  },
  assets: AssetRow[],
): Platform {
  return {
    platformId: p.platformId,
    description: p.description,
    businessAccess: bool(p.businessAccess),
    bussinesAccessName: p.bussinesAccessName,
    bussinesAccessId: p.bussinesAccessId,
    isBusinessAccessInternalOnly: bool(p.businessAccessInternalOnly),
    platformAgencyId: p.platformAgencyId ?? null,
    assets: assets
      .filter((a) => a.platformId === p.platformId)
      .map((a) => ({
        assetId: a.assetId,
        description: a.description,
        assetName: a.assetName,
        isSystemRecord: bool(a.isSystemRecord),
        isDeleted: bool(a.isDeleted),
      })),
    isDeleted: bool(p.isDeleted),
  };
}

export function presentClient(
  c: { clientId: number; platformId: number; agencyId: number; description: string; isDeleted: number },
  codes: {
    clientCodeId: number;
    clientId: number;
    code: string;
    isSystemRecord: number;
    isDeleted: number;
  }[],
): Client {
  return {
    ...c,
    clientCode: codes
      .filter((code) => code.clientId === c.clientId)
      .map((code) => ({
        clientCodeId: code.clientCodeId,
        code: code.code,
        isSystemRecord: bool(code.isSystemRecord),
        isDeleted: bool(code.isDeleted),
      })),
    isDeleted: bool(c.isDeleted),
  };
}

export const presentClientAccount = (a: {
  clientAccountId: number;
  description: string;
  assetReference: string | null;
  assetId: number;
  assetName: string;
  isDeleted: number;
}): ClientAccount => ({ ...a, isDeleted: bool(a.isDeleted) });

export const presentPlatformUserType = (t: {
  platformUserTypeId: number;
  description: string;
  basicName: string;
  assetId: number | null;
  platformId: number;
  isDeleted: number;
}): PlatformUserType => ({ ...t, isDeleted: bool(t.isDeleted) });
