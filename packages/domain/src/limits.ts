/** Business constants and limits of the three spec documents (§9 of each). */
export const limits = {
  text: 50,
  comment: 500,
  productCode: 20,
  tooltip: 150,
  requestorCommentInTable: 70,
  secondaryEmailInTable: 80,
  provisionerComment: 2000,
  leaverComment: 2000,
  taskBadgeMax: 50,
  commentMinNonSpace: 4,
  commentMinLetters: 4,
  masterDataName: 100,
  marketCode: 20,
  clientCode: 20,
  clientCodesPerClient: 6,
  assetName: 100,
  clientAssetName: 1000,
  assetId: 100,
  masterDataRequestDetails: 500,
  primaryEmail: 100,
  uploadId: 100,
  narrowLayoutPx: 700,
  agencyModalMaxHeightPx: 400,
  reportHeightPx: 927,
  externalPopup: { width: 500, height: 400 },
  profileJobPollMs: 10_000,
  modalLoadingResetMs: 3000,
  filterDebounceMs: 300,
  /** Access reviews (issue 46): a campaign's name, and the items one decision may name. */
  accessReviewName: 100,
  accessReviewBulkItems: 1000,
} as const;

export const pageSizes = [5, 10, 20, 50, 100] as const;

/**
 * The page size that asks for every row: the activity log's 'All' (spec 2 §9) and the other
 * tables' 'total count' (spec 1 §9, spec 3 §9). Kept here, out of the schema modules, so the
 * shared table's code does not build zod schemas to read it.
 */
export const ALL_ROWS = -1;
/** The most rows ALL_ROWS answers: a larger result is refused (a page of them would not draw). */
export const ALL_ROWS_MAX = 1000;
export const defaultPageSize = 50;

export const APP_VERSION = 'v.2.80';
