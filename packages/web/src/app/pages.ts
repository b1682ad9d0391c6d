import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, type Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTable } from '@uap/domain';
import { PlaceholderPage } from '../components/PlaceholderPage.tsx';
import { queryClient } from './query-client.ts';
import { warmUpDateFormats } from '../session/time-zone.ts';

interface PageModule {
  default: ComponentType;
  /** Starts fetching what the screen shows first, for the address it opens on. */
  prefetch?: (client: QueryClient, params: Params, searchParams: URLSearchParams) => Promise<void>;
}

type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/**
 * A screen loaded on first render, or earlier through `preload` (the same download). Once its
 * code has arrived, the first render draws it at once: React suspends on a lazy component whose
 * promise it has not seen settle, and showing the fallback first delays the screen (React holds
 * a fallback on screen for at least 300 ms) and draws the page twice.
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | null = null;
  let loaded: PageModule | null = null;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  // A thenable that calls back at once: React's lazy then resolves without suspending.
  const settled = (module: PageModule) =>
    ({ then: (resolve: (m: PageModule) => void) => resolve(module) }) as unknown as Promise<PageModule>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : loadOnce())),
    { preload: loadOnce },
  );
}

const changeUserRecords = lazyPage(() =>
  import('../pages/ChangeUserRecords/ChangeUserRecordsPage.tsx').then((m) => ({
    default: m.ChangeUserRecordsPage,
  })),
);

const requestTracker = lazyPage(() => {
  // The browser's locale data loads in a worker while the screen's code downloads.
  void warmUpDateFormats();
  return import('../pages/AllRequest/RequestTrackerPage.tsx').then((m) => ({
    default: m.RequestTrackerPage,
    prefetch: m.prefetchRequestTracker,
  }));
});

/**
 * The body of each built screen, loaded on first visit so the first load stays small.
 * A route without an entry shows the shared placeholder until its issue builds it.
 */
const builtPages: Partial<Record<string, LazyPage>> = {
  '/': lazyPage(() => import('../pages/Home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  '/LearningResourceCenter': lazyPage(() =>
    import('../pages/LearningResourceCenter/LearningResourceCenterPage.tsx').then((m) => ({
      default: m.LearningResourceCenterPage,
    })),
  ),
  '/AgencyClients': lazyPage(() =>
    import('../pages/AgencyClients/AgencyClientsPage.tsx').then((m) => ({ default: m.AgencyClientsPage })),
  ),
  '/Contact': lazyPage(() =>
    import('../pages/Contact/ContactPage.tsx').then((m) => ({ default: m.ContactPage })),
  ),
  '/NewsLetter': lazyPage(() =>
    import('../pages/NewsLetter/NewsLetterPage.tsx').then((m) => ({ default: m.NewsLetterPage })),
  ),
  '/MyRequests': lazyPage(() =>
    import('../pages/MyRequests/MyRequestsPage.tsx').then((m) => ({ default: m.MyRequestsPage })),
  ),
  '/ChangeUserRecords': changeUserRecords,
  '/ChangeUserRecords/:filtercolumn/:filtervalue': changeUserRecords,
  '/NewRequest': lazyPage(() =>
    import('../pages/NewRequest/NewRequestPage.tsx').then((m) => ({ default: m.NewRequestPage })),
  ),
  '/Token': lazyPage(() => import('../pages/Token/TokenPage.tsx').then((m) => ({ default: m.TokenPage }))),
  '/Approvals': lazyPage(() =>
    import('../pages/Approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ApprovalsPage })),
  ),
  '/ArchiveApprovals': lazyPage(() =>
    import('../pages/Approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ArchiveApprovalsPage })),
  ),
  '/Provisioners': lazyPage(() =>
    import('../pages/Provisioners/ProvisionersPage.tsx').then((m) => ({ default: m.ProvisionersPage })),
  ),
  '/ArchiveProvisioners': lazyPage(() =>
    import('../pages/Provisioners/ProvisionersPage.tsx').then((m) => ({
      default: m.ArchiveProvisionersPage,
    })),
  ),
  '/Approvers': lazyPage(() =>
    import('../pages/Approvers/ApproversPage.tsx').then((m) => ({ default: m.ApproversPage })),
  ),
  '/AllRequest': requestTracker,
  '/AllRequest/:filtercolumn/:filtervalue': requestTracker,
  '/Logs/:logId': lazyPage(() =>
    import('../pages/Logs/ActivityLogPage.tsx').then((m) => ({ default: m.ActivityLogPage })),
  ),
  '/MyApprovalPaths': lazyPage(() =>
    import('../pages/RoleDetails/MyApprovalPathsPage.tsx').then((m) => ({ default: m.MyApprovalPathsPage })),
  ),
  '/MasterApprovers': lazyPage(() =>
    import('../pages/MasterApprovers/MasterApproversPage.tsx').then((m) => ({
      default: m.MasterApproversPage,
    })),
  ),
  '/LeaversUserRecords': lazyPage(() =>
    import('../pages/LeaversUserRecords/LeaversUserRecordsPage.tsx').then((m) => ({
      default: m.LeaversUserRecordsPage,
    })),
  ),
  '/MasterData': lazyPage(() =>
    import('../pages/MasterData/MasterDataPage.tsx').then((m) => ({ default: m.MasterDataPage })),
  ),
  '/MasterDataRequest': lazyPage(() =>
    import('../pages/MasterDataRequest/MasterDataRequestPage.tsx').then((m) => ({
      default: m.MasterDataRequestPage,
    })),
  ),
  '/LandingReports': lazyPage(() =>
    import('../pages/LandingReports/LandingReportsPage.tsx').then((m) => ({ default: m.LandingReportsPage })),
  ),
  '/Upload': lazyPage(() =>
    import('../pages/Upload/UploadPage.tsx').then((m) => ({ default: m.UploadPage })),
  ),
  '/Jobs': lazyPage(() => import('../pages/Jobs/JobsPage.tsx').then((m) => ({ default: m.JobsPage }))),
  '/MyMasterApprovalPath': lazyPage(() =>
    import('../pages/RoleDetails/MyMasterApprovalPathPage.tsx').then((m) => ({
      default: m.MyMasterApprovalPathPage,
    })),
  ),
  '/Administrators': lazyPage(() =>
    import('../pages/Administrators/AdministratorsPage.tsx').then((m) => ({ default: m.AdministratorsPage })),
  ),
  '/SuperAdministrators': lazyPage(() =>
    import('../pages/Administrators/AdministratorsPage.tsx').then((m) => ({
      default: m.SuperAdministratorsPage,
    })),
  ),
  '/AllUserProfiles': lazyPage(() =>
    import('../pages/AllUserProfiles/AllUserProfilesPage.tsx').then((m) => ({
      default: m.AllUserProfilesPage,
    })),
  ),
  '/UserLogs/:userId': lazyPage(() =>
    import('../pages/UserLogs/UserLogsPage.tsx').then((m) => ({ default: m.UserLogsPage })),
  ),
  '/LogUserAditionalEmail/:userid': lazyPage(() =>
    import('../pages/UserLogs/UserLogsPage.tsx').then((m) => ({ default: m.SecondaryEmailLogPage })),
  ),
  '/ParentGUIDLogs/:parentGuid': lazyPage(() =>
    import('../pages/UserLogs/ParentGuidLogsPage.tsx').then((m) => ({ default: m.ParentGuidLogsPage })),
  ),
  '/Reports': lazyPage(() =>
    import('../pages/Reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
  ),
  '/Scorecards': lazyPage(() =>
    import('../pages/Scorecards/ScorecardsPage.tsx').then((m) => ({ default: m.ScorecardsPage })),
  ),
  '/UserDetailsList/:userId': lazyPage(() =>
    import('../pages/UserDetailsList/UserDetailsListPage.tsx').then((m) => ({
      default: m.UserDetailsListPage,
    })),
  ),
  '/NotificationSettings': lazyPage(() =>
    import('../pages/NotificationSettings/NotificationSettingsPage.tsx').then((m) => ({
      default: m.NotificationSettingsPage,
    })),
  ),
  '/SentMail': lazyPage(() =>
    import('../pages/SentMail/SentMailPage.tsx').then((m) => ({ default: m.SentMailPage })),
  ),
  '/AccessReviews': lazyPage(() =>
    import('../pages/AccessReviews/AccessReviewsPage.tsx').then((m) => ({ default: m.AccessReviewsPage })),
  ),
  '/AccessReviews/:reviewId': lazyPage(() =>
    import('../pages/AccessReviews/CampaignProgressPage.tsx').then((m) => ({
      default: m.CampaignProgressPage,
    })),
  ),
  '/AccessBundles': lazyPage(() =>
    import('../pages/AccessBundles/AccessBundlesPage.tsx').then((m) => ({ default: m.AccessBundlesPage })),
  ),
  '/MyAccessReviews': lazyPage(() =>
    import('../pages/MyAccessReviews/MyAccessReviewsPage.tsx').then((m) => ({
      default: m.MyAccessReviewsPage,
    })),
  ),
};

export function pageFor(path: string): ComponentType {
  return builtPages[path] ?? PlaceholderPage;
}

/**
 * Starts downloading the screen of the address the page opened on, alongside the
 * configuration, sign-in and user checks that come before it is shown.
 */
export function preloadPageOf(pathname: string): void {
  const entry = routeTable.find((e) => matchPath(e.path, pathname));
  if (entry) {
    void builtPages[entry.path]?.preload();
  }
}

let hasPrefetched = false;

/**
 * Once per page load, when the session is known (the API can be called): starts fetching the
 * data of the screen the page opened on, alongside the user check (POST ValidateNewUser)
 * instead of after it and after the screen is first drawn. A screen the user may not open only
 * gets a refused call, which nothing shows.
 */
export function prefetchPageDataOf(location: Pick<Location, 'pathname' | 'search'>): void {
  if (hasPrefetched) {
    return;
  }
  hasPrefetched = true;
  for (const entry of routeTable) {
    const match = matchPath(entry.path, location.pathname);
    if (match) {
      void builtPages[entry.path]
        ?.preload()
        .then((page) => page.prefetch?.(queryClient, match.params, new URLSearchParams(location.search)));
      return;
    }
  }
}
